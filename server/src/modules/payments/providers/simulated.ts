import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { singleRow } from '../../../db/rows';
import { simulatedAccount, simulatedIntent, simulatedTransfer } from '../../../db/schema';
import { type PaymentProvider, type ProviderAccount, type ProviderIntent, WebhookSignatureError } from './provider';

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
  destination: r.destination,
  feeCents: r.applicationFeeCents ?? 0,
});

const toAccount = (a: typeof simulatedAccount.$inferSelect): ProviderAccount => ({
  id: a.id,
  ready: a.requirementsDue.length === 0,
  requirementsDue: a.requirementsDue,
});

/** What the simulated onboarding form still needs, named as Stripe names it. */
export function simulatedRequirements(input: { name: string; routingNumber: string; accountNumber: string }) {
  const due: string[] = [];
  if (!input.name.trim()) due.push('individual.name');
  if (!/^\d{9}$/.test(input.routingNumber) || !/^\d{4,17}$/.test(input.accountNumber)) due.push('external_account');
  return due;
}

/**
 * A payment provider that behaves like Stripe in test mode, kept in our own database. It takes no
 * real money; config refuses it in production unless ALLOW_SIMULATED_PAYMENTS=true.
 */
export function simulatedProvider(db: Db) {
  const provider: PaymentProvider & {
    confirm(clientSecret: string, card: CardInput, now?: Date): Promise<ConfirmResult>;
    refundOnce(id: string, options?: { reverseTransfer?: boolean }): Promise<boolean>;
    retrieveAccount(id: string): Promise<ProviderAccount | null>;
    updateAccount(id: string, details: { name: string; routingNumber: string; accountNumber: string }): Promise<ProviderAccount>;
  } = {
    name: 'simulated',
    publishableKey: null,

    async createIntent({ orderId, amountCents, currency, destination = null, feeCents = 0 }) {
      // Like an idempotency key per order: an open intent for the same order, amount and terms is reused.
      const [open] = await db
        .select()
        .from(simulatedIntent)
        .where(
          and(
            eq(simulatedIntent.orderId, orderId),
            eq(simulatedIntent.amountCents, amountCents),
            inArray(simulatedIntent.status, ['requires_payment_method']),
            destination ? eq(simulatedIntent.destination, destination) : isNull(simulatedIntent.destination),
            eq(simulatedIntent.applicationFeeCents, feeCents),
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
            destination,
            applicationFeeCents: feeCents,
          })
          .returning(),
      );
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const [row] = await db.select().from(simulatedIntent).where(eq(simulatedIntent.id, id));
      return row ? toIntent(row) : null;
    },

    async refund(id, _key, options = {}) {
      await provider.refundOnce(id, options);
    },

    async capture(id) {
      // A destination charge pays the seller's account in the same step, as Stripe does.
      const transferId = await db.transaction(async (tx) => {
        const [done] = await tx
          .update(simulatedIntent)
          .set({ status: 'succeeded' })
          .where(and(eq(simulatedIntent.id, id), eq(simulatedIntent.status, 'requires_capture')))
          .returning();
        if (!done) return undefined;
        if (!done.destination) return null;
        const tr = `tr_sim_${crypto.randomBytes(12).toString('hex')}`;
        await tx.insert(simulatedTransfer).values({
          id: tr,
          destination: done.destination,
          amountCents: done.amountCents - (done.applicationFeeCents ?? 0),
          sourceIntent: done.id,
        });
        await tx.update(simulatedIntent).set({ transferId: tr }).where(eq(simulatedIntent.id, id));
        return tr;
      });
      if (transferId !== undefined) return { transferId };
      const [now] = await db.select().from(simulatedIntent).where(eq(simulatedIntent.id, id));
      if (now?.status === 'succeeded') return { transferId: now.transferId };
      throw new Error(`This PaymentIntent could not be captured because it has a status of ${now?.status ?? 'missing'}.`);
    },

    async createAccount({ userId, email }) {
      // One account per seller, like Stripe with one idempotency key per seller.
      const id = `acct_sim_${userId.replace(/-/g, '').slice(0, 24)}`;
      await db
        .insert(simulatedAccount)
        .values({ id, email, requirementsDue: simulatedRequirements({ name: '', routingNumber: '', accountNumber: '' }) })
        .onConflictDoNothing();
      const a = await provider.retrieveAccount(id);
      if (!a) throw new Error('simulated account missing');
      return a;
    },

    async retrieveAccount(id) {
      const [a] = await db.select().from(simulatedAccount).where(eq(simulatedAccount.id, id));
      return a ? toAccount(a) : null;
    },

    async onboardingLink(accountId, { returnUrl }) {
      // The shop's own page stands in for Stripe's hosted onboarding.
      return `${new URL(returnUrl).origin}/dashboard/earnings/setup?account=${encodeURIComponent(accountId)}`;
    },

    /** The simulated onboarding form: what is still due follows from what was given. */
    async updateAccount(id, details) {
      const [a] = await db
        .update(simulatedAccount)
        .set({
          name: details.name,
          routingNumber: details.routingNumber,
          accountLast4: details.accountNumber.slice(-4),
          requirementsDue: simulatedRequirements(details),
        })
        .where(eq(simulatedAccount.id, id))
        .returning();
      if (!a) throw new Error(`No such account: '${id}'`);
      return toAccount(a);
    },

    async createTransfer({ amountCents, destination, sourceIntentId, idempotencyKey }) {
      const [known] = await db.select().from(simulatedTransfer).where(eq(simulatedTransfer.idempotencyKey, idempotencyKey));
      if (known) return { id: known.id };
      const acct = await provider.retrieveAccount(destination);
      if (!acct?.ready) throw new Error('Your destination account needs to have the transfers capability enabled.');
      const id = `tr_sim_${crypto.randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(simulatedTransfer)
        .values({ id, destination, amountCents, sourceIntent: sourceIntentId, idempotencyKey })
        .onConflictDoNothing()
        .returning();
      if (row) return { id: row.id };
      const [again] = await db.select().from(simulatedTransfer).where(eq(simulatedTransfer.idempotencyKey, idempotencyKey));
      if (!again) throw new Error('simulated transfer missing');
      return { id: again.id };
    },

    async reverseTransfer(transferId, amountCents) {
      await db
        .update(simulatedTransfer)
        .set({ reversedCents: sql`least(${simulatedTransfer.amountCents}, ${simulatedTransfer.reversedCents} + ${amountCents})` })
        .where(eq(simulatedTransfer.id, transferId));
      return { id: `trr_sim_${crypto.randomBytes(12).toString('hex')}` };
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
    async refundOnce(id: string, options: { reverseTransfer?: boolean } = {}) {
      const [held] = await db
        .update(simulatedIntent)
        .set({ status: 'canceled', refundedCents: sql`${simulatedIntent.amountCents}` })
        .where(and(eq(simulatedIntent.id, id), eq(simulatedIntent.status, 'requires_capture')))
        .returning({ id: simulatedIntent.id });
      if (held) return true;
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(simulatedIntent)
          .set({ refundedCents: sql`${simulatedIntent.amountCents}` })
          .where(
            and(
              eq(simulatedIntent.id, id),
              eq(simulatedIntent.status, 'succeeded'),
              lt(simulatedIntent.refundedCents, simulatedIntent.amountCents),
            ),
          )
          .returning();
        // reverse_transfer: the seller's part of a destination charge comes back with the refund.
        if (done?.transferId && options.reverseTransfer)
          await tx
            .update(simulatedTransfer)
            .set({ reversedCents: sql`${simulatedTransfer.amountCents}` })
            .where(eq(simulatedTransfer.id, done.transferId));
        return !!done;
      });
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
