import crypto from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payment } from '../../db/schema';
import type { PaymentProvider, ProviderIntent } from './providers/provider';
import { recordAudit, SYSTEM_ACTOR } from '../audit/service';
import type { PaymentMails } from './mails';
import { ledger } from '../payouts/ledger';

/** How old a pending refund must be before the sweep takes it: younger ones a request may still be busy with. */
const SWEEP_MIN_AGE_MS = 60_000;
const SWEEP_BATCH = 100;

/** First refund of a payment: one key, so the SDK's own retries and a double click refund once. */
const firstRefundKey = (transactionId: string) => `refund-${transactionId}`;
/**
 * Later attempts need a new key: Stripe replays the stored answer of a key, a 500 included. A refund
 * that did go through is answered `charge_already_refunded`, which the provider reads as done.
 */
const retryRefundKey = (transactionId: string) => `refund-${transactionId}-retry-${crypto.randomUUID()}`;

export type Refunds = ReturnType<typeof refundsService>;

/** Giving money back: for payments that lost their item, for stray payments, and the sweep of refunds the provider refused. */
export function refundsService(db: Db, provider: PaymentProvider, log: FastifyBaseLogger, mails: PaymentMails) {
  /**
   * Gives back the money of a payment that cannot win. `attempt`: its first refund, or a retry (a new
   * idempotency key). False (and still refund_pending) when the provider failed.
   */
  async function refundPayment(p: { id: string; transactionId: string }, attempt: 'first' | 'retry'): Promise<boolean> {
    const key = attempt === 'first' ? firstRefundKey(p.transactionId) : retryRefundKey(p.transactionId);
    // A captured sale (an admin's refund after a dispute): the seller's part comes back from their
    // payout account and the shop's fee goes back to the buyer with the rest.
    const [row] = await db.select().from(payment).where(eq(payment.id, p.id));
    const sent = row?.capturedAt ? await ledger.transferOf(db, row.id) : { netCents: 0, reference: null };
    let reversal: { amountCents: number; reference: string | null } | null = null;
    try {
      if (row?.capturedAt && !row.destination && sent.netCents > 0 && sent.reference) {
        // Transferred separately after capture: that transfer is reversed first (one key per payment).
        const r = await provider.reverseTransfer(
          sent.reference,
          sent.netCents,
          attempt === 'first' ? `reverse-${row.id}` : `reverse-${row.id}-retry-${crypto.randomUUID()}`,
        );
        reversal = { amountCents: sent.netCents, reference: r.id };
      } else if (row?.destination && sent.netCents > 0) {
        reversal = { amountCents: sent.netCents, reference: sent.reference };
      }
      await provider.refund(
        p.transactionId,
        key,
        row?.capturedAt && row.destination ? { reverseTransfer: true, refundApplicationFee: true } : {},
      );
    } catch (err) {
      log.error(
        { err, paymentId: p.id, transactionId: p.transactionId },
        'refund failed: the payment stays refund_pending and is retried',
      );
      return false;
    }
    // The buyer's mail is queued with the status change, and only by the attempt that made it.
    await db.transaction(async (tx) => {
      const [refunded] = await tx
        .update(payment)
        .set({ status: 'refunded', refundedAt: new Date() })
        .where(and(eq(payment.id, p.id), eq(payment.status, 'refund_pending')))
        .returning();
      if (!refunded) return;
      if (refunded.capturedAt) await ledger.refunded(tx, refunded, reversal, refunded.refundedAt ?? undefined);
      await mails.refunded(tx, refunded);
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'payment.refunded',
        target: { type: 'payment', id: refunded.id },
        details: { transactionId: refunded.transactionId, amountCents: refunded.amountCents, orderId: refunded.orderId },
      });
    });
    log.info({ paymentId: p.id, transactionId: p.transactionId }, 'payment refunded');
    return true;
  }

  /** Money taken that matches no order we can record (deleted order, wrong amount): straight back. Throws if the provider fails. */
  async function refundStray(intent: ProviderIntent, why: string) {
    log.warn({ transactionId: intent.id, orderId: intent.orderId, why }, 'refunding a payment that matches no order');
    if (intent.refundedCents >= intent.amountCents) return;
    await provider.refund(intent.id, firstRefundKey(intent.id));
    // No payment row exists for it: the log names the provider's transaction.
    await recordAudit(db, SYSTEM_ACTOR, {
      action: 'payment.refunded',
      target: { type: 'transaction', id: intent.id },
      details: { orderId: intent.orderId, amountCents: intent.amountCents - intent.refundedCents, why },
    });
  }

  /**
   * The background job: tries again every refund the provider refused or never answered (older than
   * a minute at `now`), so no money is kept for an item that cannot be delivered. Stops early when the
   * app closes.
   */
  async function sweep({ now, signal }: { now: Date; signal: AbortSignal }) {
    const rows = await db
      .select({ id: payment.id, transactionId: payment.transactionId })
      .from(payment)
      .where(and(eq(payment.status, 'refund_pending'), lte(payment.createdAt, new Date(now.getTime() - SWEEP_MIN_AGE_MS))))
      .orderBy(asc(payment.createdAt))
      .limit(SWEEP_BATCH);
    let tried = 0;
    let refunded = 0;
    for (const r of rows) {
      if (signal.aborted) break;
      tried++;
      if (await refundPayment(r, 'retry')) refunded++;
    }
    if (tried) log[tried > refunded ? 'warn' : 'info']({ tried, refunded, pending: tried - refunded }, 'retried pending refunds');
  }

  return { refundPayment, refundStray, sweep };
}
