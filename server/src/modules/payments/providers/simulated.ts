import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { singleRow } from '../../../db/rows';
import { simulatedIntent } from '../../../db/schema';
import { type PaymentProvider, type ProviderIntent, WebhookSignatureError } from './provider';

/** Test cards with Stripe test-mode meanings. Any other valid card number succeeds, as in Stripe. */
export const TEST_CARDS: Record<
  string,
  { outcome: 'succeeded' } | { outcome: 'declined'; code: string; decline_code: string; message: string }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000000000000002': {
    outcome: 'declined',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    outcome: 'declined',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    outcome: 'declined',
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
  },
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

export type CardInput = { cardNumber: string; expMonth: number; expYear: number; cvc: string };
export type ConfirmResult =
  | { ok: true; intent: ProviderIntent }
  | { ok: false; status: number; code: string; decline_code?: string; message: string };

const toIntent = (r: typeof simulatedIntent.$inferSelect): ProviderIntent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  status: r.status,
  amountCents: r.amountCents,
  currency: r.currency,
  orderId: r.metadata.orderId ?? r.orderId,
  last4: r.last4,
  brand: r.brand,
  refundedCents: r.refundedCents,
});

/**
 * A payment provider that behaves like Stripe in test mode, kept in our own database. It takes no
 * real money; config refuses it in production unless ALLOW_SIMULATED_PAYMENTS=true.
 */
export function simulatedProvider(db: Db) {
  const provider: PaymentProvider & {
    confirm(clientSecret: string, card: CardInput, now?: Date): Promise<ConfirmResult>;
    refundOnce(id: string): Promise<boolean>;
  } = {
    name: 'simulated',
    publishableKey: null,

    async createIntent({ orderId, amountCents, currency }) {
      // Like an idempotency key per order: an open intent for the same order and amount is reused.
      const [open] = await db
        .select()
        .from(simulatedIntent)
        .where(
          and(
            eq(simulatedIntent.orderId, orderId),
            eq(simulatedIntent.amountCents, amountCents),
            inArray(simulatedIntent.status, ['requires_payment_method']),
          ),
        )
        .limit(1);
      if (open) return toIntent(open);
      const id = `pi_sim_${crypto.randomBytes(12).toString('hex')}`;
      const row = singleRow(
        await db
          .insert(simulatedIntent)
          .values({
            id,
            clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}`,
            orderId,
            amountCents,
            currency,
            metadata: { orderId },
          })
          .returning(),
      );
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const [row] = await db.select().from(simulatedIntent).where(eq(simulatedIntent.id, id));
      return row ? toIntent(row) : null;
    },

    async refund(id) {
      await provider.refundOnce(id);
    },

    async capture(id) {
      const [done] = await db
        .update(simulatedIntent)
        .set({ status: 'succeeded' })
        .where(and(eq(simulatedIntent.id, id), eq(simulatedIntent.status, 'requires_capture')))
        .returning({ id: simulatedIntent.id });
      if (done) return;
      const now = await provider.retrieveIntent(id);
      if (now?.status === 'succeeded') return;
      throw new Error(`This PaymentIntent could not be captured because it has a status of ${now?.status ?? 'missing'}.`);
    },

    async release(id) {
      const [done] = await db
        .update(simulatedIntent)
        .set({ status: 'canceled', refundedCents: sql`${simulatedIntent.amountCents}` })
        .where(and(eq(simulatedIntent.id, id), inArray(simulatedIntent.status, ['requires_payment_method', 'requires_capture'])))
        .returning({ id: simulatedIntent.id });
      if (done) return;
      const now = await provider.retrieveIntent(id);
      if (now?.status === 'canceled') return;
      throw new Error(`You cannot cancel this PaymentIntent because it has a status of ${now?.status ?? 'missing'}.`);
    },

    /**
     * Gives a payment back in full in one statement (concurrent calls do it once): a held intent's
     * authorisation is cancelled, a captured one refunded. True if this call did.
     */
    async refundOnce(id: string) {
      const [held] = await db
        .update(simulatedIntent)
        .set({ status: 'canceled', refundedCents: sql`${simulatedIntent.amountCents}` })
        .where(and(eq(simulatedIntent.id, id), eq(simulatedIntent.status, 'requires_capture')))
        .returning({ id: simulatedIntent.id });
      if (held) return true;
      const done = await db
        .update(simulatedIntent)
        .set({ refundedCents: sql`${simulatedIntent.amountCents}` })
        .where(
          and(
            eq(simulatedIntent.id, id),
            eq(simulatedIntent.status, 'succeeded'),
            lt(simulatedIntent.refundedCents, simulatedIntent.amountCents),
          ),
        )
        .returning({ id: simulatedIntent.id });
      return done.length > 0;
    },

    async parseWebhook() {
      throw new WebhookSignatureError('The simulated provider sends no webhooks.');
    },

    /** Stands in for Stripe.js confirmCardPayment: checks the card and authorises (holds) the amount. */
    async confirm(clientSecret, card, now = new Date()) {
      const [row] = await db.select().from(simulatedIntent).where(eq(simulatedIntent.clientSecret, clientSecret));
      if (!row)
        return {
          ok: false,
          status: 404,
          code: 'resource_missing',
          message: 'This payment could not be found. Reload the page and try again.',
        };
      if (row.status === 'requires_capture' || row.status === 'succeeded') return { ok: true, intent: toIntent(row) };
      if (row.status !== 'requires_payment_method')
        return {
          ok: false,
          status: 409,
          code: 'payment_intent_unexpected_state',
          message: 'This payment can no longer be completed.',
        };
      const number = card.cardNumber.replace(/[\s-]/g, '');
      if (!luhnValid(number))
        return { ok: false, status: 402, code: 'incorrect_number', message: 'Your card number is incorrect.' };
      const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      const endOfMonth = Date.UTC(year, card.expMonth, 1);
      if (endOfMonth <= now.getTime())
        return { ok: false, status: 402, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
      if (!/^\d{3,4}$/.test(card.cvc))
        return { ok: false, status: 402, code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
      const rule = TEST_CARDS[number] ?? { outcome: 'succeeded' as const };
      if (rule.outcome === 'declined') {
        await db.update(simulatedIntent).set({ lastError: rule.code }).where(eq(simulatedIntent.id, row.id));
        return { ok: false, status: 402, code: rule.code, decline_code: rule.decline_code, message: rule.message };
      }
      const [done] = await db
        .update(simulatedIntent)
        // Authorised and held, as Stripe does with capture_method manual: captured at the hand-off.
        .set({ status: 'requires_capture', last4: number.slice(-4), brand: cardBrand(number), lastError: null })
        .where(and(eq(simulatedIntent.id, row.id), eq(simulatedIntent.status, 'requires_payment_method')))
        .returning();
      if (!done) {
        const again = await provider.retrieveIntent(row.id);
        return again?.status === 'requires_capture' || again?.status === 'succeeded'
          ? { ok: true, intent: again }
          : {
              ok: false,
              status: 409,
              code: 'payment_intent_unexpected_state',
              message: 'This payment can no longer be completed.',
            };
      }
      return { ok: true, intent: toIntent(done) };
    },
  };
  return provider;
}

export type SimulatedProvider = ReturnType<typeof simulatedProvider>;
