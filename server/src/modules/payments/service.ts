import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PaymentIntent, PaymentRecord } from '@shop/contract';
import type { Db } from '../../db/client';
import { order, payment, product, user } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { decodeCursor, money } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
import type { PaymentProvider, ProviderIntent } from '../../payments/provider';

const CURRENCY = 'usd';

const notVerified = (why: string) => new AppError(400, 'payment_not_verified', `The payment could not be verified: ${why}`, 'transactionId');
export const soldOut = () =>
  conflict('item_sold', 'Sorry, someone else bought this item a moment before you. Your payment has been refunded in full.');

export type SettleOutcome = { paymentId: string; refund: boolean; alreadyRecorded: boolean };

export function paymentsService(db: Db, provider: PaymentProvider) {
  async function ownOrder(me: SessionUser, orderId: string) {
    const [o] = await db
      .select({ o: order, listed: product.listed })
      .from(order)
      .innerJoin(product, eq(product.id, order.productId))
      .where(eq(order.id, orderId));
    if (!o || o.o.buyerId !== me.id) throw notFound('The order');
    return o;
  }

  /**
   * Records a provider-confirmed payment for an order, once. The product row is locked, so of many
   * payments for one item exactly one wins; the others are recorded as to be refunded.
   */
  async function settle(orderId: string, intent: ProviderIntent): Promise<SettleOutcome> {
    return db.transaction(async (tx) => {
      const [o] = await tx.select().from(order).where(eq(order.id, orderId));
      if (!o) throw notFound('The order');
      const [p] = await tx.select().from(product).where(eq(product.id, o.productId)).for('update');
      const [existing] = await tx.select().from(payment).where(eq(payment.transactionId, intent.id));
      if (existing) return { paymentId: existing.id, refund: existing.status !== 'succeeded', alreadyRecorded: true };
      const [current] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
      const canWin = p.status === 'available' && p.hiddenAt === null && current.status === 'unpaid';
      const [row] = await tx
        .insert(payment)
        .values({
          orderId,
          provider: provider.name,
          transactionId: intent.id,
          amountCents: intent.amountCents,
          currency: intent.currency,
          status: canWin ? 'succeeded' : 'refund_pending',
          last4: intent.last4,
          brand: intent.brand,
        })
        .returning({ id: payment.id });
      const now = new Date();
      if (canWin) {
        await tx.update(order).set({ status: 'paid', paidAt: now }).where(eq(order.id, orderId));
        await tx.update(product).set({ status: 'sold' }).where(eq(product.id, p.id));
      } else if (current.status === 'unpaid') {
        await tx.update(order).set({ status: 'refunded' }).where(eq(order.id, orderId));
      }
      return { paymentId: row.id, refund: !canWin, alreadyRecorded: false };
    });
  }

  /** Gives back the money of a payment that cannot win; safe to call again. */
  async function refund(paymentId: string, transactionId: string) {
    await provider.refund(transactionId, `refund-${transactionId}`);
    await db
      .update(payment)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(and(eq(payment.id, paymentId), eq(payment.status, 'refund_pending')));
  }

  /** Checks the provider's record against the order: succeeded, same order, same amount and currency. */
  function verify(intent: ProviderIntent | null, o: { id: string; priceCents: number }): ProviderIntent {
    if (!intent) throw notVerified('the payment provider does not know this transaction.');
    if (intent.orderId !== o.id) throw notVerified('the transaction belongs to another order.');
    if (intent.status !== 'succeeded') throw notVerified('the payment has not succeeded.');
    if (intent.amountCents !== o.priceCents || intent.currency !== CURRENCY) throw notVerified('the amount does not match the order.');
    return intent;
  }

  return {
    settle,
    refund,

    async createIntent(me: SessionUser, orderId: string): Promise<PaymentIntent> {
      const { o, listed } = await ownOrder(me, orderId);
      if (o.status === 'paid') throw conflict('order_paid', 'This order is already paid.');
      if (o.status === 'refunded') throw conflict('order_refunded', 'This order was refunded because the item sold to someone else.');
      if (!listed) throw conflict('item_sold', 'Sorry, this item has already been sold.');
      const intent = await provider.createIntent({
        orderId,
        amountCents: o.priceCents,
        currency: CURRENCY,
        idempotencyKey: `order-${orderId}-${o.priceCents}`,
        email: me.email,
      });
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: money.toDollars(intent.amountCents),
        currency: intent.currency,
        provider: provider.name,
        publishableKey: provider.publishableKey,
      };
    },

    /** POST /payments: trusts nothing from the browser but the transaction id, which the provider must vouch for. */
    async record(me: SessionUser, orderId: string, transactionId: string) {
      const { o } = await ownOrder(me, orderId);
      const [known] = await db.select().from(payment).where(eq(payment.transactionId, transactionId));
      if (known) {
        if (known.orderId !== orderId) throw notVerified('the transaction belongs to another order.');
        if (known.status !== 'succeeded') {
          if (known.status === 'refund_pending') await refund(known.id, transactionId);
          throw soldOut();
        }
        return { acknowledged: true, insertedId: known.id };
      }
      const intent = verify(await provider.retrieveIntent(transactionId), o);
      const outcome = await settle(orderId, intent);
      if (outcome.refund) {
        await refund(outcome.paymentId, intent.id);
        throw soldOut();
      }
      return { acknowledged: true, insertedId: outcome.paymentId };
    },

    /** Every payment, newest first (admin). */
    async list(limit: number, rawCursor?: string): Promise<(PaymentRecord & { _ts: string })[]> {
      const cursor = decodeCursor(rawCursor);
      const conds: SQL[] = [];
      if (cursor) conds.push(sql`(${payment.createdAt}, ${payment.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const rows = await db
        .select({ p: payment, email: user.email, tsText: sql<string>`${payment.createdAt}::text` })
        .from(payment)
        .innerJoin(order, eq(order.id, payment.orderId))
        .innerJoin(user, eq(user.id, order.buyerId))
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(payment.createdAt), desc(payment.id))
        .limit(limit + 1);
      return rows.map((r) => ({
        _id: r.p.id,
        orderId: r.p.orderId,
        provider: r.p.provider,
        transactionId: r.p.transactionId,
        price: money.toDollars(r.p.amountCents),
        email: r.email,
        status: r.p.status,
        last4: r.p.last4,
        brand: r.p.brand,
        createdAt: r.p.createdAt.toISOString(),
        _ts: r.tsText,
      }));
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
