import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offer, order } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * An item is reserved while an accepted offer's booking of it waits for payment: no one else books it
 * or makes an offer on it then (once paid, it is sold). Orders asks here before a booking.
 */
export async function reservedForAnother(ex: Executor, productId: string, buyerId: string): Promise<boolean> {
  const rows = await ex
    .select({ one: sql<number>`1` })
    .from(offer)
    .innerJoin(order, eq(order.id, offer.orderId))
    .where(
      and(eq(offer.productId, productId), eq(offer.status, 'accepted'), eq(order.status, 'unpaid'), ne(offer.buyerId, buyerId)),
    )
    .limit(1);
  return rows.length > 0;
}

export const reserved = () =>
  conflict('product_reserved', 'This item is reserved for a buyer whose offer was accepted. Save it to hear if it comes back.');
