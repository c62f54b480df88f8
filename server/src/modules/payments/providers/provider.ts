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
  /** A destination charge: the seller's connected account it pays at capture; null: the shop's own charge. */
  destination: string | null;
  /** The shop's commission on it (the application fee of a destination charge; otherwise recorded at creation). */
  feeCents: number;
};

/** A seller's connected (payout) account at the provider. */
export type ProviderAccount = {
  id: string;
  /** Charges and payouts enabled, nothing due: it may receive transfers. */
  ready: boolean;
  /** What the provider still asks for (Stripe's requirements.currently_due). */
  requirementsDue: string[];
};

/** Money the provider paid out from a connected account to the seller's bank. */
export type ProviderPayout = { id: string; accountId: string; amountCents: number; at: Date };

export type WebhookEvent = {
  id: string;
  type: string;
  intent: ProviderIntent | null;
  /** account.updated: the connected account as it is now. */
  account?: ProviderAccount | null;
  /** payout.paid: a connected account's payout to its bank. */
  payout?: ProviderPayout | null;
};

/** Options of a refund of a destination (or transferred) charge: the seller's part and the shop's fee come back too. */
export type RefundOptions = { reverseTransfer?: boolean; refundApplicationFee?: boolean };

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
    /** The seller's ready payout account (a destination charge), or null: captured to the shop, transferred later. */
    destination?: string | null;
    /** The shop's commission (application_fee_amount of a destination charge). */
    feeCents?: number;
  }): Promise<ProviderIntent>;
  /** The provider's own record of a payment intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Gives the whole amount back: refunds a captured intent, releases a held one. Calling it again after a refund went through (same or another
   * idempotency key) refunds nothing more and does not throw. Throws when the provider could not
   * refund, so the caller keeps the payment as refund_pending and tries again later.
   */
  refund(id: string, idempotencyKey: string, options?: RefundOptions): Promise<void>;
  /**
   * Takes the held (authorised) amount of an intent in status requires_capture. Capturing one that is
   * already captured does nothing and does not throw; throws when the hold is gone (cancelled) or the
   * provider could not be reached.
   */
  capture(id: string, idempotencyKey: string): Promise<{ transferId: string | null }>;
  /**
   * Releases the hold of an uncaptured intent (cancels the authorisation: the buyer's money was never
   * taken). Releasing one already cancelled does nothing; throws when it was captured meanwhile.
   */
  release(id: string, idempotencyKey: string): Promise<void>;
  /** Creates a seller's connected account (Connect Express), once per idempotency key. */
  createAccount(input: { userId: string; email: string; idempotencyKey: string }): Promise<ProviderAccount>;
  /** The provider's onboarding page for the account (or its update page, once ready). */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string; update: boolean }): Promise<string>;
  /** Moves the seller's share of a charge captured to the shop to their account (transfers.create). */
  createTransfer(input: {
    amountCents: number;
    currency: string;
    destination: string;
    sourceIntentId: string;
    transferGroup: string;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Takes a transfer back (a refund of a sale transferred separately). */
  reverseTransfer(transferId: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
  /** Checks a webhook's signature on the raw body and returns the event; throws on a bad signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent>;
}

export class WebhookSignatureError extends Error {}
