/**
 * The Stripe provider end to end: the real `stripe` SDK against the local fake of Stripe's API, and
 * the shop's webhook with events signed by the SDK's own test-header helper.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { stripeProvider } from '../src/modules/payments/providers/stripe';
import { WebhookSignatureError } from '../src/modules/payments/providers/provider';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe';
import {
  allPayments,
  newBuyer,
  newProduct,
  newSeller,
  orderOf,
  payAtProvider,
  placeOrder,
  postPayment,
  startPayWorld,
  startPaying,
  type PayWorld,
} from './helpers/payments-fixtures';

describe('stripe provider against the fake Stripe API', () => {
  let fake: FakeStripe;
  let provider: ReturnType<typeof stripeProvider>;
  const orderId = '6f1c2b0e-8d4a-4c55-9a57-0b2f5f7a9c11';

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = stripeProvider({
      provider: 'stripe',
      stripeSecretKey: fake.secretKey,
      stripePublishableKey: 'pk_test_fake',
      stripeWebhookSecret: fake.webhookSecret,
      stripeApi: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
  });
  afterAll(() => fake.close());

  it('creates an intent in cents, USD, the order id in metadata; one intent per idempotency key', async () => {
    const a = await provider.createIntent({
      orderId,
      amountCents: 12345,
      currency: 'usd',
      idempotencyKey: `order-${orderId}-12345`,
      email: 'b@test.shop',
    });
    expect(a).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 12345,
      currency: 'usd',
      orderId,
      last4: null,
      brand: null,
      refundedCents: 0,
    });
    expect(a.clientSecret).toMatch(new RegExp(`^${a.id}_secret_`));
    const again = await provider.createIntent({
      orderId,
      amountCents: 12345,
      currency: 'usd',
      idempotencyKey: `order-${orderId}-12345`,
      email: 'b@test.shop',
    });
    expect(again.id).toBe(a.id);
    const pi = fake.intents.get(a.id)!;
    expect(pi).toMatchObject({ amount: 12345, currency: 'usd', metadata: { orderId }, receipt_email: 'b@test.shop' });
    expect(pi.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'never' });
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.map((r) => r.idempotencyKey)).toEqual([`order-${orderId}-12345`, `order-${orderId}-12345`]);
  });

  it('reads the card brand and last4 from the expanded latest charge once confirmed', async () => {
    const a = await provider.createIntent({
      orderId,
      amountCents: 5000,
      currency: 'usd',
      idempotencyKey: 'k-read',
      email: 'b@test.shop',
    });
    await fake.confirm(a.id, 'pm_card_mastercard');
    // The shop's intents are held (capture_method manual) until the hand-off.
    expect(fake.intents.get(a.id)?.capture_method).toBe('manual');
    expect(await provider.retrieveIntent(a.id)).toMatchObject({
      id: a.id,
      status: 'requires_capture',
      amountCents: 5000,
      orderId,
      last4: '4444',
      brand: 'mastercard',
      refundedCents: 0,
    });
  });

  it('a declined card leaves the intent payable, with Stripe’s card error', async () => {
    const a = await provider.createIntent({
      orderId,
      amountCents: 5000,
      currency: 'usd',
      idempotencyKey: 'k-decline',
      email: 'b@test.shop',
    });
    const err = await fake.confirm(a.id, 'pm_card_chargeDeclined').catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await provider.retrieveIntent(a.id))?.status).toBe('requires_payment_method');
    await fake.confirm(a.id, 'pm_card_visa');
    expect((await provider.retrieveIntent(a.id))?.status).toBe('requires_capture');
  });

  it('does not know forged ids, and never sends malformed ones to Stripe', async () => {
    expect(await provider.retrieveIntent('pi_doesnotexist123')).toBeNull();
    const before = fake.requests.length;
    for (const id of ['ch_123', 'pi_x/../../v1/refunds', 'pi_abc_secret_def', '', `${'pi_'.padEnd(300, 'a')}?`])
      expect(await provider.retrieveIntent(id)).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it('refunds once however often it is asked, and reports an outage so the caller can retry', async () => {
    const a = await provider.createIntent({
      orderId,
      amountCents: 7000,
      currency: 'usd',
      idempotencyKey: 'k-refund',
      email: 'b@test.shop',
    });
    await fake.confirm(a.id);
    // A refund is of money taken: captured first (a held intent is released instead, see handoff.test.ts).
    await provider.capture(a.id, `capture-${a.id}`);
    fake.failNextRefunds(1);
    await expect(provider.refund(a.id, `refund-${a.id}`)).rejects.toThrow();
    // Stripe replays the stored 500 for the same key: a retry needs a new key.
    await expect(provider.refund(a.id, `refund-${a.id}`)).rejects.toThrow();
    await provider.refund(a.id, `refund-${a.id}-retry-1`);
    await provider.refund(a.id, `refund-${a.id}-retry-1`);
    await provider.refund(a.id, `refund-${a.id}-retry-2`);
    expect(fake.refundedIntents().filter((id) => id === a.id)).toHaveLength(1);
    expect(fake.charges.get(fake.intents.get(a.id)!.latest_charge!)).toMatchObject({ amount_refunded: 7000, refunded: true });
    expect((await provider.retrieveIntent(a.id))?.refundedCents).toBe(7000);
  });

  it('checks webhook signatures with the SDK', async () => {
    const a = await provider.createIntent({
      orderId,
      amountCents: 5000,
      currency: 'usd',
      idempotencyKey: 'k-hook',
      email: 'b@test.shop',
    });
    await fake.confirm(a.id);
    const event = fake.eventFor(a.id, 'payment_intent.amount_capturable_updated');
    const { payload, header } = fake.sign(event);
    expect(await provider.parseWebhook(Buffer.from(payload), header)).toMatchObject({
      id: event.id,
      type: 'payment_intent.amount_capturable_updated',
      intent: { id: a.id, orderId },
    });
    await expect(provider.parseWebhook(Buffer.from(payload), undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.parseWebhook(Buffer.from(payload.replace('5000', '1')), header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(Buffer.from(payload), fake.sign(event, 'whsec_wrong').header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const stale = fake.sign(event, fake.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    await expect(provider.parseWebhook(Buffer.from(stale.payload), stale.header)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('paying with Stripe through the shop', () => {
  let w: PayWorld;
  let fake: FakeStripe;
  let hook: string;
  beforeAll(async () => {
    w = await startPayWorld('stripe');
    fake = w.fake!;
    hook = `${w.t.baseUrl}/api/webhooks/stripe`;
  });
  afterAll(() => w.close());

  it('create-payment-intent, card confirmed at Stripe, POST /payments: the order is paid and the item sold', async () => {
    const seller = await newSeller(w.t);
    const productId = await newProduct(seller, 199.99);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent = await startPaying(buyer, orderId, { price: 0.5 });
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake', amount: 199.99, currency: 'usd' });
    expect(fake.intents.get(intent.paymentIntentId)).toMatchObject({ amount: 19999, currency: 'usd', metadata: { orderId } });
    // Opening the payment page again reuses the intent (idempotency key per order and amount).
    expect((await startPaying(buyer, orderId)).paymentIntentId).toBe(intent.paymentIntentId);

    await w.confirm(buyer, intent);
    const r = await postPayment(buyer, orderId, intent.paymentIntentId);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const o = await orderOf(buyer, orderId);
    expect(o).toMatchObject({ status: 'paid', paid: true, price: 199.99, transactionId: intent.paymentIntentId });
    expect(Date.parse(o.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(o.payment).toEqual({
      provider: 'stripe',
      transactionId: intent.paymentIntentId,
      amount: 199.99,
      status: 'succeeded',
      last4: '4242',
      brand: 'visa',
      createdAt: o.paidAt,
      refundedAt: null,
      // Held until the hand-off: nothing captured yet.
      capturedAt: null,
    });
    expect(fake.intents.get(intent.paymentIntentId)?.status).toBe('requires_capture');
    const mine = await buyer.get<{ _id: string; transactionId: string | null; payment: unknown }[]>(
      `/api/orders?email=${buyer.email}`,
    );
    expect(mine.body[0]).toMatchObject({
      _id: orderId,
      transactionId: intent.paymentIntentId,
      payment: { status: 'succeeded', last4: '4242' },
    });

    const all = await w.t.client().get<{ _id: string }[]>('/api/allproducts');
    expect(all.body.map((p) => p._id)).not.toContain(productId);
    const rows = await allPayments(w.t);
    expect(rows.find((p) => p.transactionId === intent.paymentIntentId)).toMatchObject({
      _id: r.body.insertedId,
      status: 'succeeded',
      price: 199.99,
      provider: 'stripe',
      last4: '4242',
      brand: 'visa',
    });
    expect(await postPayment(buyer, orderId, intent.paymentIntentId)).toMatchObject({
      status: 201,
      body: { insertedId: r.body.insertedId },
    });
    expect(fake.refundedIntents()).toEqual([]);
  });

  it('a declined card records nothing; the same intent can then be paid with another card', async () => {
    const productId = await newProduct(await newSeller(w.t));
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent = await startPaying(buyer, orderId);
    await w.confirm(buyer, intent, 'declined');
    const r = await postPayment(buyer, orderId, intent.paymentIntentId);
    expect(r).toMatchObject({
      status: 400,
      body: { error: 'payment_not_verified', message: 'The payment could not be verified: the payment has not succeeded.' },
    });
    expect((await orderOf(buyer, orderId)).status).toBe('unpaid');
    expect((await allPayments(w.t)).filter((p) => p.orderId === orderId)).toEqual([]);

    // The decline's webhook changes nothing either.
    const failed = fake.eventFor(intent.paymentIntentId, 'payment_intent.payment_failed');
    expect(await fake.deliver(hook, failed)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect((await orderOf(buyer, orderId)).status).toBe('unpaid');

    const again = await startPaying(buyer, orderId);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    await w.confirm(buyer, again);
    expect((await postPayment(buyer, orderId, again.paymentIntentId)).status).toBe(201);
  });

  it('a second successful payment for an order already paid is refunded and answered 409', async () => {
    const productId = await newProduct(await newSeller(w.t), 80);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const first = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, first.paymentIntentId)).status).toBe(201);
    // A second intent for the same order (e.g. an old tab, after Stripe's idempotency key expired).
    const second = await fake.sdk.paymentIntents.create({ amount: 8000, currency: 'usd', metadata: { orderId } });
    await fake.confirm(second.id);
    const r = await postPayment(buyer, orderId, second.id);
    expect(r).toMatchObject({
      status: 409,
      body: {
        error: 'order_paid',
        message: 'This order was already paid with another payment. Your payment has been refunded in full.',
      },
    });
    expect(fake.refundedIntents()).toContain(second.id);
    expect(await orderOf(buyer, orderId)).toMatchObject({
      status: 'paid',
      transactionId: first.paymentIntentId,
      payment: { transactionId: first.paymentIntentId },
    });
  });

  describe('webhook', () => {
    it('refuses a bad or missing signature with a 400 JSON error, and records nothing', async () => {
      const productId = await newProduct(await newSeller(w.t));
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, productId);
      const intent = await payAtProvider(w, buyer, orderId);
      const event = fake.eventFor(intent.paymentIntentId, 'payment_intent.amount_capturable_updated');
      const { payload, header } = fake.sign(event);
      const send = (body: string, headers: Record<string, string>) =>
        fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        }));
      const refused = {
        status: 400,
        body: { error: 'invalid_signature', message: expect.stringContaining('Stripe-Signature'), requestId: expect.any(String) },
      };
      expect(await send(payload, {})).toEqual(refused);
      expect(await send(payload, { 'stripe-signature': 'garbage' })).toEqual(refused);
      expect(await send(payload, { 'stripe-signature': fake.sign(event, 'whsec_not_ours').header })).toEqual(refused);
      // Same bytes re-serialised with other spacing: the signature covers the raw body.
      expect(await send(JSON.stringify(event, null, 2), { 'stripe-signature': header })).toEqual(refused);
      expect(
        await send(payload.replace(orderId, '00000000-0000-4000-8000-000000000000'), { 'stripe-signature': header }),
      ).toEqual(refused);
      expect((await fetch(hook, { method: 'POST', headers: { 'stripe-signature': header } })).status).toBe(400);
      expect((await orderOf(buyer, orderId)).status).toBe('unpaid');
      // Any content type reaches the raw-body parser (Stripe sends application/json; charset=utf-8).
      expect(await send(payload, { 'stripe-signature': header, 'content-type': 'text/plain' })).toEqual({
        status: 200,
        body: { received: true, duplicate: false },
      });
      expect((await orderOf(buyer, orderId)).status).toBe('paid');
    });

    it('marks an order paid when the buyer closed the tab before POST /payments, and tells the seller once', async () => {
      const seller = await newSeller(w.t);
      const productId = await newProduct(seller, 120);
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, productId);
      const intent = await payAtProvider(w, buyer, orderId);
      for (const e of fake.eventsFor(intent.paymentIntentId)) expect((await fake.deliver(hook, e)).status).toBe(200);
      const o = await orderOf(buyer, orderId);
      expect(o).toMatchObject({
        status: 'paid',
        transactionId: intent.paymentIntentId,
        payment: { status: 'succeeded', last4: '4242', brand: 'visa', amount: 120 },
      });
      const [row] = (await allPayments(w.t)).filter((p) => p.orderId === orderId);
      assert.isDefined(row, 'the payment row');
      // The webhook alone told the seller.
      const paymentNotes = async () =>
        (await seller.get<{ title: string }[]>('/api/notifications')).body.filter((n) => n.title.startsWith('Payment received'))
          .length;
      expect(await paymentNotes()).toBe(1);
      // The buyer comes back later: the same transaction answers the same insertedId.
      expect(await postPayment(buyer, orderId, intent.paymentIntentId)).toMatchObject({
        status: 201,
        body: { insertedId: row._id },
      });
      expect((await w.t.client().get<{ _id: string }[]>('/api/allproducts')).body.map((p) => p._id)).not.toContain(productId);
      // Still once on the seller's bell after the buyer's late POST /payments.
      expect(await paymentNotes()).toBe(1);
    });

    it('handles a replayed event once, even when the replays arrive together', async () => {
      const productId = await newProduct(await newSeller(w.t));
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, productId);
      const intent = await payAtProvider(w, buyer, orderId);
      const event = fake.eventFor(intent.paymentIntentId, 'payment_intent.amount_capturable_updated');
      const answers = await Promise.all(Array.from({ length: 5 }, () => fake.deliver(hook, event)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(await fake.deliver(hook, event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
      expect((await allPayments(w.t)).filter((p) => p.orderId === orderId)).toHaveLength(1);
      expect((await orderOf(buyer, orderId)).status).toBe('paid');
    });

    it('keeps the state right when events come out of order', async () => {
      const productId = await newProduct(await newSeller(w.t));
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, productId);
      const intent = await startPaying(buyer, orderId);
      await w.confirm(buyer, intent, 'declined');
      await w.confirm(buyer, intent, 'ok');
      const failed = fake.eventFor(intent.paymentIntentId, 'payment_intent.payment_failed');
      const succeeded = fake.eventFor(intent.paymentIntentId, 'payment_intent.amount_capturable_updated');
      // The late "failed" first: the intent has succeeded since, and that is what counts.
      expect((await fake.deliver(hook, failed)).status).toBe(200);
      expect((await orderOf(buyer, orderId)).status).toBe('paid');
      expect((await fake.deliver(hook, succeeded)).body).toEqual({ received: true, duplicate: false });
      expect((await fake.deliver(hook, failed)).body).toEqual({ received: true, duplicate: true });
      expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', transactionId: intent.paymentIntentId });
      expect((await allPayments(w.t)).filter((p) => p.orderId === orderId)).toHaveLength(1);
    });

    it('two buyers’ successes arriving in reverse order: one winner, the other refunded', async () => {
      const productId = await newProduct(await newSeller(w.t), 300);
      const [a, b] = [await newBuyer(w.t, 'a'), await newBuyer(w.t, 'b')];
      const [oa, ob] = [await placeOrder(a, productId), await placeOrder(b, productId)];
      const ia = await payAtProvider(w, a, oa);
      const ib = await payAtProvider(w, b, ob);
      const ea = fake.eventFor(ia.paymentIntentId, 'payment_intent.amount_capturable_updated');
      const eb = fake.eventFor(ib.paymentIntentId, 'payment_intent.amount_capturable_updated');
      expect((await fake.deliver(hook, eb)).status).toBe(200);
      expect((await fake.deliver(hook, ea)).status).toBe(200);
      expect((await fake.deliver(hook, eb)).body.duplicate).toBe(true);
      expect((await orderOf(b, ob)).status).toBe('paid');
      expect(await orderOf(a, oa)).toMatchObject({
        status: 'refunded',
        paid: false,
        transactionId: null,
        payment: { status: 'refunded', transactionId: ia.paymentIntentId },
      });
      expect(fake.refundedIntents().filter((id) => id === ia.paymentIntentId)).toHaveLength(1);
      // The loser's browser posts afterwards: a clear 409, no second refund.
      expect(await postPayment(a, oa, ia.paymentIntentId)).toMatchObject({
        status: 409,
        body: {
          error: 'item_sold',
          message: 'Sorry, someone else bought this item a moment before you. Your payment has been refunded in full.',
        },
      });
      expect(fake.refundedIntents().filter((id) => id === ia.paymentIntentId)).toHaveLength(1);
    });

    it('ignores events that are not about our orders', async () => {
      const before = (await allPayments(w.t)).length;
      const foreign = await fake.sdk.paymentIntents.create({ amount: 999, currency: 'usd' });
      await fake.confirm(foreign.id);
      for (const e of fake.eventsFor(foreign.id))
        expect(await fake.deliver(hook, e)).toEqual({ status: 200, body: { received: true, duplicate: false } });
      const charge = fake.eventsFor(fake.intents.get(foreign.id)!.latest_charge!, 'charge.succeeded');
      expect(charge).toHaveLength(1);
      const [chargeEvent] = charge;
      assert.isDefined(chargeEvent, 'the charge.succeeded event');
      expect((await fake.deliver(hook, chargeEvent)).status).toBe(200);
      expect((await allPayments(w.t)).length).toBe(before);
      expect(fake.refundedIntents()).not.toContain(foreign.id);
    });

    it('gives back a charge for one of our orders that does not match it (wrong amount, deleted order)', async () => {
      const productId = await newProduct(await newSeller(w.t), 50);
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, productId);
      const wrong = await fake.sdk.paymentIntents.create({ amount: 4000, currency: 'usd', metadata: { orderId } });
      await fake.confirm(wrong.id);
      expect(await postPayment(buyer, orderId, wrong.id)).toMatchObject({
        status: 400,
        body: { message: 'The payment could not be verified: the amount does not match the order.' },
      });
      const e = fake.eventFor(wrong.id, 'payment_intent.succeeded');
      expect((await fake.deliver(hook, e)).status).toBe(200);
      expect(fake.refundedIntents()).toContain(wrong.id);
      expect((await orderOf(buyer, orderId)).status).toBe('unpaid');
      expect((await allPayments(w.t)).filter((p) => p.orderId === orderId)).toEqual([]);

      // Paid at Stripe, then the order deleted before the webhook: the money goes back.
      const intent = await payAtProvider(w, buyer, orderId);
      expect((await buyer.del(`/api/orders/${orderId}`)).status).toBe(200);
      const late = fake.eventFor(intent.paymentIntentId, 'payment_intent.amount_capturable_updated');
      expect((await fake.deliver(hook, late)).status).toBe(200);
      expect(fake.refundedIntents()).toContain(intent.paymentIntentId);
    });
  });
});

describe('the webhook route exists only with the stripe provider', () => {
  it('is 404 with the simulated provider', async () => {
    const w = await startPayWorld('simulated');
    try {
      const r = await fetch(`${w.t.baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(r.status).toBe(404);
    } finally {
      await w.close();
    }
  });
});
