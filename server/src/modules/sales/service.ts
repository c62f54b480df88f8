import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, Sale } from '@shop/contract';
import type { Db } from '../../db/client';
import { order, product } from '../../db/schema';
import { decodeCursor, keysetPage, money, type Page } from '../../lib/paging';

/** Order states in which the buyer's money was held or taken (as an item's bookings say). */
const PAID_STATES: readonly OrderStatus[] = ['paid', 'completed', 'disputed'];

/**
 * A seller's sales: every booking of every item they listed, newest first, for their Sales page.
 * The seller's items are read through product_seller_idx and their orders through orders_product_idx;
 * the sort is over that seller's bookings (a seller with very many would want seller_id on orders).
 */
export function salesService(db: Db) {
  return {
    /** A page of the seller's bookings (all states, or one), newest first, and how many there are with that filter. */
    async list(
      sellerId: string,
      q: { limit: number; cursor?: string; state?: OrderStatus },
    ): Promise<Page<Sale> & { total: number }> {
      const cursor = decodeCursor(q.cursor, 'time');
      const mine: SQL[] = [eq(product.sellerId, sellerId)];
      if (q.state) mine.push(eq(order.status, q.state));
      const conds = [...mine];
      if (cursor) conds.push(sql`(${order.createdAt}, ${order.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const [rows, counted] = await Promise.all([
        db
          .select({ o: order, tsText: sql<string>`${order.createdAt}::text`, name: product.name, img: product.img })
          .from(order)
          .innerJoin(product, eq(product.id, order.productId))
          .where(and(...conds))
          .orderBy(desc(order.createdAt), desc(order.id))
          .limit(q.limit + 1),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(order)
          .innerJoin(product, eq(product.id, order.productId))
          .where(and(...mine)),
      ]);
      const page = keysetPage(rows, q.limit, (r) => ({ k: r.tsText, id: r.o.id }));
      return {
        items: page.items.map(({ o, name, img }) => ({
          _id: o.id,
          productId: o.productId,
          productName: name,
          img,
          buyerId: o.buyerId,
          buyerName: o.buyerName,
          phone: o.phone,
          meetingLocation: o.meetingLocation,
          price: money.toDollars(o.priceCents),
          paid: PAID_STATES.includes(o.status),
          status: o.status,
          createdAt: o.createdAt.toISOString(),
          paidAt: o.paidAt ? o.paidAt.toISOString() : null,
        })),
        nextCursor: page.nextCursor,
        total: counted[0]?.n ?? 0,
      };
    },
  };
}

export type SalesService = ReturnType<typeof salesService>;
