import crypto from 'node:crypto';
import { and, asc, desc, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PaymentIntent, PaymentRecord } from '@shop/contract';
import type { Db } from '../../db/client';
import { order, payment, processedEvent, product, user } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { decodeCursor, money } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
import type { PaymentProvider, ProviderIntent, WebhookEvent } from '../../payments/provider';

const CURRENCY = 'usd';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Webhook events that may mean money moved for an order; anything else is acknowledged and ignored. */
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
/** Handled events are remembered this long (Stripe retries a delivery for up to three days). */
const EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
const silentLog: Log = { info() {}, warn() {}, error() {} };

type PaymentRow = typeof payment.$inferSelect;
/** Why a provider-confirmed payment could not buy the item. */
type Loss = 'item_sold' | 'order_paid' | 'unavailable';

const notVerified = (why: string) => new AppError(400, 'payment_not_verified', `The payment could not be verified: ${why}`, 'transactionId');
const providerDown = () =>
  new AppError(502, 'payment_provider_unavailable', 'The payment provider could not be reached. Please try again in a minute.');

/** The 409 a buyer sees when their payment lost: what happened, and where their money is. */
export function lostPayment(loss: Loss, refunded: boolean) {
  const money = refunded
    ? 'Your payment has been refunded in full.'
    : 'Your payment will be refunded in full: the refund is on its way and needs nothing from you.';
  if (loss === 'order_paid') return conflict('order_paid', `This order was already paid with another payment. ${money}`);
  if (loss === 'unavailable') return conflict('item_unavailable', `Sorry, this item is no longer for sale. ${money}`);
  return conflict('item_sold', `Sorry, someone else bought this item a moment before you. ${money}`);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** First refund of a payment: one key, so the SDK's own retries and a double click refund once. */
const firstRefundKey = (transactionId: string) => `refund-${transactionId}`;
/**
 * Later attempts need a new key: Stripe replays the stored answer of a key, a 500 included. A refund
 * that did go through is answered `charge_already_refunded`, which the provider reads as done.
 */
const retryRefundKey = (transactionId: string) => `refund-${transactionId}-retry-${crypto.randomUUID()}`;

export type SettleOutcome = { kind: 'recorded' | 'existing'; payment: PaymentRow; loss: Loss | null } | { kind: 'order_gone' };

export function paymentsService(db: Db, provider: PaymentProvider) {
  let log: Log = silentLog;

  async function ownOrder(me: SessionUser, orderId: string) {
    const [o] = await db
      .select({ o: order, listed: product.listed })
      .from(order)
      .innerJoin(product, eq(product.id, order.productId))
      .where(eq(order.id, orderId));
    if (!o || o.o.buyerId !== me.id) throw notFound('The order');
    return o;
  }

  /** A provider call on the buyer's path: an outage is a clear 502, never a stack trace. */
  async function viaProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.error({ err, call: what }, 'payment provider call failed');
      throw providerDown();
    }
  }

  const lossOf = (orderStatus: string, p: { status: string; hiddenAt: Date | null }): Loss =>
    orderStatus === 'paid' ? 'order_paid' : p.status === 'sold' ? 'item_sold' : p.hiddenAt ? 'unavailable' : 'item_sold';

  /**
   * Records a provider-confirmed payment for an order, once per transaction. The product row is
   * locked, so of many payments for one item exactly one wins; the others are recorded as
   * refund_pending (the caller refunds them after the transaction: no provider call in here).
   */
  async function settleOnce(orderId: string, intent: ProviderIntent): Promise<SettleOutcome> {
    return db.transaction(async (tx) => {
      const [o] = await tx.select({ productId: order.productId }).from(order).where(eq(order.id, orderId));
      if (!o) return { kind: 'order_gone' as const };
      // Every payment for one item queues on this lock.
      const [p] = await tx.select().from(product).where(eq(product.id, o.productId)).for('update');
      const [current] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
      if (!current) return { kind: 'order_gone' as const };
      const [existing] = await tx.select().from(payment).where(eq(payment.transactionId, intent.id));
      if (existing) return { kind: 'existing' as const, payment: existing, loss: existing.status === 'succeeded' ? null : lossOf(current.status, p) };
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
          // Of the card, only what a receipt shows.
          last4: intent.last4,
          brand: intent.brand,
        })
        .returning();
      if (canWin) {
        await tx.update(order).set({ status: 'paid', paidAt: row.createdAt }).where(eq(order.id, orderId));
        await tx.update(product).set({ status: 'sold' }).where(eq(product.id, p.id));
      } else if (current.status === 'unpaid') {
        await tx.update(order).set({ status: 'refunded' }).where(eq(order.id, orderId));
      }
      return { kind: 'recorded' as const, payment: row, loss: canWin ? null : lossOf(current.status, p) };
    });
  }

  async function settle(orderId: string, intent: ProviderIntent): Promise<SettleOutcome> {
    try {
      return await settleOnce(orderId, intent);
    } catch (err) {
      // Two first sightings of one transaction that raced past the lock: the second reads the first's row.
      if (isUniqueViolation(err)) return settleOnce(orderId, intent);
      throw err;
    }
  }

  /** Gives back the money of a payment that cannot win. False (and still refund_pending) when the provider failed. */
  async function refundPayment(p: { id: string; transactionId: string }, key: string): Promise<boolean> {
    try {
      await provider.refund(p.transactionId, key);
    } catch (err) {
      log.error({ err, paymentId: p.id, transactionId: p.transactionId }, 'refund failed: the payment stays refund_pending and is retried');
      return false;
    }
    await db
      .update(payment)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(and(eq(payment.id, p.id), eq(payment.status, 'refund_pending')));
    log.info({ paymentId: p.id, transactionId: p.transactionId }, 'payment refunded');
    return true;
  }

  /** Money taken that matches no order we can record (deleted order, wrong amount): straight back. Throws if the provider fails. */
  async function refundStray(intent: ProviderIntent, why: string) {
    log.warn({ transactionId: intent.id, orderId: intent.orderId, why }, 'refunding a payment that matches no order');
    if (intent.refundedCents < intent.amountCents) await provider.refund(intent.id, firstRefundKey(intent.id));
  }

  /** The answer for a recorded payment: the winner's id, or a 409 after its refund was (re)tried. */
  async function answer(p: PaymentRow, loss: Loss | null, retry: boolean) {
    if (p.status === 'succeeded') return { acknowledged: true, insertedId: p.id };
    const refunded = p.status === 'refunded' || (await refundPayment(p, retry ? retryRefundKey(p.transactionId) : firstRefundKey(p.transactionId)));
    if (!loss) {
      const [now] = await db
        .select({ status: order.status, p: { status: product.status, hiddenAt: product.hiddenAt } })
        .from(order)
        .innerJoin(product, eq(product.id, order.productId))
        .where(eq(order.id, p.orderId));
      loss = now ? lossOf(now.status, now.p) : 'unavailable';
    }
    throw lostPayment(loss, refunded);
  }

  /** Checks the provider's record against the order: succeeded, same order, same amount and currency. */
  function verify(intent: ProviderIntent | null, o: { id: string; priceCents: number }): ProviderIntent {
    if (!intent) throw notVerified('the payment provider does not know this transaction.');
    if (intent.orderId !== o.id) throw notVerified('the transaction belongs to another order.');
    if (intent.status !== 'succeeded') throw notVerified('the payment has not succeeded.');
    if (intent.amountCents !== o.priceCents || intent.currency !== CURRENCY) throw notVerified('the amount does not match the order.');
    return intent;
  }

  /**
   * Brings the shop in line with the provider's current record of one intent, whatever order the
   * events came in: a success is recorded through settle (and refunded if the item is gone).
   */
  async function reconcile(intentId: string): Promise<string> {
    const intent = await provider.retrieveIntent(intentId);
    if (!intent || !intent.orderId || !UUID.test(intent.orderId)) return 'not_ours';
    if (intent.status !== 'succeeded') return 'not_succeeded';
    const [known] = await db.select().from(payment).where(eq(payment.transactionId, intent.id));
    if (known) {
      if (known.status === 'refund_pending') await refundPayment(known, retryRefundKey(known.transactionId));
      return 'already_recorded';
    }
    const [o] = await db.select().from(order).where(eq(order.id, intent.orderId));
    if (!o) {
      await refundStray(intent, 'the order does not exist');
      return 'stray_refunded';
    }
    if (intent.amountCents !== o.priceCents || intent.currency !== CURRENCY) {
      await refundStray(intent, 'the amount does not match the order');
      return 'stray_refunded';
    }
    if (intent.refundedCents > 0) return 'refunded_at_provider';
    const outcome = await settle(o.id, intent);
    if (outcome.kind === 'order_gone') {
      await refundStray(intent, 'the order was deleted');
      return 'stray_refunded';
    }
    if (outcome.payment.status === 'refund_pending')
      await refundPayment(outcome.payment, outcome.kind === 'recorded' ? firstRefundKey(intent.id) : retryRefundKey(intent.id));
    return outcome.payment.status === 'succeeded' ? 'paid' : 'lost';
  }

  return {
    provider,
    settle,

    /** Where the service reports refunds and provider failures (the app's logger). */
    useLogger(l: Log) {
      log = l;
    },

    async createIntent(me: SessionUser, orderId: string): Promise<PaymentIntent> {
      const { o, listed } = await ownOrder(me, orderId);
      if (o.status === 'paid') throw conflict('order_paid', 'This order is already paid.');
      if (o.status === 'refunded') throw conflict('order_refunded', 'This order was refunded because the item sold to someone else.');
      if (!listed) throw conflict('item_sold', 'Sorry, this item is no longer for sale.');
      const intent = await viaProvider('createIntent', () =>
        provider.createIntent({
          orderId,
          amountCents: o.priceCents,
          currency: CURRENCY,
          idempotencyKey: `order-${orderId}-${o.priceCents}`,
          email: me.email,
        }),
      );
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
        // Pay clicked again, or a webhook got here first: the same answer, and a pending refund is tried again.
        return answer(known, null, true);
      }
      const intent = verify(await viaProvider('retrieveIntent', () => provider.retrieveIntent(transactionId)), o);
      if (intent.refundedCents > 0) {
        // Refunded meanwhile by a webhook for this very payment (then it is recorded), or at the provider by hand.
        const [now] = await db.select().from(payment).where(eq(payment.transactionId, transactionId));
        if (now) return answer(now, null, true);
        throw notVerified('the payment was refunded.');
      }
      const outcome = await settle(orderId, intent);
      if (outcome.kind === 'order_gone') {
        await viaProvider('refund', () => refundStray(intent, 'the order was deleted while paying'));
        throw notFound('The order');
      }
      return answer(outcome.payment, outcome.loss, outcome.kind === 'existing');
    },

    /**
     * A webhook event whose signature the provider checked. Handled once per event id; the intent's
     * current state is read from the provider, so replays and late or out-of-order events change nothing
     * that is already right. Throws (and the provider delivers again) when the provider cannot be read.
     */
    async handleWebhook(event: WebhookEvent): Promise<{ duplicate: boolean; outcome: string }> {
      const [seen] = await db.select({ id: processedEvent.id }).from(processedEvent).where(eq(processedEvent.id, event.id));
      if (seen) return { duplicate: true, outcome: 'duplicate' };
      const outcome = event.intent && INTENT_EVENTS.has(event.type) ? await reconcile(event.intent.id) : 'ignored';
      await db.insert(processedEvent).values({ id: event.id, type: event.type }).onConflictDoNothing();
      return { duplicate: false, outcome };
    },

    /**
     * Tries again every refund the provider refused or never answered: no money is kept for an item
     * that cannot be delivered. `olderThanMs` leaves alone refunds a request is still busy with.
     */
    async retryPendingRefunds({ olderThanMs = 0, limit = 100 }: { olderThanMs?: number; limit?: number } = {}) {
      const rows = await db
        .select({ id: payment.id, transactionId: payment.transactionId })
        .from(payment)
        .where(and(eq(payment.status, 'refund_pending'), lte(payment.createdAt, new Date(Date.now() - olderThanMs))))
        .orderBy(asc(payment.createdAt))
        .limit(limit);
      let refunded = 0;
      for (const r of rows) if (await refundPayment(r, retryRefundKey(r.transactionId))) refunded++;
      await db.delete(processedEvent).where(lt(processedEvent.createdAt, new Date(Date.now() - EVENT_MEMORY_MS)));
      return { tried: rows.length, refunded, pending: rows.length - refunded };
    },

    /** Every payment, newest first (admin). */
    async list(limit: number, rawCursor?: string): Promise<(PaymentRecord & { _ts: string })[]> {
      const cursor = decodeCursor(rawCursor, 'time');
      const conds: SQL[] = [];
      if (cursor) conds.push(sql`(${payment.createdAt}, ${payment.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const rows = await db
        .select({ p: payment, email: user.email, productName: product.name, tsText: sql<string>`${payment.createdAt}::text` })
        .from(payment)
        .innerJoin(order, eq(order.id, payment.orderId))
        .innerJoin(user, eq(user.id, order.buyerId))
        .innerJoin(product, eq(product.id, order.productId))
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(payment.createdAt), desc(payment.id))
        .limit(limit + 1);
      return rows.map((r) => ({
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
        _ts: r.tsText,
      }));
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
