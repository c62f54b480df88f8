import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Order } from '@shop/contract';
import { underAccountCap } from '../../db/account-cap';
import type { Db } from '../../db/client';
import { singleRow } from '../../db/rows';
import { isoSql } from '../../db/sql';
import { order, payment, product, user } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { decodeCursor, keysetPage, money, type Page } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
import type { CounterStore } from '../../lib/rate-limit';
import type { DomainEvents } from '../../lib/domain-events';
import { orderPlacedMail } from '../../mail/templates/order-placed';
import { reserved, reservedForAnother } from '../offers/reservation';
import type { Mailer } from '../../mail/types';

type PaymentJson = {
  provider: string;
  transactionId: string;
  amountCents: number;
  status: 'succeeded' | 'refund_pending' | 'refunded';
  last4: string | null;
  brand: string | null;
  createdAt: string;
  refundedAt: string | null;
  capturedAt: string | null;
};
/** A timestamp as the API's ISO text (UTC, milliseconds), the same on PGlite and PostgreSQL. */

const buyer = alias(user, 'buyer');
const seller = alias(user, 'seller');

export type OrderInput = { productId: string; buyerName: string; phone: string; meettingLocation: string };

/** Order states in which the buyer has paid (the money held, taken, or in a dispute about it): `paid` of the answer. */
const PAID_STATES = ['paid', 'completed', 'disputed', 'resolved'] as const;
const DAY_MS = 24 * 60 * 60_000;

/** Bookings one buyer may hold unpaid at once and make in 24 hours (config BOOKINGS_*). */
export type BookingLimits = { openUnpaidMax: number; perDayMax: number };

const alreadyBooked = () => conflict('already_booked', 'You have already booked this item. Find it in My Orders.');

/** Paid and refunded orders are records of money: they stay. */
const keptOrder = (status: 'paid' | 'refunded') =>
  status === 'refunded'
    ? conflict('order_refunded', 'A refunded order is kept as the record of your refund and cannot be deleted.')
    : conflict('order_paid', 'A paid order cannot be deleted.');

/**
 * `counters` (the rate-limit store) counts the bookings a buyer made in the last 24 hours, deleted
 * ones included (a deleted booking leaves no row to count); the orders table counts the rest.
 */
export function ordersService(
  db: Db,
  mail: { mailer: Mailer; baseUrl: string },
  bookings: BookingLimits & { counters: CounterStore },
  events: DomainEvents,
) {
  const select = () =>
    db
      .select({
        o: order,
        tsText: sql<string>`${order.createdAt}::text`,
        buyerEmail: buyer.email,
        productName: product.name,
        img: product.img,
        serialLast4: product.serialLast4,
        sellerName: seller.name,
        // The seller's phone reaches a buyer only through their booking once it is paid (public answers
        // never carry it): booking and deleting cannot harvest phones.
        sellerPhone: sql<string>`case when ${seller.deletedAt} is null and ${order.status} in ${PAID_STATES} then ${product.phone} else '' end`,
        transactionId: sql<
          string | null
        >`(select ${payment.transactionId} from ${payment} where ${payment.orderId} = ${order.id} and ${payment.status} = 'succeeded' order by ${payment.createdAt} desc limit 1)`,
        // The winning payment, else the latest (a refunded one): what My Orders shows about the money.
        payment: sql<PaymentJson | null>`(select json_build_object(
            'provider', ${payment.provider}, 'transactionId', ${payment.transactionId}, 'amountCents', ${payment.amountCents},
            'status', ${payment.status}, 'last4', ${payment.last4}, 'brand', ${payment.brand},
            'createdAt', ${isoSql(payment.createdAt)}, 'refundedAt', ${isoSql(payment.refundedAt)},
            'capturedAt', ${isoSql(payment.capturedAt)})
          from ${payment} where ${payment.orderId} = ${order.id}
          order by (${payment.status} = 'succeeded') desc, ${payment.createdAt} desc limit 1)`,
      })
      .from(order)
      .innerJoin(buyer, eq(buyer.id, order.buyerId))
      .innerJoin(product, eq(product.id, order.productId))
      .innerJoin(seller, eq(seller.id, product.sellerId));

  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toOrder = (r: Row): Order => ({
    _id: r.o.id,
    productId: r.o.productId,
    buyerName: r.o.buyerName,
    email: r.buyerEmail,
    price: money.toDollars(r.o.priceCents),
    phone: r.o.phone,
    meettingLocation: r.o.meetingLocation,
    productName: r.productName,
    seller: r.sellerName,
    sellerPhone: r.sellerPhone,
    serialLast4: r.serialLast4,
    img: r.img,
    // Paid: the money is held (paid) or was taken at the hand-off.
    paid: (PAID_STATES as readonly string[]).includes(r.o.status),
    status: r.o.status,
    transactionId: r.transactionId,
    paidAt: r.o.paidAt ? r.o.paidAt.toISOString() : null,
    payment: r.payment
      ? {
          provider: r.payment.provider,
          transactionId: r.payment.transactionId,
          amount: money.toDollars(r.payment.amountCents),
          status: r.payment.status,
          last4: r.payment.last4,
          brand: r.payment.brand,
          createdAt: r.payment.createdAt,
          refundedAt: r.payment.refundedAt,
          capturedAt: r.payment.capturedAt,
        }
      : null,
    createdAt: r.o.createdAt.toISOString(),
  });

  return {
    /**
     * Books an item: price, product and seller come from the product, identity from the session. Under
     * the buyer's bookings lock (db/account-cap.ts): at most `openUnpaidMax` unpaid bookings at once and
     * `perDayMax` bookings in 24 hours, 429 past either.
     */
    async place(me: SessionUser, input: OrderInput) {
      const [p] = await db
        .select({
          priceCents: product.priceCents,
          listed: product.listed,
          name: product.name,
          sellerId: product.sellerId,
          sellerEmail: seller.email,
        })
        .from(product)
        .innerJoin(seller, eq(seller.id, product.sellerId))
        .where(eq(product.id, input.productId));
      if (!p) throw notFound('The product');
      if (p.sellerId === me.id) throw conflict('own_listing', 'This is your own listing: you cannot book it.');
      if (!p.listed) throw conflict('product_sold', 'Sorry, this item is no longer for sale.');
      if (await reservedForAnother(db, input.productId, me.id)) throw reserved();
      let orderId: string;
      try {
        // The seller's mail is queued with the order: no order, no mail.
        orderId = await underAccountCap(db, 'bookings', me.id, async (tx) => {
          const mine = singleRow(
            await tx
              .select({
                open: sql<number>`count(*) filter (where ${order.status} = 'unpaid')::int`,
                day: sql<number>`count(*) filter (where ${order.createdAt} > now() - interval '1 day')::int`,
                // When the oldest booking of the last day leaves it: one more is allowed then.
                freeInS: sql<number>`coalesce(extract(epoch from min(${order.createdAt}) filter (where ${order.createdAt} > now() - interval '1 day') + interval '1 day' - now()), 0)::float8`,
                already: sql<boolean>`coalesce(bool_or(${order.productId} = ${input.productId} and ${order.status} = 'unpaid'), false)`,
              })
              .from(order)
              .where(eq(order.buyerId, me.id)),
          );
          if (mine.already) throw alreadyBooked();
          if (mine.open >= bookings.openUnpaidMax)
            throw new AppError(
              429,
              'too_many_open_bookings',
              `You have ${bookings.openUnpaidMax} bookings waiting for payment, the most you can hold at once. Pay for one or delete one in My Orders, then book again.`,
            );
          const tooMany = (retryAfterS: number) =>
            new AppError(
              429,
              'rate_limited',
              `You booked ${bookings.perDayMax} items in the last 24 hours, the most we take in a day. Try again in ${Math.max(1, Math.ceil(retryAfterS / 3600))} hours.`,
              undefined,
              retryAfterS,
            );
          if (mine.day >= bookings.perDayMax) throw tooMany(mine.freeInS);
          // Deleted bookings leave no row: the counter store counts every booking made, for a day.
          const hit = await bookings.counters.hit(`bookings:${me.id}`, DAY_MS);
          if (hit.count > bookings.perDayMax) throw tooMany(hit.ttlMs / 1000);
          const row = singleRow(
            await tx
              .insert(order)
              .values({
                buyerId: me.id,
                productId: input.productId,
                buyerName: input.buyerName,
                phone: input.phone,
                meetingLocation: input.meettingLocation,
                priceCents: p.priceCents,
              })
              .returning({ id: order.id, createdAt: order.createdAt }),
          );
          // The phone is remembered on the profile: the next booking form prefills it (GET /me/details).
          await tx.update(user).set({ phone: input.phone }).where(eq(user.id, me.id));
          await mail.mailer.enqueue(
            {
              to: p.sellerEmail,
              userId: p.sellerId,
              kind: 'order-placed',
              ...orderPlacedMail({
                baseUrl: mail.baseUrl,
                productName: p.name,
                priceCents: p.priceCents,
                buyerName: input.buyerName,
                phone: input.phone,
                meetingLocation: input.meettingLocation,
                bookedAt: row.createdAt,
              }),
            },
            tx,
          );
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw alreadyBooked();
        throw err;
      }
      await events.publish('order.placed', {
        orderId,
        productId: input.productId,
        productName: p.name,
        priceCents: p.priceCents,
        buyerId: me.id,
        buyerName: input.buyerName,
        sellerId: p.sellerId,
      });
      return orderId;
    },

    /** A page of a buyer's orders, newest first, and how many they have in all. */
    async listForBuyer(buyerEmail: string, limit: number, rawCursor?: string): Promise<Page<Order> & { total: number }> {
      const cursor = decodeCursor(rawCursor, 'time');
      const conds: SQL[] = [eq(buyer.email, buyerEmail)];
      if (cursor) conds.push(sql`(${order.createdAt}, ${order.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const [rows, counted] = await Promise.all([
        select()
          .where(and(...conds))
          .orderBy(desc(order.createdAt), desc(order.id))
          .limit(limit + 1),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(order)
          .innerJoin(buyer, eq(buyer.id, order.buyerId))
          .where(eq(buyer.email, buyerEmail)),
      ]);
      const page = keysetPage(rows, limit, (r) => ({ k: r.tsText, id: r.o.id }));
      return { items: page.items.map(toOrder), nextCursor: page.nextCursor, total: singleRow(counted).n };
    },

    /** One order, for its buyer or an admin; anyone else is told it does not exist. */
    async getVisible(me: SessionUser, id: string) {
      const [row] = await select().where(eq(order.id, id));
      if (!row || (row.o.buyerId !== me.id && !me.adminPowers)) throw notFound('The order');
      return toOrder(row);
    },

    /** Only the buyer may delete, and only while unpaid: paid and refunded orders are records of money. */
    async remove(me: SessionUser, id: string) {
      const [o] = await db.select({ buyerId: order.buyerId, status: order.status }).from(order).where(eq(order.id, id));
      if (!o || o.buyerId !== me.id) throw notFound('The order');
      // A cancelled or expired booking moved no money: its buyer may clear it too.
      if (o.status === 'paid' || o.status === 'refunded') throw keptOrder(o.status);
      const res = await db
        .delete(order)
        .where(and(eq(order.id, id), sql`${order.status} in ('unpaid', 'cancelled', 'expired')`))
        .returning({ id: order.id });
      if (!res.length) throw keptOrder('paid');
      return { acknowledged: true, deletedCount: res.length };
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
