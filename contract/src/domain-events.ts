import { z } from 'zod';

/** Ids in an event: UUIDs, as every id of the shop. */
const id = z.uuid();
/** Whole cents. */
const cents = z.int().nonnegative();

/** What every offer event says: the offer, the item and its two people (names as shown). */
const offerFacts = z.object({
  offerId: id,
  productId: id,
  productName: z.string(),
  buyerId: id,
  buyerName: z.string(),
  sellerId: id,
  sellerName: z.string(),
});

/** What every hand-off event says: the order, its item and price, and its two people. */
const handoffFacts = z.object({ orderId: id, productName: z.string(), priceCents: cents, buyerId: id, sellerId: id });

/**
 * The shop's domain events: facts a module states once its transaction has committed, for other
 * modules to act on (the bell, live updates of open tabs, mails). They never leave the server: the
 * in-process bus (server/src/lib/domain-events.ts) checks each payload against its schema here.
 *
 * To add an event:
 * 1. add `'<thing>.<happened>': z.object({...})` below: past tense, ids rather than rows, and what
 *    every subscriber needs that the publisher already knows (so subscribers need not read its tables);
 * 2. publish it at the end of the use case, after the transaction returned:
 *    `await events.publish('<thing>.<happened>', {...})` (a service gets `events: DomainEvents` as a dependency);
 * 3. subscribe where modules meet (server/src/modules/subscribers.ts): `events.on(name, 'who', handler)`.
 */
export const domainEventSchemas = {
  /** A buyer booked an item (modules/orders). */
  'order.placed': z.object({
    orderId: id,
    productId: id,
    productName: z.string(),
    priceCents: cents,
    buyerId: id,
    buyerName: z.string(),
    sellerId: id,
  }),
  /**
   * A payment won the item: the money is held until the hand-off (modules/payments). Published once
   * per order, whether the browser's POST /payments or the provider's webhook recorded it first.
   */
  'payment.held': z.object({
    orderId: id,
    paymentId: id,
    productName: z.string(),
    priceCents: cents,
    buyerId: id,
    sellerId: id,
  }),
  /**
   * The seller marked an item sold outside the shop (modules/listing); `cancelled` are the unpaid
   * bookings this cancelled.
   */
  'listing.sold': z.object({
    productId: id,
    productName: z.string(),
    cancelled: z.array(z.object({ orderId: id, buyerId: id })),
  }),
  /** An admin verified a seller (modules/users); only the call that made the change publishes it. */
  'seller.verified': z.object({ userId: id }),
  /** The seller confirmed the hand-off with the buyer's code: the held money was captured (modules/handoff). */
  /** `feeCents`: the shop's commission on the sale (the seller receives priceCents - feeCents). */
  'handoff.completed': handoffFacts.extend({ feeCents: cents }),
  /** The buyer declined the item at the meeting: the hold was released, a case opened (modules/handoff). */
  'handoff.declined': handoffFacts,
  /** The buyer disputed the hand-off within the window: a case for moderation (modules/handoff). */
  'handoff.disputed': handoffFacts,
  /** Nobody confirmed the hand-off within `holdDays`: the job released the hold (modules/handoff). */
  'handoff.released': handoffFacts.extend({ holdDays: z.number().positive() }),

  /* Offers (modules/offers). Each carries the item and its two people, named, so subscribers read nothing. */
  /** A buyer offered less than the price. */
  'offer.made': offerFacts.extend({ amountCents: cents, listPriceCents: cents }),
  /** The seller answered with a price of their own; the buyer has 48 hours. */
  'offer.countered': offerFacts.extend({ amountCents: cents, counterCents: cents }),
  /**
   * An offer (the seller) or a counter (the buyer) was accepted: `orderId` is the booking made at
   * `priceCents`; `closedBuyerIds` are the buyers whose offers on the item were closed by it.
   */
  'offer.accepted': offerFacts.extend({
    priceCents: cents,
    orderId: id,
    by: z.enum(['buyer', 'seller']),
    closedBuyerIds: z.array(id),
  }),
  /** The seller declined, or the buyer declined a counter (`withdrawn`: the buyer took back an open offer). */
  'offer.declined': offerFacts.extend({ amountCents: cents, by: z.enum(['buyer', 'seller']), withdrawn: z.boolean() }),
  /** 48 hours passed without an answer (the offers job). */
  'offer.expired': offerFacts,
  /** The item is no longer for sale, so its waiting offer was closed (the offers job). */
  'offer.closed': offerFacts,
} as const;

export type DomainEventName = keyof typeof domainEventSchemas;
export type DomainEventPayload<N extends DomainEventName> = z.output<(typeof domainEventSchemas)[N]>;
