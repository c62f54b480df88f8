/** What the shop needs from a card payment provider. Amounts are integer cents. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type ProviderIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus | string;
  amountCents: number;
  currency: string;
  orderId: string | null;
  last4: string | null;
  brand: string | null;
  refundedCents: number;
};

export type WebhookEvent = {
  id: string;
  type: string;
  intent: ProviderIntent | null;
};

export interface PaymentProvider {
  readonly name: 'simulated' | 'stripe';
  /** What the browser needs to load the provider's card form (Stripe's publishable key), if any. */
  readonly publishableKey: string | null;
  createIntent(input: {
    orderId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    email: string;
  }): Promise<ProviderIntent>;
  /** The provider's own record of a payment intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Gives the whole amount back: refunds a captured intent, releases a held one. Calling it again after a refund went through (same or another
   * idempotency key) refunds nothing more and does not throw. Throws when the provider could not
   * refund, so the caller keeps the payment as refund_pending and tries again later.
   */
  refund(id: string, idempotencyKey: string): Promise<void>;
  /**
   * Takes the held (authorised) amount of an intent in status requires_capture. Capturing one that is
   * already captured does nothing and does not throw; throws when the hold is gone (cancelled) or the
   * provider could not be reached.
   */
  capture(id: string, idempotencyKey: string): Promise<void>;
  /**
   * Releases the hold of an uncaptured intent (cancels the authorisation: the buyer's money was never
   * taken). Releasing one already cancelled does nothing; throws when it was captured meanwhile.
   */
  release(id: string, idempotencyKey: string): Promise<void>;
  /** Checks a webhook's signature on the raw body and returns the event; throws on a bad signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent>;
}

export class WebhookSignatureError extends Error {}
