import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PaymentRecord } from '@shop/contract';
import type { Db } from '../../db/client';
import { order, payment, product, user } from '../../db/schema';
import { decodeCursor, keysetPage, money, type Page } from '../../lib/paging';

/** GET /payments (admin): every payment, newest first, one keyset page at a time. */
export function paymentsList(db: Db) {
  return async (limit: number, rawCursor?: string): Promise<Page<PaymentRecord>> => {
    const cursor = decodeCursor(rawCursor, 'time');
    const conds: SQL[] = [];
    if (cursor) conds.push(sql`(${payment.createdAt}, ${payment.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
    const rows = await db
      // The key as the database's text: microseconds, which a JS Date would round away.
      .select({ p: payment, email: user.email, productName: product.name, key: sql<string>`${payment.createdAt}::text` })
      .from(payment)
      .innerJoin(order, eq(order.id, payment.orderId))
      .innerJoin(user, eq(user.id, order.buyerId))
      .innerJoin(product, eq(product.id, order.productId))
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(desc(payment.createdAt), desc(payment.id))
      .limit(limit + 1);
    const page = keysetPage(rows, limit, (r) => ({ k: r.key, id: r.p.id }));
    return {
      ...page,
      items: page.items.map((r) => ({
        _id: r.p.id,
        orderId: r.p.orderId,
        productName: r.productName,
        provider: r.p.provider,
        transactionId: r.p.transactionId,
        price: money.toDollars(r.p.amountCents),
        currency: r.p.currency,
        email: r.email,
        status: r.p.status,
        last4: r.p.last4,
        brand: r.p.brand,
        createdAt: r.p.createdAt.toISOString(),
        refundedAt: r.p.refundedAt ? r.p.refundedAt.toISOString() : null,
      })),
    };
  };
}
