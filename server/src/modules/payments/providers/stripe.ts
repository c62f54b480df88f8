import Stripe from 'stripe';
import type { Config } from '../../../config';
import { type PaymentProvider, type ProviderAccount, type ProviderIntent, WebhookSignatureError } from './provider';

type StripeSettings = Omit<Config['payments'], 'fee' | 'stripeConnectWebhookSecret'> & { stripeConnectWebhookSecret?: string };

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    orderId: pi.metadata?.orderId ?? null,
    last4: card?.last4 ?? null,
    brand: card?.brand ?? null,
    refundedCents: charge?.amount_refunded ?? 0,
    destination: pi.transfer_data?.destination
      ? typeof pi.transfer_data.destination === 'string'
        ? pi.transfer_data.destination
        : pi.transfer_data.destination.id
      : null,
    feeCents: pi.application_fee_amount ?? (Number(pi.metadata?.fee_cents ?? 0) || 0),
  };
}

/** An Express account is ready once Stripe lets it take charges and receive payouts. */
function toAccount(a: Stripe.Account): ProviderAccount {
  const due = a.requirements?.currently_due ?? [];
  return { id: a.id, ready: !!a.charges_enabled && !!a.payouts_enabled && due.length === 0, requirementsDue: due };
}

/** Stripe PaymentIntents in cents (USD), the order id in metadata, one idempotency key per order. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  if (!settings.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required for the stripe provider');
  const stripe = new Stripe(settings.stripeSecretKey, {
    maxNetworkRetries: 2,
    ...(settings.stripeApi
      ? { host: settings.stripeApi.host, port: settings.stripeApi.port, protocol: settings.stripeApi.protocol }
      : {}),
  });
  const provider: PaymentProvider = {
    name: 'stripe',
    publishableKey: settings.stripePublishableKey ?? null,

    async createIntent({ orderId, amountCents, currency, idempotencyKey, email, destination, feeCents = 0 }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { orderId, fee_cents: String(feeCents) },
          transfer_group: orderId,
          // A destination charge: at capture Stripe moves amount - fee to the seller's account, the fee stays with the shop.
          ...(destination
            ? { transfer_data: { destination }, ...(feeCents > 0 ? { application_fee_amount: feeCents } : {}) }
            : {}),
          receipt_email: email,
          // Held until the hand-off: the seller is paid only when the buyer's code is confirmed.
          capture_method: 'manual',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey },
      );
      return toIntent(pi);
    },

    async retrieveIntent(id) {
      if (!/^pi_[A-Za-z0-9]+$/.test(id)) return null;
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (err) {
        // No such intent (404), or an id Stripe refuses outright (400): either way not a payment of ours.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.statusCode === 400))
          return null;
        throw err;
      }
    },

    async capture(id, idempotencyKey) {
      const transferOf = (pi: Stripe.PaymentIntent) => {
        const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
        const t = charge?.transfer;
        return { transferId: t ? (typeof t === 'string' ? t : t.id) : null };
      };
      try {
        return transferOf(await stripe.paymentIntents.capture(id, { expand: ['latest_charge'] }, { idempotencyKey }));
      } catch (err) {
        // A retry after a capture that went through: the money is taken already.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
          const pi = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
          if (pi.status === 'succeeded') return transferOf(pi);
        }
        throw err;
      }
    },

    async release(id, idempotencyKey) {
      try {
        await stripe.paymentIntents.cancel(id, {}, { idempotencyKey });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
          const pi = await stripe.paymentIntents.retrieve(id);
          if (pi.status === 'canceled') return;
        }
        throw err;
      }
    },

    async refund(id, idempotencyKey, options = {}) {
      // A held payment has nothing to refund: its authorisation is cancelled instead.
      const pi = await stripe.paymentIntents.retrieve(id);
      if (pi.status === 'canceled') return;
      if (pi.status === 'requires_capture') {
        await provider.release(id, `${idempotencyKey}-release`);
        return;
      }
      try {
        await stripe.refunds.create(
          {
            payment_intent: id,
            ...(options.reverseTransfer ? { reverse_transfer: true } : {}),
            ...(options.refundApplicationFee ? { refund_application_fee: true } : {}),
          },
          { idempotencyKey },
        );
      } catch (err) {
        // A retry after a refund that went through (e.g. with another idempotency key): the money is back already.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
        throw err;
      }
    },

    async createAccount({ userId, email, idempotencyKey }) {
      const a = await stripe.accounts.create(
        {
          type: 'express',
          email,
          metadata: { userId },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey },
      );
      return toAccount(a);
    },

    async onboardingLink(accountId, { returnUrl, refreshUrl, update }) {
      // Express accounts take updates through a new onboarding link that also asks what is due later.
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: refreshUrl,
        return_url: returnUrl,
        collection_options: { fields: update ? 'eventually_due' : 'currently_due' },
      });
      return link.url;
    },

    async createTransfer({ amountCents, currency, destination, sourceIntentId, transferGroup, idempotencyKey }) {
      const pi = await stripe.paymentIntents.retrieve(sourceIntentId);
      const charge = typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? undefined);
      const tr = await stripe.transfers.create(
        {
          amount: amountCents,
          currency,
          destination,
          transfer_group: transferGroup,
          // Tied to the charge: the transfer waits for its funds instead of failing on the shop's balance.
          ...(charge ? { source_transaction: charge } : {}),
        },
        { idempotencyKey },
      );
      return { id: tr.id };
    },

    async reverseTransfer(transferId, amountCents, idempotencyKey) {
      try {
        const r = await stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey });
        return { id: r.id };
      } catch (err) {
        // A retry after a reversal that went through: the seller's part is back already.
        const tr = await stripe.transfers.retrieve(transferId).catch(() => null);
        if (tr && tr.amount_reversed >= tr.amount) return { id: tr.reversals?.data?.[0]?.id ?? transferId };
        throw err;
      }
    },

    async parseWebhook(rawBody, signature) {
      if (!settings.stripeWebhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.stripeWebhookSecret);
      } catch (err) {
        // Connected accounts' events (account.updated, payout.paid) come from the Connect endpoint, signed with its own secret.
        const connect = settings.stripeConnectWebhookSecret;
        try {
          if (!connect) throw err;
          event = stripe.webhooks.constructEvent(rawBody, signature, connect);
        } catch {
          throw new WebhookSignatureError((err as Error).message);
        }
      }
      const obj = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: obj.object === 'payment_intent' ? toIntent(obj as Stripe.PaymentIntent) : null,
        account: obj.object === 'account' ? toAccount(obj as Stripe.Account) : null,
        payout:
          obj.object === 'payout' && event.account
            ? {
                id: (obj as Stripe.Payout).id,
                accountId: event.account,
                amountCents: (obj as Stripe.Payout).amount,
                at: new Date(((obj as Stripe.Payout).arrival_date ?? event.created) * 1000),
              }
            : null,
      };
    },
  };
  return provider;
}
