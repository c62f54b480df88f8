import { z } from 'zod';

/** Ids in an event: UUIDs, as every id of the shop. */
const id = z.uuid();
/** Whole cents. */
const cents = z.int().nonnegative();

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
} as const;

export type DomainEventName = keyof typeof domainEventSchemas;
export type DomainEventPayload<N extends DomainEventName> = z.output<(typeof domainEventSchemas)[N]>;
