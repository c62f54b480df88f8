import Stripe from 'stripe';
import type { Config } from '../../../config';
import { type PaymentProvider, type ProviderIntent, WebhookSignatureError } from './provider';

type StripeSettings = Config['payments'];

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
  };
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

    async createIntent({ orderId, amountCents, currency, idempotencyKey, email }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { orderId },
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
      try {
        await stripe.paymentIntents.capture(id, {}, { idempotencyKey });
      } catch (err) {
        // A retry after a capture that went through: the money is taken already.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
          const pi = await stripe.paymentIntents.retrieve(id);
          if (pi.status === 'succeeded') return;
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

    async refund(id, idempotencyKey) {
      // A held payment has nothing to refund: its authorisation is cancelled instead.
      const pi = await stripe.paymentIntents.retrieve(id);
      if (pi.status === 'canceled') return;
      if (pi.status === 'requires_capture') {
        await provider.release(id, `${idempotencyKey}-release`);
        return;
      }
      try {
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
      } catch (err) {
        // A retry after a refund that went through (e.g. with another idempotency key): the money is back already.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
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
        throw new WebhookSignatureError((err as Error).message);
      }
      const obj = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: obj.object === 'payment_intent' ? toIntent(obj as Stripe.PaymentIntent) : null,
      };
    },
  };
  return provider;
}
