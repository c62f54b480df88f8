/**
 * A small local fake of Stripe's HTTP API: only what the shop calls, with Stripe's shapes.
 *
 *   POST /v1/payment_intents                 create (amount, currency, metadata[...], ...)
 *   GET  /v1/payment_intents/:id             retrieve, `expand[]=latest_charge` honoured
 *   POST /v1/payment_intents/:id/confirm     confirm with a test payment method (pm_card_visa, pm_card_chargeDeclined, ...);
 *                                            with capture_method manual it authorises only (requires_capture)
 *   POST /v1/payment_intents/:id/capture     capture a held intent (payment_intent.succeeded)
 *   POST /v1/payment_intents/:id/cancel      cancel (a held intent's authorisation is released: payment_intent.canceled)
 *   POST /v1/refunds                         refund a payment intent (whole, or `amount`); `reverse_transfer` and
 *                                            `refund_application_fee` for destination charges
 *   POST /v1/accounts, GET /v1/accounts/:id  Connect Express accounts (onboarding finished by `completeOnboarding`)
 *   POST /v1/account_links                   the hosted onboarding link
 *   POST /v1/transfers, /v1/transfers/:id/reversals   separate transfers to a connected account, and their reversal
 *
 * A PaymentIntent with `transfer_data[destination]` is a destination charge: its capture moves
 * `amount - application_fee_amount` to the connected account (a transfer) and the fee stays with the
 * platform (an application fee), as Stripe does.
 *
 * Like Stripe: form-encoded bodies with bracketed keys, a secret key in `Authorization: Bearer`,
 * idempotency keys (the same key replays the stored answer, failures included; the same key with other
 * parameters is an `idempotency_error`), errors as `{ error: { type, code, message, ... } }` with
 * Stripe's status codes, and the events Stripe would send (`payment_intent.succeeded`, ...), which
 * tests deliver themselves, signed with the SDK's `webhooks.generateTestHeaderString`.
 * The real `stripe` SDK is pointed here with STRIPE_API_HOST/PORT/PROTOCOL.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  amount_capturable: number;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: Obj | null;
  automatic_payment_methods: Obj | null;
  capture_method: 'automatic' | 'manual';
  canceled_at: number | null;
  cancellation_reason: string | null;
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  on_behalf_of: string | null;
  transfer_group: string | null;
};

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  status: 'succeeded' | 'failed';
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string; country: string };
  };
  failure_code: string | null;
  failure_message: string | null;
  created: number;
  livemode: false;
  transfer: string | null;
  application_fee: string | null;
  application_fee_amount: number | null;
};

export type FakeAccount = {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null };
  metadata: Record<string, string>;
  created: number;
};

export type FakeTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  reversed: boolean;
  metadata: Record<string, string>;
  created: number;
};

/** What an Express account must still provide before it can take charges and payouts. */
const ONBOARDING_DUE = ['individual.first_name', 'individual.last_name', 'external_account', 'tos_acceptance.date'];

export type FakeEvent = {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  type: string;
  data: { object: Obj };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

/** Stripe's test payment methods (https://docs.stripe.com/testing): what confirming with each does. */
const TEST_PAYMENT_METHODS: Record<
  string,
  { brand: string; last4: string } & ({ ok: true } | { ok: false; code: string; decline_code?: string; message: string })
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', ok: true },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', ok: true },
  pm_card_amex: { brand: 'amex', last4: '8431', ok: true },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    ok: false,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    ok: false,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    ok: false,
    code: 'expired_card',
    message: 'Your card has expired.',
  },
};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Obj = {}, status = 400) =>
  new StripeHttpError(status, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param = 'id') =>
  invalid(
    `No such ${kind}: '${id}'`,
    { code: 'resource_missing', param, doc_url: 'https://stripe.com/docs/error-codes/resource-missing' },
    404,
  );

/** Parses Stripe's form encoding: `metadata[orderId]=x`, `expand[0]=a`, `expand[]=a`, nested brackets. */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((p) => p.replace(/]$/, ''));
    let node: Obj | unknown[] = out;
    parts.forEach((part, i) => {
      const next = parts[i + 1];
      const last = next === undefined;
      const nextIsIndex = next !== undefined && /^\d*$/.test(next);
      if (Array.isArray(node)) {
        const idx = part === '' ? node.length : Number(part);
        if (last) node[idx] = value;
        else {
          node[idx] ??= nextIsIndex ? [] : {};
          node = node[idx] as Obj | unknown[];
        }
      } else {
        if (last) node[part] = value;
        else {
          node[part] ??= nextIsIndex ? [] : {};
          node = node[part] as Obj | unknown[];
        }
      }
    });
  }
  return out;
}

const now = () => Math.floor(Date.now() / 1000);
const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = opts.secretKey ?? `sk_test_fake_${crypto.randomBytes(8).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, Obj>();
  const events: FakeEvent[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string; headers: Record<string, string> }>();
  /** Every request the fake answered, for tests to count (e.g. refunds asked for). */
  const requests: { method: string; path: string; idempotencyKey: string | null; status: number }[] = [];
  let failRefunds = 0;
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, FakeTransfer>();
  /** Application fees the platform took (fee_...), and how much of each was refunded. */
  const applicationFees = new Map<
    string,
    { id: string; amount: number; amount_refunded: number; charge: string; account: string }
  >();
  /** Payouts of connected accounts to their banks (made by `payout`). */
  const payouts: { id: string; account: string; amount: number; arrival_date: number }[] = [];

  function emit(type: string, object: Obj, request: { id: string | null; key: string | null }, account?: string) {
    const event: FakeEvent = {
      id: rid('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.key },
    };
    events.push(event);
  }

  function getAccount(id: string, param = 'account') {
    const a = accounts.get(id);
    if (!a) throw missing('account', id, param);
    return a;
  }

  /** A connected account that may receive transfers (Stripe: the transfers capability is active). */
  function transferable(id: string, param: string) {
    const a = getAccount(id, param);
    if (a.capabilities.transfers !== 'active')
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param },
      );
    return a;
  }

  function makeTransfer(t: {
    amount: number;
    currency: string;
    destination: string;
    source: string | null;
    group: string | null;
    metadata?: Record<string, string>;
  }) {
    const tr: FakeTransfer = {
      id: rid('tr'),
      object: 'transfer',
      amount: t.amount,
      amount_reversed: 0,
      currency: t.currency,
      destination: t.destination,
      source_transaction: t.source,
      transfer_group: t.group,
      reversed: false,
      metadata: t.metadata ?? {},
      created: now(),
    };
    transfers.set(tr.id, tr);
    return tr;
  }

  function reverse(tr: FakeTransfer, amount: number) {
    const left = tr.amount - tr.amount_reversed;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      throw invalid(`The transfer ${tr.id} is already fully reversed.`, { code: 'transfer_already_reversed' });
    tr.amount_reversed += amount;
    tr.reversed = tr.amount_reversed === tr.amount;
    return { id: rid('trr'), object: 'transfer_reversal', amount, currency: tr.currency, transfer: tr.id, created: now() };
  }

  function getIntent(id: string) {
    const pi = intents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  }

  function expandIntent(pi: FakeIntent, expand: unknown): Obj {
    const list = Array.isArray(expand) ? expand : expand ? [expand] : [];
    const out: Obj = structuredClone(pi);
    if (list.includes('latest_charge') && pi.latest_charge) out.latest_charge = structuredClone(charges.get(pi.latest_charge));
    return out;
  }

  /** A destination charge, once captured: the seller's part goes to the connected account, the fee stays. */
  function settleDestination(pi: FakeIntent, charge: FakeCharge) {
    const destination = pi.transfer_data?.destination;
    if (!destination || charge.transfer) return;
    const fee = pi.application_fee_amount ?? 0;
    const tr = makeTransfer({
      amount: pi.amount - fee,
      currency: pi.currency,
      destination,
      source: charge.id,
      group: pi.transfer_group,
    });
    charge.transfer = tr.id;
    if (fee > 0) {
      const feeId = rid('fee');
      applicationFees.set(feeId, { id: feeId, amount: fee, amount_refunded: 0, charge: charge.id, account: destination });
      charge.application_fee = feeId;
    }
  }

  type Req = { method: string; path: string; body: Obj; query: Obj; requestId: string; key: string | null };

  function route(r: Req): { status: number; body: Obj; headers?: Record<string, string> } {
    // The id in a path such as /v1/payment_intents/{id}/confirm, when the path has that shape.
    const idIn = (shape: RegExp) => {
      const id = r.path.match(shape)?.[1];
      return id === undefined ? undefined : decodeURIComponent(id);
    };
    if (r.method === 'POST' && r.path === '/v1/payment_intents') {
      const amount = Number(r.body.amount);
      if (!Number.isInteger(amount) || amount < 50)
        throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
      if (typeof r.body.currency !== 'string')
        throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
      const transferData = r.body.transfer_data as Obj | undefined;
      const destination = typeof transferData?.destination === 'string' ? transferData.destination : null;
      if (destination) transferable(destination, 'transfer_data[destination]');
      const fee = r.body.application_fee_amount === undefined ? null : Number(r.body.application_fee_amount);
      if (fee !== null) {
        if (!destination && !r.body.on_behalf_of)
          throw invalid(
            'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
            { param: 'application_fee_amount' },
          );
        if (!Number.isInteger(fee) || fee < 0 || fee > amount)
          throw invalid('The application fee must be a non-negative integer no larger than the amount.', {
            param: 'application_fee_amount',
          });
      }
      const onBehalfOf = typeof r.body.on_behalf_of === 'string' ? r.body.on_behalf_of : null;
      if (onBehalfOf) getAccount(onBehalfOf, 'on_behalf_of');
      const id = rid('pi');
      const pi: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        amount_capturable: 0,
        currency: r.body.currency.toLowerCase(),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`,
        metadata: (r.body.metadata as Record<string, string>) ?? {},
        receipt_email: (r.body.receipt_email as string) ?? null,
        payment_method: null,
        latest_charge: null,
        last_payment_error: null,
        automatic_payment_methods: r.body.automatic_payment_methods
          ? { enabled: true, allow_redirects: (r.body.automatic_payment_methods as Obj).allow_redirects ?? 'always' }
          : null,
        capture_method: r.body.capture_method === 'manual' ? 'manual' : 'automatic',
        canceled_at: null,
        cancellation_reason: null,
        confirmation_method: 'automatic',
        created: now(),
        livemode: false,
        transfer_data: destination ? { destination } : null,
        application_fee_amount: fee,
        on_behalf_of: onBehalfOf,
        transfer_group: typeof r.body.transfer_group === 'string' ? r.body.transfer_group : null,
      };
      intents.set(id, pi);
      emit('payment_intent.created', pi, { id: r.requestId, key: r.key });
      return { status: 200, body: structuredClone(pi) };
    }
    const shownId = r.method === 'GET' ? idIn(/^\/v1\/payment_intents\/([^/]+)$/) : undefined;
    if (shownId !== undefined) {
      return { status: 200, body: expandIntent(getIntent(shownId), r.query.expand) };
    }
    const confirmedId = r.method === 'POST' ? idIn(/^\/v1\/payment_intents\/([^/]+)\/confirm$/) : undefined;
    if (confirmedId !== undefined) {
      const pi = getIntent(confirmedId);
      if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status))
        throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: structuredClone(pi),
        });
      const pmId = (r.body.payment_method as string) ?? pi.payment_method;
      if (!pmId)
        throw invalid('You cannot confirm this PaymentIntent because it has no payment method.', {
          code: 'payment_intent_unexpected_state',
        });
      const pm = TEST_PAYMENT_METHODS[pmId];
      if (!pm) throw missing('PaymentMethod', pmId, 'payment_method');
      const manual = pi.capture_method === 'manual';
      const charge: FakeCharge = {
        id: rid('ch'),
        object: 'charge',
        amount: pi.amount,
        amount_captured: pm.ok && !manual ? pi.amount : 0,
        amount_refunded: 0,
        currency: pi.currency,
        status: pm.ok ? 'succeeded' : 'failed',
        paid: pm.ok,
        captured: pm.ok && !manual,
        refunded: false,
        payment_intent: pi.id,
        payment_method: pmId,
        payment_method_details: {
          type: 'card',
          card: {
            brand: pm.brand,
            last4: pm.last4,
            exp_month: 12,
            exp_year: new Date().getFullYear() + 3,
            funding: 'credit',
            country: 'US',
          },
        },
        failure_code: pm.ok ? null : pm.code,
        failure_message: pm.ok ? null : pm.message,
        created: now(),
        livemode: false,
        transfer: null,
        application_fee: null,
        application_fee_amount: pi.application_fee_amount,
      };
      charges.set(charge.id, charge);
      pi.latest_charge = charge.id;
      if (!pm.ok) {
        pi.status = 'requires_payment_method';
        pi.payment_method = null;
        pi.last_payment_error = {
          type: 'card_error',
          code: pm.code,
          decline_code: pm.decline_code,
          message: pm.message,
          charge: charge.id,
        };
        emit('charge.failed', charge, { id: r.requestId, key: r.key });
        emit('payment_intent.payment_failed', pi, { id: r.requestId, key: r.key });
        throw new StripeHttpError(402, {
          type: 'card_error',
          code: pm.code,
          ...(pm.decline_code ? { decline_code: pm.decline_code } : {}),
          message: pm.message,
          charge: charge.id,
          payment_intent: structuredClone(pi),
          doc_url: `https://stripe.com/docs/error-codes/${pm.code.replace(/_/g, '-')}`,
        });
      }
      pi.payment_method = pmId;
      pi.last_payment_error = null;
      emit('charge.succeeded', charge, { id: r.requestId, key: r.key });
      if (manual) {
        // Authorised only: the amount is held on the card until captured or cancelled.
        pi.status = 'requires_capture';
        pi.amount_capturable = pi.amount;
        emit('payment_intent.amount_capturable_updated', pi, { id: r.requestId, key: r.key });
      } else {
        pi.status = 'succeeded';
        pi.amount_received = pi.amount;
        settleDestination(pi, charge);
        emit('payment_intent.succeeded', pi, { id: r.requestId, key: r.key });
      }
      return { status: 200, body: expandIntent(pi, r.body.expand) };
    }
    const capturedId = r.method === 'POST' ? idIn(/^\/v1\/payment_intents\/([^/]+)\/capture$/) : undefined;
    if (capturedId !== undefined) {
      const pi = getIntent(capturedId);
      if (pi.status !== 'requires_capture')
        throw invalid(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: structuredClone(pi),
        });
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (charge) {
        charge.captured = true;
        charge.amount_captured = pi.amount;
        settleDestination(pi, charge);
      }
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.amount_capturable = 0;
      if (charge) emit('charge.captured', charge, { id: r.requestId, key: r.key });
      emit('payment_intent.succeeded', pi, { id: r.requestId, key: r.key });
      return { status: 200, body: expandIntent(pi, r.body.expand) };
    }
    const canceledId = r.method === 'POST' ? idIn(/^\/v1\/payment_intents\/([^/]+)\/cancel$/) : undefined;
    if (canceledId !== undefined) {
      const pi = getIntent(canceledId);
      if (pi.status === 'requires_capture' && failRefunds > 0) {
        // Releasing a hold gives money back too: it fails like a refund when the test asks.
        failRefunds--;
        throw new StripeHttpError(
          500,
          { type: 'api_error', message: 'An unknown error occurred' },
          { 'stripe-should-retry': 'false' },
        );
      }
      const cancelable = [
        'requires_payment_method',
        'requires_capture',
        'requires_confirmation',
        'requires_action',
        'processing',
      ];
      if (!cancelable.includes(pi.status))
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
          { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(pi) },
        );
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (pi.status === 'requires_capture' && charge) {
        // Stripe refunds the uncaptured charge: the authorisation is released.
        charge.amount_refunded = charge.amount;
        charge.refunded = true;
        emit('charge.refunded', charge, { id: r.requestId, key: r.key });
      }
      pi.status = 'canceled';
      pi.amount_capturable = 0;
      pi.canceled_at = now();
      pi.cancellation_reason = (r.body.cancellation_reason as string) ?? null;
      emit('payment_intent.canceled', pi, { id: r.requestId, key: r.key });
      return { status: 200, body: expandIntent(pi, r.body.expand) };
    }
    if (r.method === 'POST' && r.path === '/v1/refunds') {
      if (failRefunds > 0) {
        failRefunds--;
        // Stripe stores a 500 under its idempotency key too, and tells the SDK not to retry it.
        throw new StripeHttpError(
          500,
          { type: 'api_error', message: 'An unknown error occurred' },
          { 'stripe-should-retry': 'false' },
        );
      }
      const piId = r.body.payment_intent as string | undefined;
      const chargeId = r.body.charge as string | undefined;
      let charge: FakeCharge | undefined;
      if (piId) {
        const pi = getIntent(piId);
        charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
        if (charge?.status !== 'succeeded')
          throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
            param: 'payment_intent',
          });
      } else if (chargeId) {
        charge = charges.get(chargeId);
        if (!charge) throw missing('charge', chargeId, 'charge');
      } else throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
      const left = charge.amount - charge.amount_refunded;
      if (left <= 0)
        throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded', charge: charge.id });
      const amount = r.body.amount === undefined ? left : Number(r.body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        throw invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          {
            param: 'amount',
          },
        );
      const truthy = (v: unknown) => v === true || v === 'true';
      let transferReversal: string | null = null;
      if (truthy(r.body.reverse_transfer)) {
        const tr = charge.transfer ? transfers.get(charge.transfer) : undefined;
        if (!tr) throw invalid('This charge has no transfer to reverse.', { param: 'reverse_transfer' });
        // Stripe reverses the transfer in proportion to the amount refunded.
        const part = Math.min(tr.amount - tr.amount_reversed, Math.round((tr.amount * amount) / charge.amount));
        if (part > 0) transferReversal = reverse(tr, part).id;
      }
      if (truthy(r.body.refund_application_fee) && charge.application_fee) {
        const fee = applicationFees.get(charge.application_fee);
        if (fee)
          fee.amount_refunded = Math.min(fee.amount, fee.amount_refunded + Math.round((fee.amount * amount) / charge.amount));
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund = {
        transfer_reversal: transferReversal,
        id: rid('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        status: 'succeeded',
        reason: (r.body.reason as string) ?? null,
        metadata: (r.body.metadata as Obj) ?? {},
        created: now(),
      };
      refunds.set(refund.id, refund);
      emit('charge.refunded', charge, { id: r.requestId, key: r.key });
      return { status: 200, body: refund };
    }
    if (r.method === 'POST' && r.path === '/v1/accounts') {
      if (r.body.type !== 'express') throw invalid('The shop only creates Express accounts in this fake.', { param: 'type' });
      const acct: FakeAccount = {
        id: rid('acct'),
        object: 'account',
        type: 'express',
        email: (r.body.email as string) ?? null,
        country: (r.body.country as string) ?? 'US',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        capabilities: { card_payments: 'inactive', transfers: 'inactive' },
        requirements: {
          currently_due: [...ONBOARDING_DUE],
          eventually_due: [...ONBOARDING_DUE],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
        metadata: (r.body.metadata as Record<string, string>) ?? {},
        created: now(),
      };
      accounts.set(acct.id, acct);
      return { status: 200, body: structuredClone(acct) };
    }
    const accountId = r.method === 'GET' ? idIn(/^\/v1\/accounts\/([^/]+)$/) : undefined;
    if (accountId !== undefined) return { status: 200, body: structuredClone(getAccount(accountId)) };
    if (r.method === 'POST' && r.path === '/v1/account_links') {
      const acct = getAccount(String(r.body.account ?? ''));
      for (const param of ['refresh_url', 'return_url', 'type'])
        if (typeof r.body[param] !== 'string')
          throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
      if (r.body.type !== 'account_onboarding' && r.body.type !== 'account_update')
        throw invalid('Invalid type: must be one of account_onboarding or account_update', { param: 'type' });
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.com/setup/e/${acct.id}/${crypto.randomBytes(8).toString('hex')}`,
        },
      };
    }
    if (r.method === 'POST' && r.path === '/v1/transfers') {
      const amount = Number(r.body.amount);
      if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', { param: 'amount' });
      const destination = String(r.body.destination ?? '');
      transferable(destination, 'destination');
      const source = typeof r.body.source_transaction === 'string' ? r.body.source_transaction : null;
      if (source) {
        const charge = charges.get(source);
        if (!charge) throw missing('charge', source, 'source_transaction');
        const used = [...transfers.values()].filter((t) => t.source_transaction === source).reduce((a, t) => a + t.amount, 0);
        if (used + amount > charge.amount_captured - charge.amount_refunded)
          throw invalid('Insufficient funds in the source transaction.', { code: 'balance_insufficient', param: 'amount' });
      }
      const tr = makeTransfer({
        amount,
        currency: String(r.body.currency ?? 'usd'),
        destination,
        source,
        group: typeof r.body.transfer_group === 'string' ? r.body.transfer_group : null,
        metadata: (r.body.metadata as Record<string, string>) ?? {},
      });
      return { status: 200, body: structuredClone(tr) };
    }
    const transferId = r.method === 'GET' ? idIn(/^\/v1\/transfers\/([^/]+)$/) : undefined;
    if (transferId !== undefined) {
      const tr = transfers.get(transferId);
      if (!tr) throw missing('transfer', transferId);
      return { status: 200, body: { ...structuredClone(tr), reversals: { object: 'list', data: [], has_more: false } } };
    }
    const reversedId = r.method === 'POST' ? idIn(/^\/v1\/transfers\/([^/]+)\/reversals$/) : undefined;
    if (reversedId !== undefined) {
      const tr = transfers.get(reversedId);
      if (!tr) throw missing('transfer', reversedId);
      const amount = r.body.amount === undefined ? tr.amount - tr.amount_reversed : Number(r.body.amount);
      return { status: 200, body: reverse(tr, amount) };
    }
    throw invalid(
      `Unrecognized request URL (${r.method}: ${r.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      {},
      404,
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const requestId = rid('req');
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const method = req.method ?? 'GET';
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        requests.push({ method, path: url.pathname, idempotencyKey: key, status });
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': requestId,
          ...(key ? { 'idempotency-key': key } : {}),
          ...headers,
        });
        res.end(body);
      };
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${secretKey}`) {
        const shown = auth.replace(/^Bearer /, '');
        return send(
          401,
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}`,
            },
          }),
        );
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const body = method === 'POST' ? parseStripeForm(text) : {};
      const query = parseStripeForm(url.search.slice(1));
      const fingerprint = `${method} ${url.pathname} ${text}`;
      if (key && method === 'POST') {
        const stored = idempotency.get(key);
        if (stored) {
          if (stored.fingerprint !== fingerprint)
            return send(
              400,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              }),
            );
          return send(stored.status, stored.body, { ...stored.headers, 'idempotent-replayed': 'true' });
        }
      }
      let status: number;
      let out: string;
      let headers: Record<string, string> = {};
      try {
        const r = route({ method, path: url.pathname, body, query, requestId, key });
        status = r.status;
        out = JSON.stringify(r.body);
        headers = r.headers ?? {};
      } catch (err) {
        if (!(err instanceof StripeHttpError)) {
          status = 500;
          out = JSON.stringify({ error: { type: 'api_error', message: `fake-stripe bug: ${(err as Error).message}` } });
        } else {
          status = err.status;
          out = JSON.stringify({
            error: { ...err.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` },
          });
          headers = err.headers;
        }
      }
      // Stripe saves the answer of every request that began executing, failures included.
      if (key && method === 'POST') idempotency.set(key, { fingerprint, status, body: out, headers });
      send(status, out, headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** The SDK as our server (and the tests standing in for Stripe.js) use it, pointed at this fake. */
  const sdk = new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

  return {
    port,
    secretKey,
    webhookSecret,
    intents,
    charges,
    refunds,
    events,
    requests,
    sdk,
    accounts,
    transfers,
    applicationFees,
    payouts,

    /**
     * The seller finishes (or half-finishes) Stripe's hosted onboarding: the account's requirements and
     * capabilities change and Stripe sends `account.updated` (a Connect event, naming the account).
     * `due`: what is still missing (none: charges and payouts enabled).
     */
    completeOnboarding(accountId: string, due: string[] = []) {
      const a = getAccount(accountId);
      const ok = due.length === 0;
      a.details_submitted = true;
      a.charges_enabled = ok;
      a.payouts_enabled = ok;
      a.capabilities = { card_payments: ok ? 'active' : 'inactive', transfers: ok ? 'active' : 'inactive' };
      a.requirements = {
        currently_due: [...due],
        eventually_due: [...due],
        past_due: [],
        disabled_reason: ok ? null : 'requirements.past_due',
      };
      emit('account.updated', a, { id: null, key: null }, a.id);
      return events[events.length - 1] as FakeEvent;
    },

    /** Stripe pays a connected account's balance out to its bank: `payout.paid`, a Connect event. */
    payout(accountId: string, amount: number) {
      getAccount(accountId);
      const po = {
        id: rid('po'),
        object: 'payout',
        account: accountId,
        amount,
        currency: 'usd',
        status: 'paid',
        arrival_date: now(),
      };
      payouts.push(po);
      emit('payout.paid', po, { id: null, key: null }, accountId);
      return events[events.length - 1] as FakeEvent;
    },

    /** A connected account's balance as Stripe sees it: transfers in, less reversals, less payouts. */
    accountBalance(accountId: string) {
      const t = [...transfers.values()].filter((x) => x.destination === accountId);
      const paidOut = payouts.filter((p) => p.account === accountId).reduce((a, p) => a + p.amount, 0);
      return t.reduce((a, x) => a + x.amount - x.amount_reversed, 0) - paidOut;
    },

    /** The platform's net application fees (taken less refunded). */
    feesKept() {
      return [...applicationFees.values()].reduce((a, f) => a + f.amount - f.amount_refunded, 0);
    },

    /** Settings that make the shop use Stripe, through this fake. */
    env(): Record<string, string> {
      return {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(port),
        STRIPE_API_PROTOCOL: 'http',
      };
    },

    /**
     * The next `n` requests that give money back (refunds, and cancelling a held intent) fail with a
     * 500, stored under their idempotency key as Stripe does.
     */
    failNextRefunds(n: number) {
      failRefunds = n;
    },

    /**
     * Payment intents whose money went back: refunds that went through, and held (uncaptured)
     * intents whose authorisation was cancelled (Stripe refunds the uncaptured charge).
     */
    refundedIntents(): string[] {
      const released = [...intents.values()].filter(
        (pi) => pi.status === 'canceled' && pi.latest_charge && charges.get(pi.latest_charge)?.refunded,
      );
      return [...[...refunds.values()].map((r) => String(r.payment_intent)), ...released.map((pi) => pi.id)];
    },

    /** Confirms an intent as Stripe.js would after the buyer typed a card (test payment method). */
    async confirm(intentId: string, paymentMethod = 'pm_card_visa') {
      return sdk.paymentIntents.confirm(intentId, { payment_method: paymentMethod });
    },

    /** Events about one object (newest last), optionally of one type. */
    eventsFor(objectId: string, type?: string) {
      return events.filter((e) => e.data.object.id === objectId && (!type || e.type === type));
    },

    /** The first event of `type` about one object; throws when Stripe would have sent none. */
    eventFor(objectId: string, type: string): FakeEvent {
      const event = events.find((e) => e.data.object.id === objectId && e.type === type);
      if (!event) throw new Error(`No ${type} event about ${objectId}.`);
      return event;
    },

    /** A body and the Stripe-Signature header for it, as Stripe would deliver the event. */
    sign(event: object, secret = webhookSecret, timestamp?: number) {
      const payload = JSON.stringify(event);
      return {
        payload,
        header: Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) }),
      };
    },

    /** Delivers an event to a webhook URL, signed; answers the status and body. */
    async deliver(url: string, event: object, opts: { secret?: string; timestamp?: number } = {}) {
      const { payload, header } = this.sign(event, opts.secret, opts.timestamp);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      });
      return { status: res.status, body: (await res.json()) as Obj };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
