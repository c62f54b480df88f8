import { z } from 'zod';
import { categoryNameSchema, conditionSchema } from './catalog';
import { MESSAGE_MAX_CHARS } from './constants';
import { answerId, answerTime, idSchema, pageQuery } from './common';
import { shownText } from './shown-text';

const lastMessageSchema = z.object({ text: z.string(), createdAt: answerTime, mine: z.boolean() });

/** One conversation in the list: newest message first, with the listing's photo and the other person. */
export const conversationSummarySchema = z
  .object({
    _id: answerId,
    listingId: answerId,
    listingName: z.string(),
    listingImg: z.string(),
    /** The caller's side of it. */
    role: z.enum(['buyer', 'seller']),
    otherId: answerId,
    otherName: z.string(),
    lastMessage: lastMessageSchema.nullable(),
    unread: z.number().int(),
    /** Either person blocked the other: no more messages either way. */
    blocked: z.boolean(),
    updatedAt: answerTime,
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** One conversation as its page shows it: the summary, the listing, and how the other side has read. */
export const conversationSchema = conversationSummarySchema
  .extend({
    listingPrice: z.number().describe('dollars'),
    listingStatus: z.string(),
    /**
     * The other person's phone: to the seller, the phone of the buyer's booking of the listing; to the
     * buyer, the seller's listed phone once that booking is paid. Empty otherwise.
     */
    otherPhone: z.string(),
    /** The other person is a seller the shop's team verified (the tick beside their name). */
    otherVerified: z.boolean(),
    /** The id of the last of my messages the other person has read ('' when none). */
    otherReadUpTo: z.string(),
    /** I blocked the other person (I can unblock); `blocked` is also true when they blocked me. */
    blockedByMe: z.boolean(),
    /** An admin reading a reported conversation (seen from the buyer's side): no writing, blocking or reporting. */
    readOnly: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z
  .object({
    _id: z.string().describe('grows with time: sorts messages and pages them'),
    conversationId: answerId,
    senderId: answerId,
    mine: z.boolean(),
    text: z.string().describe('plain text: links are shown as text, never as links'),
    createdAt: answerTime,
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

/** A buyer opens theirs about a listing; its seller may open one with a buyer who booked it (`buyerId`). */
export const openConversationInputSchema = z.object({ listingId: idSchema, buyerId: idSchema.optional() });
export const sendMessageInputSchema = z.object({ text: shownText(MESSAGE_MAX_CHARS, { multiline: true }) });
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;
export const reportConversationInputSchema = z.object({ reason: shownText(500, { multiline: true }) });
export const blockInputSchema = z.object({ userId: idSchema });
export const userIdParams = z.object({ userId: idSchema });
export const listingIdParams = z.object({ listingId: idSchema });
export const messagesQuerySchema = pageQuery;

export const blockedUserSchema = z
  .object({ userId: answerId, name: z.string(), createdAt: answerTime })
  .meta({ id: 'BlockedUser' });

/* ---------- Notifications ---------- */

export const NOTIFICATION_KINDS = [
  'order-placed',
  'order-booked',
  /** The seller sold the item elsewhere: the buyer's unpaid booking was cancelled. */
  'booking-cancelled',
  /** The hand-off: completed, hold released, declined at the meeting, disputed. */
  'handoff',
  'message',
  'payment-received',
  'payment',
  'refund',
  'seller-verified',
  'price-drop',
  /** A listing the user saved (a favourite) was sold. */
  'favorite-sold',
  /** An offer made, countered, accepted, declined or expired. */
  'offer',
  'saved-search',
  'review',
  'moderation',
  /** A meeting proposed, confirmed, due in 2 hours, or passed without a hand-off. */
  'meeting',
] as const;

export const notificationSchema = z
  .object({
    _id: answerId,
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** A path of the web app it opens. */
    link: z.string(),
    read: z.boolean(),
    createdAt: answerTime,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
export const markNotificationsReadInputSchema = z.object({ ids: z.array(idSchema).max(100).optional() });

/* ---------- Saved searches and price alerts ---------- */

/** The catalog filters a saved search keeps (the catalog's query without paging). */
export const savedSearchQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'must be at most 100 characters' }).optional(),
  category: categoryNameSchema.optional(),
  condition: conditionSchema.optional(),
  minPrice: z.number().min(0).max(1e6).optional(),
  maxPrice: z.number().min(0).max(1e6).optional(),
  location: z.string().trim().max(120).optional(),
  verified: z.boolean().optional(),
});
export type SavedSearchQuery = z.infer<typeof savedSearchQuerySchema>;

export const savedSearchSchema = z
  .object({ _id: answerId, label: z.string(), query: savedSearchQuerySchema, createdAt: answerTime })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchInputSchema = z.object({ query: savedSearchQuerySchema });
