import type { DomainEvents } from '../lib/domain-events';
import type { EventBus } from './events/bus';
import type { NotificationsService } from './notifications/service';

/**
 * Where modules meet: what each domain event (contract/src/domain-events.ts) sets off in other
 * modules. The publishers (orders, payments, listing, users) know nothing of who listens.
 *
 * For each event the bell comes first (its row, and the `notification` live event), then the live
 * event that makes open tabs reload their lists. Mails about bookings, payments and verifications
 * are not subscribers: each is queued in the publisher's own transaction (no change, no mail; no
 * mail lost to a crash after the commit).
 */
export function subscribeModules(events: DomainEvents, to: { notifications: NotificationsService; live: EventBus }) {
  const { notifications, live } = to;

  events.on('order.placed', 'notifications', notifications.orderPlaced);
  events.on('order.placed', 'live', (e) =>
    live.publish([e.buyerId, e.sellerId], 'order', { orderId: e.orderId, status: 'unpaid' }),
  );

  events.on('payment.held', 'notifications', notifications.paymentHeld);
  events.on('payment.held', 'live', (e) =>
    live.publish([e.buyerId, e.sellerId], 'payment', { orderId: e.orderId, status: 'paid' }),
  );

  events.on('listing.sold', 'notifications', notifications.listingSold);
  events.on('listing.sold', 'live', async (e) => {
    for (const c of e.cancelled) await live.publish([c.buyerId], 'order', { orderId: c.orderId, status: 'cancelled' });
  });

  events.on('seller.verified', 'notifications', notifications.sellerVerified);
}
