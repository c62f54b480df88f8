import { z } from 'zod';
import { answerId, answerTime, idSchema } from './common';
import { shownText } from './shown-text';
import { ORDER_STATUSES } from './orders';
import { MAX_PHOTOS, productPhotoSchema } from './uploads';

/** Digits in the buyer's hand-off code. */
export const HANDOFF_CODE_LENGTH = 6;
/** Wrong codes in a row that lock the hand-off, and for how long. */
export const HANDOFF_MAX_ATTEMPTS = 5;
export const HANDOFF_LOCK_MINUTES = 60;
/** After the hand-off, the buyer may still open a dispute this long. */
export const DISPUTE_WINDOW_HOURS = 48;

/** What the QR code on the buyer's order carries: the order and its code, read by the seller's camera. */
export const handoffQrText = (orderId: string, code: string) => `shop-handoff:${orderId}:${code}`;
/** The code in a scanned QR text (or a typed code as it is); null when it is neither. */
export function codeFromScan(textRead: string): string | null {
  const t = textRead.trim();
  const m = /^shop-handoff:[0-9a-f-]{36}:(\d{6})$/i.exec(t) ?? /^(\d{6})$/.exec(t.replace(/\s+/g, ''));
  return m?.[1] ?? null;
}

export const handoffCodeSchema = z.object({
  code: z
    .string({ message: 'is required' })
    .trim()
    .regex(/^\d{6}$/, { message: 'must be the 6 digits the buyer shows' }),
});
export type HandoffCodeInput = z.infer<typeof handoffCodeSchema>;

/** "Not as described" at the meeting, or a dispute after it: what the buyer says, with photos if any. */
export const orderCaseInputSchema = z.object({
  text: shownText(2000, { multiline: true }),
  photos: z
    .array(idSchema)
    .max(MAX_PHOTOS, { message: `must be at most ${MAX_PHOTOS} photos` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a photo' })
    .default([]),
});
export type OrderCaseInput = z.input<typeof orderCaseInputSchema>;

export const orderTransitionSchema = z.object({
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
  by: z.enum(['buyer', 'seller', 'admin', 'system']),
  at: answerTime,
});

export const orderCaseSchema = z
  .object({
    _id: answerId,
    orderId: answerId,
    kind: z.enum(['declined', 'disputed']),
    text: z.string(),
    photos: z.array(productPhotoSchema),
    status: z.enum(['open', 'resolved']),
    resolution: z.string().nullable(),
    createdAt: answerTime,
  })
  .meta({ id: 'OrderCase' });
export type OrderCase = z.infer<typeof orderCaseSchema>;

/** GET /orders/:id/handoff: the meeting as the buyer or the seller sees it (only the buyer gets the code). */
export const handoffSchema = z
  .object({
    orderId: answerId,
    status: z.enum(ORDER_STATUSES),
    role: z.enum(['buyer', 'seller', 'admin']),
    productName: z.string(),
    price: z.number().describe('dollars'),
    /** While paid: the hold is released if the hand-off is not confirmed by then. */
    heldUntil: z.string().nullable(),
    /** The buyer's 6-digit code and the QR text, only for the buyer and only while the money is held. */
    code: z.string().nullable(),
    qr: z.string().nullable(),
    /** Wrong codes lock the hand-off until then. */
    lockedUntil: z.string().nullable(),
    attemptsLeft: z.number().int(),
    completedAt: answerTime.nullable(),
    canDecline: z.boolean(),
    canDispute: z.boolean(),
    disputeUntil: z.string().nullable(),
    cases: z.array(orderCaseSchema),
    transitions: z.array(orderTransitionSchema),
  })
  .meta({ id: 'Handoff' });
export type Handoff = z.infer<typeof handoffSchema>;
