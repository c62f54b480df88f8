import { eq, lt } from 'drizzle-orm';
import { idSchema } from '@shop/contract';
import type { Db } from '../../db/client';
import { order, payment, processedEvent } from '../../db/schema';
import type { PaymentProvider, WebhookEvent } from './providers/provider';
import type { Refunds } from './refunds';
import { CURRENCY, type Settlement } from './settlement';

/** Webhook events that may mean money moved for an order; anything else is acknowledged and ignored. */
const INTENT_EVENTS = new Set([
  // Authorised and held (capture_method manual): the order is paid, the money held until the hand-off.
  'payment_intent.amount_capturable_updated',
  // Captured at the hand-off (or paid at once): recorded if the buyer's tab never told us.
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  // A hold cancelled: by our release, or at the provider; the release job brings the order in line.
  'payment_intent.canceled',
]);
/** Handled events are remembered this long (Stripe retries a delivery for up to three days). */
const EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** The provider's webhook events: each handled once, by reading the provider's current record of the intent. */
export function webhookEvents(
  db: Db,
  provider: PaymentProvider,
  settlement: Settlement,
  refunds: Refunds,
  /** Connect events (account.updated, payout.paid): the sellers' payout accounts (modules/payouts). */
  connect?: (e: Pick<WebhookEvent, 'account' | 'payout'>) => Promise<string>,
) {
  /**
   * Brings the shop in line with the provider's current record of one intent, whatever order the
   * events came in: a success is recorded through settle (which tells the seller, as for the
   * buyer's POST /payments), and refunded if the item is gone.
   */
  async function reconcile(intentId: string): Promise<{ outcome: string }> {
    const intent = await provider.retrieveIntent(intentId);
    if (!intent?.orderId || !idSchema.safeParse(intent.orderId).success) return { outcome: 'not_ours' };
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') return { outcome: 'not_succeeded' };
    const [known] = await db.select().from(payment).where(eq(payment.transactionId, intent.id));
    if (known) {
      if (known.status === 'refund_pending') await refunds.refundPayment(known, 'retry');
      return { outcome: 'already_recorded' };
    }
    const [o] = await db.select().from(order).where(eq(order.id, intent.orderId));
    if (!o) {
      await refunds.refundStray(intent, 'the order does not exist');
      return { outcome: 'stray_refunded' };
    }
    if (intent.amountCents !== o.priceCents || intent.currency !== CURRENCY) {
      await refunds.refundStray(intent, 'the amount does not match the order');
      return { outcome: 'stray_refunded' };
    }
    if (intent.refundedCents > 0) return { outcome: 'refunded_at_provider' };
    const outcome = await settlement.settle(o.id, intent);
    if (outcome.kind === 'order_gone') {
      await refunds.refundStray(intent, 'the order was deleted');
      return { outcome: 'stray_refunded' };
    }
    if (outcome.payment.status === 'refund_pending')
      await refunds.refundPayment(outcome.payment, outcome.kind === 'recorded' ? 'first' : 'retry');
    return { outcome: outcome.payment.status === 'succeeded' ? 'paid' : 'lost' };
  }

  return {
    /**
     * A webhook event whose signature the provider checked. Handled once per event id; the intent's
     * current state is read from the provider, so replays and late or out-of-order events change nothing
     * that is already right. Throws (and the provider delivers again) when the provider cannot be read.
     */
    async handle(event: WebhookEvent): Promise<{ duplicate: boolean; outcome: string }> {
      const [seen] = await db.select({ id: processedEvent.id }).from(processedEvent).where(eq(processedEvent.id, event.id));
      if (seen) return { duplicate: true, outcome: 'duplicate' };
      const reconciled =
        event.intent && INTENT_EVENTS.has(event.type)
          ? await reconcile(event.intent.id)
          : (event.account || event.payout) && connect
            ? { outcome: await connect(event) }
            : null;
      await db.insert(processedEvent).values({ id: event.id, type: event.type }).onConflictDoNothing();
      return { duplicate: false, outcome: reconciled?.outcome ?? 'ignored' };
    },

    /** The background job that forgets events handled longer ago than the provider redelivers them. */
    async forgetOld({ now }: { now: Date }) {
      await db.delete(processedEvent).where(lt(processedEvent.createdAt, new Date(now.getTime() - EVENT_MEMORY_MS)));
    },
  };
}
