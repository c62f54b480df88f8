import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DomainEventPayload, Notification } from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import type { Database } from '../../db/client';
import { notification } from '../../db/schema';
import { isoText } from '../../db/sql';
import { decodeCursor, encodeCursor, type Page } from '../../lib/paging';
import type { EventBus } from '../events/bus';
import { dollars } from '../../mail/templates/format';
import { notificationMail } from '../../mail/templates/notification';
import type { MailKind, Mailer } from '../../mail/types';

type Kind = Notification['kind'];
/** `bodyBy`: the body is another person's words (a message), quoted as theirs in the mail ("The sender wrote…"). */
export type NewNotification = { kind: Kind; title: string; body?: string; bodyBy?: string; link?: string };

/** Web app pages notifications open, from the contract's table of web paths. */
const LINKS = {
  conversation: paths.dashboard.conversation.getHref,
  myProducts: paths.dashboard.myProducts.getHref(),
  myOrders: paths.dashboard.myOrders.getHref(),
};

/** The bell's kinds that are also mailed (as the user keeps them on); bookings and payments have mails of their own. */
const MAILED: Partial<Record<Kind, { kind: MailKind; action: string }>> = {
  message: { kind: 'new-message', action: 'Read and reply' },
  'saved-search': { kind: 'alerts', action: 'See the matches' },
  'price-drop': { kind: 'alerts', action: 'See the listing' },
  'favorite-sold': { kind: 'alerts', action: 'See the listing' },
  offer: { kind: 'offers', action: 'See the offer' },
};

const oneLine = (s: string, max = 140) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * The bell: what a user is told, kept as rows (read or not) and pushed to their open tabs as a
 * `notification` event. Mails for the same things go through the mailer where the user keeps them on.
 */
export function notificationsService(deps: { database: Database; bus: EventBus; mailer: Mailer; baseUrl: string }) {
  const { database, bus, mailer, baseUrl } = deps;
  const { db, query } = database;

  /** A bell notification; mailed as its kind is (MAILED), or as `mailAs` says (the hand-off's own mail kinds). */
  async function create(userId: string, n: NewNotification, mailAs?: { kind: MailKind; action: string }) {
    const [row] = await db
      .insert(notification)
      .values({ userId, kind: n.kind, title: n.title, body: n.body ?? '', link: n.link ?? '' })
      .returning({ id: notification.id, createdAt: notification.createdAt });
    if (!row) return;
    await bus.publish([userId], 'notification', { _id: row.id, kind: n.kind, title: n.title, link: n.link ?? '' });
    const mail = mailAs ?? MAILED[n.kind];
    if (!mail) return;
    const [to] = await query<{ email: string }>('talk_mail_to', 'select email from "user" where id = $1 and deleted_at is null', [
      userId,
    ]);
    if (!to) return;
    await mailer.enqueue({
      to: to.email,
      userId,
      kind: mail.kind,
      ...notificationMail({
        baseUrl,
        title: n.title,
        body: n.body ?? '',
        bodyBy: n.bodyBy,
        link: n.link ?? '',
        action: mail.action,
      }),
    });
  }

  return {
    create,

    /**
     * A new message: one unread notification per conversation (a chatty conversation does not flood
     * the bell); a later message refreshes it.
     */
    async messageReceived(userId: string, m: { conversationId: string; from: string; text: string }) {
      const link = LINKS.conversation(m.conversationId);
      const title = `New message from ${m.from || 'a user'}`;
      const [updated] = await db
        .update(notification)
        .set({ title, body: oneLine(m.text), createdAt: sql`now()` })
        .where(and(eq(notification.userId, userId), eq(notification.link, link), isNull(notification.readAt)))
        .returning({ id: notification.id });
      if (updated) await bus.publish([userId], 'notification', { _id: updated.id, kind: 'message', title, link });
      else
        await create(userId, {
          kind: 'message',
          title,
          body: oneLine(m.text),
          bodyBy: 'The sender wrote (their words, not the shop’s):',
          link,
        });
    },

    /** Reading a conversation reads its notification too. */
    async conversationRead(userId: string, conversationId: string) {
      await db
        .update(notification)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notification.userId, userId),
            eq(notification.link, LINKS.conversation(conversationId)),
            isNull(notification.readAt),
          ),
        );
    },

    /** A buyer booked an item: the seller's "order placed" (the open tabs hear of it from modules/events). */
    async orderPlaced(e: DomainEventPayload<'order.placed'>) {
      await create(e.sellerId, {
        kind: 'order-placed',
        title: `Order placed: ${oneLine(e.productName, 80)}`,
        body: `${oneLine(e.buyerName, 60)} booked it for ${dollars(e.priceCents)}.`,
        link: LINKS.myProducts,
      });
    },

    /** A payment won the item (once per order, from the browser or the provider's webhook): the seller's "payment received". */
    async paymentHeld(e: DomainEventPayload<'payment.held'>) {
      await create(e.sellerId, {
        kind: 'payment-received',
        title: `Payment received: ${oneLine(e.productName, 80)}`,
        body: `${dollars(e.priceCents)} was paid for your item.`,
        link: LINKS.myProducts,
      });
    },

    /**
     * The seller sold the item elsewhere (mark-sold): each buyer whose unpaid booking was cancelled is
     * told (they also get the listing module's mail).
     */
    async listingSold(e: DomainEventPayload<'listing.sold'>) {
      for (const c of e.cancelled)
        await create(c.buyerId, {
          kind: 'booking-cancelled',
          title: `Booking cancelled: ${oneLine(e.productName, 80)}`,
          body: 'The seller sold this item elsewhere, so your booking was cancelled.',
          link: LINKS.myOrders,
        });
    },

    /** An admin verified a seller (verifying is one-way: only the call that made the change publishes it). */
    async sellerVerified(e: DomainEventPayload<'seller.verified'>) {
      await create(e.userId, {
        kind: 'seller-verified',
        title: 'Your seller account is verified',
        body: 'Your items now show the verified mark.',
        link: LINKS.myProducts,
      });
    },

    /** Newest first, keyset on (created_at, id). */
    async list(userId: string, limit: number, rawCursor?: string): Promise<Page<Notification>> {
      const cursor = decodeCursor(rawCursor, 'time');
      const rows = await query<{
        id: string;
        kind: Kind;
        title: string;
        body: string;
        link: string;
        read: boolean;
        created_at: string;
        k: string;
      }>(
        undefined,
        `select id, kind, title, body, link, read_at is not null as read,
  ${isoText('created_at')} as created_at,
  ${isoText('created_at', 'us')} as k
from notification where user_id = $1 ${cursor ? 'and (created_at, id) < ($2::timestamptz, $3::uuid)' : ''}
order by created_at desc, id desc limit ${Math.floor(limit) + 1}`,
        cursor ? [userId, cursor.k, cursor.id] : [userId],
      );
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => ({
          _id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          link: r.link,
          read: r.read,
          createdAt: r.created_at,
        })),
        nextCursor: rows.length > limit && last ? encodeCursor({ k: last.k, id: last.id }) : undefined,
      };
    },

    async unreadCount(userId: string) {
      const [r] = await query<{ n: number }>(
        'talk_unread_notifications',
        'select count(*)::int as n from notification where user_id = $1 and read_at is null',
        [userId],
      );
      return r?.n ?? 0;
    },

    /** Marks the given notifications (all when none are named) read. */
    async markRead(userId: string, ids?: string[]) {
      const conds = [eq(notification.userId, userId), isNull(notification.readAt)];
      if (ids) conds.push(inArray(notification.id, ids));
      await db
        .update(notification)
        .set({ readAt: sql`now()` })
        .where(and(...conds));
      return { acknowledged: true };
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
