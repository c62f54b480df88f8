import type { DomainEventName, DomainEventPayload } from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import type { DomainEvents } from '../lib/domain-events';
import type { ConversationsService } from './conversations/service';
import type { EventBus } from './events/bus';
import type { NotificationsService } from './notifications/service';
import { type OfferNotice, offerNotices } from './offers/notices';
import { type HandoffNotice, handoffNotices } from './handoff/notices';

/**
 * Where modules meet: what each domain event (contract/src/domain-events.ts) sets off in other
 * modules. The publishers (orders, payments, listing, users) know nothing of who listens.
 *
 * For each event the bell comes first (its row, and the `notification` live event), then the live
 * event that makes open tabs reload their lists. Mails about bookings, payments and verifications
 * are not subscribers: each is queued in the publisher's own transaction (no change, no mail; no
 * mail lost to a crash after the commit).
 */
export function subscribeModules(
  events: DomainEvents,
  to: { notifications: NotificationsService; live: EventBus; conversations: Pick<ConversationsService, 'postAbout'> },
) {
  const { notifications, live, conversations } = to;

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

  // The hand-off's steps: each side's bell and its mail (told apart, so one side's failure does not
  // keep the other from hearing), then the order event for both sides' open pages.
  const handoff = <N extends Extract<DomainEventName, `handoff.${string}`>>(
    event: N,
    notice: (e: DomainEventPayload<N>) => HandoffNotice,
  ) => {
    const sides = [
      { side: 'buyer', person: 'buyerId', link: paths.dashboard.myOrders.getHref() },
      { side: 'seller', person: 'sellerId', link: paths.dashboard.myProducts.getHref() },
    ] as const;
    for (const { side, person, link } of sides)
      events.on(event, `notifications: ${side}`, (e) => {
        const n = notice(e);
        return notifications.create(
          e[person],
          { kind: 'handoff', link, ...n[side] },
          { kind: n.mailKind, action: 'See the order' },
        );
      });
    events.on(event, 'live', (e) =>
      live.publish([e.buyerId, e.sellerId], 'order', { orderId: e.orderId, status: notice(e).status }),
    );
  };
  handoff('handoff.completed', handoffNotices.completed);
  handoff('handoff.declined', handoffNotices.declined);
  handoff('handoff.disputed', handoffNotices.disputed);
  handoff('handoff.released', handoffNotices.released);

  // Offers: the bell (and its mail, the `offers` setting) of each person told, then the line in the
  // conversation between the item's buyer and seller; an accepted offer's booking refreshes both tabs.
  const offer = <N extends Extract<DomainEventName, `offer.${string}`>>(
    event: N,
    notice: (e: DomainEventPayload<N>) => OfferNotice,
  ) => {
    events.on(event, 'notifications', async (e) => {
      for (const n of notice(e).bell) await notifications.create(n.userId, { kind: 'offer', ...n });
    });
    events.on(event, 'conversations', async (e) => {
      const line = notice(e).line;
      if (line) await conversations.postAbout({ productId: e.productId, buyerId: e.buyerId, sellerId: e.sellerId, ...line });
    });
  };
  offer('offer.made', offerNotices.made);
  offer('offer.countered', offerNotices.countered);
  offer('offer.accepted', offerNotices.accepted);
  offer('offer.declined', offerNotices.declined);
  offer('offer.expired', offerNotices.expired);
  offer('offer.closed', offerNotices.closed);
  events.on('offer.accepted', 'live', (e) =>
    live.publish([e.buyerId, e.sellerId], 'order', { orderId: e.orderId, status: 'unpaid' }),
  );
}
