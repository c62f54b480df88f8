import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventPayload, PaymentIntent } from '@shop/contract';
import type { Db } from '../../db/client';
import { singleRow } from '../../db/rows';
import { order, orderHandoff, payment, product } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { money } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
import type { DomainEvents } from '../../lib/domain-events';
import type { PaymentProvider, ProviderIntent } from './providers/provider';
import type { HandoffCodes } from '../handoff/codes';
import { moveOrder } from '../orders/state-machine';
import type { PaymentMails } from './mails';
import type { Refunds } from './refunds';
import { ledger } from '../payouts/ledger';

export const CURRENCY = 'usd';

type PaymentRow = typeof payment.$inferSelect;
/** Why a provider-confirmed payment could not buy the item. */
type Loss = 'item_sold' | 'order_paid' | 'unavailable';

const notVerified = (why: string) =>
  new AppError(400, 'payment_not_verified', `The payment could not be verified: ${why}`, 'transactionId');
const providerDown = () =>
  new AppError(502, 'payment_provider_unavailable', 'The payment provider could not be reached. Please try again in a minute.');

/** The 409 a buyer sees when their payment lost: what happened, and where their money is. */
function lostPayment(loss: Loss, refunded: boolean) {
  const money = refunded
    ? 'Your payment has been refunded in full.'
    : 'Your payment will be refunded in full: the refund is on its way and needs nothing from you.';
  if (loss === 'order_paid') return conflict('order_paid', `This order was already paid with another payment. ${money}`);
  if (loss === 'unavailable') return conflict('item_unavailable', `Sorry, this item is no longer for sale. ${money}`);
  return conflict('item_sold', `Sorry, someone else bought this item a moment before you. ${money}`);
}

/** Statuses of an order whose money was already taken or held by another payment. */
const PAID_ALREADY = new Set(['paid', 'completed', 'disputed', 'resolved']);

const lossOf = (orderStatus: string, p: { status: string; hiddenAt: Date | null }): Loss =>
  PAID_ALREADY.has(orderStatus)
    ? 'order_paid'
    : p.status === 'sold'
      ? 'item_sold'
      : p.hiddenAt || p.status === 'unlisted'
        ? 'unavailable'
        : 'item_sold';

/** How a charge for a seller's item is made: to their ready payout account or to the shop, and the shop's fee (modules/payouts). */
export type ChargeTerms = (sellerId: string, priceCents: number) => Promise<{ destination: string | null; feeCents: number }>;

type SettleOutcome = { kind: 'recorded' | 'existing'; payment: PaymentRow; loss: Loss | null } | { kind: 'order_gone' };
/** What the payment that won an item tells the shop (payment.held), known inside its transaction. */
type Held = Omit<DomainEventPayload<'payment.held'>, 'orderId' | 'paymentId'>;

export type Settlement = ReturnType<typeof settlementService>;

/** The buyer's side of paying: starting a payment, and recording one the provider confirms (one winner per item). */
export function settlementService(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  refunds: Refunds,
  mails: PaymentMails,
  codes: HandoffCodes,
  terms: ChargeTerms,
  events: DomainEvents,
) {
  async function ownOrder(me: SessionUser, orderId: string) {
    const [o] = await db
      .select({ o: order, listed: product.listed, sellerId: product.sellerId })
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

  /**
   * Records a provider-confirmed payment for an order, once per transaction. The product row is
   * locked, so of many payments for one item exactly one wins; the others are recorded as
   * refund_pending (the caller refunds them after the transaction: no provider call in here).
   */
  async function settleOnce(orderId: string, intent: ProviderIntent): Promise<SettleOutcome & { held?: Held }> {
    return db.transaction(async (tx) => {
      const [o] = await tx.select({ productId: order.productId }).from(order).where(eq(order.id, orderId));
      if (!o) return { kind: 'order_gone' as const };
      // Every payment for one item queues on this lock.
      const [p] = await tx.select().from(product).where(eq(product.id, o.productId)).for('update');
      const [current] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
      // Products are hidden or sold, never deleted: with the order there, its product is there too.
      if (!current || !p) return { kind: 'order_gone' as const };
      const [existing] = await tx.select().from(payment).where(eq(payment.transactionId, intent.id));
      if (existing)
        return {
          kind: 'existing' as const,
          payment: existing,
          loss: existing.status === 'succeeded' ? null : lossOf(current.status, p),
        };
      const canWin = p.status === 'available' && p.hiddenAt === null && current.status === 'unpaid';
      const row = singleRow(
        await tx
          .insert(payment)
          .values({
            orderId,
            provider: provider.name,
            transactionId: intent.id,
            amountCents: intent.amountCents,
            currency: intent.currency,
            status: canWin ? 'succeeded' : 'refund_pending',
            // An intent captured at once (made before holds, or captured at the provider) is taken already.
            capturedAt: canWin && intent.status === 'succeeded' ? new Date() : null,
            // Of the card, only what a receipt shows.
            last4: intent.last4,
            brand: intent.brand,
            // The terms the provider holds the charge on: its fee, and the seller's account it pays (if any).
            feeCents: Math.min(intent.feeCents, intent.amountCents),
            destination: intent.destination,
          })
          .returning(),
      );
      if (canWin) {
        await ledger.held(tx, row, row.createdAt);
        // The money is held, not taken: the item stays reserved until the hand-off (modules/handoff).
        await moveOrder(tx, { orderId, to: 'paid', actorId: current.buyerId, reason: 'payment held', at: row.createdAt });
        await tx
          .insert(orderHandoff)
          .values({ orderId, codeHash: codes.hashFor(orderId) })
          .onConflictDoNothing();
        await tx.update(product).set({ status: 'sold' }).where(eq(product.id, p.id));
        await mails.paid(tx, row);
      } else if (current.status === 'unpaid') {
        await moveOrder(tx, { orderId, to: 'refunded', actorId: null, reason: 'another payment won the item' });
      }
      if (canWin) {
        const held = { productName: p.name, priceCents: current.priceCents, buyerId: current.buyerId, sellerId: p.sellerId };
        return { kind: 'recorded' as const, payment: row, loss: null, held };
      }
      return { kind: 'recorded' as const, payment: row, loss: lossOf(current.status, p) };
    });
  }

  async function settleRaced(orderId: string, intent: ProviderIntent) {
    try {
      return await settleOnce(orderId, intent);
    } catch (err) {
      // Two first sightings of one transaction that raced past the lock: the second reads the first's row.
      if (isUniqueViolation(err)) return settleOnce(orderId, intent);
      throw err;
    }
  }

  /**
   * Records a provider-confirmed payment: the one way an order becomes paid, for the buyer's
   * POST /payments and the provider's webhook alike. The payment that won the item is told
   * (payment.held) once its transaction committed: once per order, whichever path came first.
   */
  async function settle(orderId: string, intent: ProviderIntent): Promise<SettleOutcome> {
    const outcome = await settleRaced(orderId, intent);
    if (outcome.kind === 'recorded' && outcome.held)
      await events.publish('payment.held', { orderId, paymentId: outcome.payment.id, ...outcome.held });
    return outcome;
  }

  /** The answer for a recorded payment: the winner's id, or a 409 after its refund was (re)tried. */
  async function answer(p: PaymentRow, loss: Loss | null, retry: boolean) {
    if (p.status === 'succeeded') return { acknowledged: true, insertedId: p.id };
    const refunded = p.status === 'refunded' || (await refunds.refundPayment(p, retry ? 'retry' : 'first'));
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
    // Held (authorised, captured at the hand-off) or already captured: either way the money is there.
    // A hold released meanwhile (canceled, the money back) went through too: the caller answers it as refunded.
    const released = intent.status === 'canceled' && intent.refundedCents > 0;
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded' && !released)
      throw notVerified('the payment has not succeeded.');
    if (intent.amountCents !== o.priceCents || intent.currency !== CURRENCY)
      throw notVerified('the amount does not match the order.');
    return intent;
  }

  return {
    settle,

    async createIntent(me: SessionUser, orderId: string): Promise<PaymentIntent> {
      const { o, listed, sellerId } = await ownOrder(me, orderId);
      if (o.status === 'paid') throw conflict('order_paid', 'This order is already paid.');
      if (o.status === 'refunded')
        throw conflict('order_refunded', 'This order was refunded because the item sold to someone else.');
      if (o.status !== 'unpaid') throw conflict('order_state', `This order is ${o.status}: it cannot be paid.`);
      if (!listed) throw conflict('item_sold', 'Sorry, this item is no longer for sale.');
      const { destination, feeCents } = await terms(sellerId, o.priceCents);
      const intent = await viaProvider('createIntent', () =>
        provider.createIntent({
          orderId,
          amountCents: o.priceCents,
          currency: CURRENCY,
          // Other terms (the seller's account became ready, the fee changed) are another intent.
          idempotencyKey: `order-${orderId}-${o.priceCents}-${destination ?? 'shop'}-${feeCents}`,
          email: me.email,
          destination,
          feeCents,
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
        await viaProvider('refund', () => refunds.refundStray(intent, 'the order was deleted while paying'));
        throw notFound('The order');
      }
      return answer(outcome.payment, outcome.loss, outcome.kind === 'existing');
    },
  };
}
