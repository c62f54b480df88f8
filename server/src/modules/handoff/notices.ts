import { DISPUTE_WINDOW_HOURS, type DomainEventPayload, ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contract';
import { dollars } from '../../mail/templates/format';
import type { MailKind } from '../../mail/types';

type Line = { title: string; body: string };
/** What both sides of a hand-off are told (the bell and a mail), and the order's new status for open tabs. */
export type HandoffNotice = { status: OrderStatus; buyer: Line; seller: Line; mailKind: MailKind };

type Facts = DomainEventPayload<'handoff.declined'>;
const both = (status: OrderStatus, e: Facts, buyer: string, seller: string, mailKind: MailKind): HandoffNotice => ({
  status,
  buyer: { title: `${ORDER_STATUS_LABELS[status]}: ${e.productName}`, body: buyer },
  seller: { title: `${ORDER_STATUS_LABELS[status]}: ${e.productName}`, body: seller },
  mailKind,
});

/** The sentences of each hand-off event (modules/subscribers.ts sends them). */
export const handoffNotices = {
  completed: (e: DomainEventPayload<'handoff.completed'>) =>
    both(
      'completed',
      e,
      `The seller confirmed the hand-off; ${dollars(e.priceCents)} was taken from your card. Something wrong? You can open a dispute within ${DISPUTE_WINDOW_HOURS} hours.`,
      e.feeCents
        ? `The buyer's code was right: you receive ${dollars(e.priceCents - e.feeCents)} of ${dollars(e.priceCents)} (the shop's fee: ${dollars(e.feeCents)}).`
        : `The buyer's code was right: ${dollars(e.priceCents)} is yours.`,
      'payment-received',
    ),
  declined: (e: Facts) =>
    both(
      'declined',
      e,
      'Your hold is released: no money was taken. A moderator will look at what you reported.',
      'The buyer said it was not as described. The item is back on sale; a moderator will review the case.',
      'refund',
    ),
  disputed: (e: Facts) =>
    both(
      'disputed',
      e,
      'A moderator will look at it and write to you both.',
      'A moderator will look at the dispute and write to you both.',
      'refund',
    ),
  released: (e: DomainEventPayload<'handoff.released'>) =>
    both(
      'released',
      e,
      `The hand-off was not confirmed within ${e.holdDays} days, so your card's hold is released: no money was taken.`,
      `The hand-off was not confirmed within ${e.holdDays} days: the buyer's money was given back and the item is on sale again.`,
      'refund',
    ),
};
