/**
 * What an order's status means to people, in one place for the buyer's and the seller's pages and
 * the server's mails and notifications (zod-free, so any of them may import it).
 *
 * The story every screen tells: the buyer books, then pays by card; the money is held, not sent to
 * the seller; at the meeting the buyer checks the item and hands over a code, and only when the
 * seller confirms that code does the seller get the money.
 */

/**
 * 'cancelled': an unpaid booking of an item its seller marked sold elsewhere (the buyer is told by mail).
 * 'paid': the money is held (authorised) until the hand-off; then completed (captured), released (the
 * hold given back: not confirmed in time), declined (not as described at the meeting) or disputed
 * (after the hand-off), and resolved by moderation. 'expired': unpaid for too long.
 */
export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'refunded',
  'cancelled',
  'expired',
  'completed',
  'released',
  'declined',
  'disputed',
  'resolved',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The short name of each status, the same for buyer and seller (badges, filters, notification titles). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  unpaid: 'Waiting for payment',
  paid: 'Paid, held',
  completed: 'Completed',
  released: 'Hold released',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired unpaid',
  declined: 'Declined at the meeting',
  disputed: 'Disputed',
  resolved: 'Resolved',
};

/** A payment being given back, which the order's status alone does not tell ('refunded' with a refund still on its way). */
export const REFUND_PENDING_LABEL = 'Refund pending';

/** What happens next, or what happened, for each side of an order: one sentence under its label. */
export const ORDER_NEXT_STEPS: Readonly<Record<'buyer' | 'seller', Readonly<Record<OrderStatus, string>>>> = {
  buyer: {
    unpaid: 'Pay now: the money is held, not sent to the seller, until you hand over your code at the meeting.',
    paid: 'Held until you meet: check the item, then show your code; the seller is paid only then.',
    completed: 'You handed over your code: the seller has been paid.',
    released: 'The hand-off was not confirmed in time: the hold on your card was released and nothing was taken.',
    refunded: 'Your money was given back.',
    cancelled: 'The seller sold it elsewhere; you were not charged.',
    expired: 'Not paid in time; you may book it again if it is still for sale.',
    declined: 'You declined it at the meeting: the hold was released and a moderator will look at what you reported.',
    disputed: 'A moderator will look at it and write to you both.',
    resolved: 'Resolved by a moderator.',
  },
  seller: {
    unpaid: 'Booked, not paid yet: wait for the payment before you meet.',
    paid: 'Meet and confirm the hand-off code: the money is yours then.',
    completed: 'The code was confirmed: the money is yours.',
    released: 'The hand-off was not confirmed in time: the buyer got their money back and the item is on sale again.',
    refunded: 'The payment was given back to the buyer.',
    cancelled: 'Cancelled: you marked the item sold elsewhere before it was paid.',
    expired: 'Not paid in time: the booking has lapsed.',
    declined: 'The buyer declined it at the meeting: the item is on sale again and a moderator will look at the case.',
    disputed: 'The buyer opened a dispute: a moderator will look at it and write to you both.',
    resolved: 'Resolved by a moderator.',
  },
};
