import { z } from 'zod';
import { answerEmail, answerId, answerTime, idSchema } from './common';
import { optionalShownText, shownText } from './shown-text';
import { REPORT_REASON_MAX } from './constants';

/* ---------- Reviews ---------- */

export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

export const reviewInputSchema = z.object({
  rating: z
    .number({ message: 'must be a whole number from 1 to 5' })
    .int({ message: 'must be a whole number from 1 to 5' })
    .min(1, { message: 'must be a whole number from 1 to 5' })
    .max(5, { message: 'must be a whole number from 1 to 5' }),
  text: optionalShownText(REVIEW_TEXT_MAX, { multiline: true }).optional().default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewReplyInputSchema = z.object({ text: shownText(REVIEW_REPLY_MAX, { multiline: true }) });
export type ReviewReplyInput = z.input<typeof reviewReplyInputSchema>;

export const reviewSchema = z
  .object({
    _id: answerId,
    orderId: answerId,
    productId: answerId,
    productName: z.string(),
    sellerId: answerId,
    buyerName: z
      .string()
      .describe("the reviewer's first name and last initial, e.g. 'Bea B.' (empty once their account is closed)"),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    reply: z.string().nullable().describe("the seller's one reply"),
    repliedAt: answerTime.nullable(),
    createdAt: answerTime,
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** GET /orders/:id/review: the buyer's review of that order, and whether they may still write it. */
export const orderReviewSchema = z
  .object({
    canReview: z.boolean().describe('true once the hand-off is completed and no review was written yet'),
    review: reviewSchema.nullable(),
  })
  .meta({ id: 'OrderReview' });
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** A seller's public page. */
export const sellerProfileSchema = z
  .object({
    _id: answerId,
    name: z.string(),
    verified: z.boolean(),
    memberSince: z.string().describe('ISO 8601'),
    completedSales: z.number().int(),
    rating: z.number().nullable().describe('average of the visible reviews, one decimal; null without reviews'),
    reviews: z.number().int().describe('how many visible reviews'),
  })
  .meta({ id: 'SellerProfile' });
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** The average shown for a seller: one decimal, null without reviews. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/* ---------- Reports and moderation ---------- */

export const REPORT_KINDS = ['listing', 'user', 'review', 'conversation'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const reportInputSchema = z.object({
  kind: z.enum(REPORT_KINDS, { message: `must be one of ${REPORT_KINDS.join(', ')}` }),
  targetId: idSchema,
  reason: shownText(REPORT_REASON_MAX, { multiline: true }),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const MODERATION_ACTIONS = ['dismiss', 'hide_listing', 'remove_review', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions fit a reported thing: hiding needs a listing, removing a review; warn and suspend reach its person. */
export const ACTIONS_BY_KIND: Record<ReportKind, readonly ModerationAction[]> = {
  listing: ['dismiss', 'hide_listing', 'warn', 'suspend'],
  user: ['dismiss', 'warn', 'suspend'],
  review: ['dismiss', 'remove_review', 'warn', 'suspend'],
  conversation: ['dismiss', 'warn', 'suspend'],
};

export const moderationActionInputSchema = z.object({
  kind: z.enum(REPORT_KINDS, { message: `must be one of ${REPORT_KINDS.join(', ')}` }),
  targetId: idSchema,
  action: z.enum(MODERATION_ACTIONS, { message: `must be one of ${MODERATION_ACTIONS.join(', ')}` }),
  reason: shownText(REPORT_REASON_MAX, { multiline: true }),
});
export type ModerationActionInput = z.input<typeof moderationActionInputSchema>;

export const removeReviewInputSchema = z.object({ reason: shownText(REPORT_REASON_MAX, { multiline: true }) });

/** One reported thing in the queue with its open reports. */
export const moderationItemSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    targetId: answerId,
    title: z.string().describe('what it is: the listing, the person, the review text, the listing of a conversation'),
    detail: z.string(),
    link: z.string().describe('a path of the web app that shows it'),
    /** The person warn and suspend reach (the seller, the user, the review's author, the reported side of a conversation). */
    userId: answerId.nullable(),
    userName: z.string(),
    userSuspended: z.boolean(),
    hidden: z.boolean().describe('a listing hidden (by a moderator or by its open reports), or a removed review'),
    reports: z.array(
      z.object({
        _id: answerId,
        reporterName: z.string(),
        reason: z.string(),
        createdAt: answerTime,
        /** The reporter has a history (a completed order, or an account older than 7 days) or is a moderator: their report counts toward hiding a listing. */
        reporterEstablished: z.boolean(),
        /** Different things this reporter reported in the last 24 hours. */
        reporterReportsToday: z.number().int(),
        /** Many different things reported in a short time: a sign of mass reporting for the moderator to weigh. */
        massReporting: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.infer<typeof moderationItemSchema>;

/** An order's declined hand-off or dispute (modules/handoff), open for an admin. */
export const moderationCaseSchema = z
  .object({
    _id: answerId,
    orderId: answerId,
    kind: z.enum(['declined', 'disputed']),
    text: z.string(),
    productId: answerId,
    productName: z.string(),
    buyerName: z.string(),
    sellerName: z.string(),
    createdAt: answerTime,
  })
  .meta({ id: 'ModerationCase' });
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const moderationQueueSchema = z
  .object({ items: z.array(moderationItemSchema), cases: z.array(moderationCaseSchema) })
  .meta({ id: 'ModerationQueue' });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const moderationResultSchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  resolvedReports: z.number().int().describe('how many open reports this closed (their reporters are told)'),
});

export const suspendedUserSchema = z
  .object({ _id: answerId, name: z.string(), email: answerEmail, suspendedAt: answerTime })
  .meta({ id: 'SuspendedUser' });
export type SuspendedUser = z.infer<typeof suspendedUserSchema>;
