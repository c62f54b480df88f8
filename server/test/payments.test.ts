/**
 * Paying for an order as the web app does (docs/product.md#orders-and-payments) with the simulated
 * provider (Stripe test mode): intent with a clientSecret, the card confirmed with test cards,
 * POST /payments answered with insertedId. The server trusts only a transaction the provider vouches
 * for, for the caller's own order, at the order's price.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import {
  CARDS,
  addProduct,
  admin,
  buyer,
  confirmCard,
  expectError,
  expectStatus,
  fingerprint,
  paidAtProvider,
  placeOrder,
  postPayment,
  seller,
  startPayment,
  type ErrorBody,
} from './helpers/builders';

type OrderRow = { _id: string; paid: boolean; status: string; price: number; transactionId: string | null };
type PaymentRow = { _id: string; orderId: string; transactionId: string; price: number; email: string; status: string };

let t: TestApp;
let s: Client;
/** One buyer for every test (each books a fresh item), and another who tries to use their orders. */
let b: Client;
let thief: Client;
beforeAll(async () => {
  t = await startTestApp();
  [s, b, thief] = await Promise.all([seller(t), buyer(t), buyer(t, 'thief')]);
});
afterAll(() => t?.close());

/** A fresh unpaid order of the buyer for a new product at `price` dollars. */
async function booked(price = 199.99) {
  const productId = await addProduct(s, { price });
  return { b, productId, orderId: await placeOrder(b, productId) };
}

const paymentsOf = async (orderId: string) => t.database.db.select().from(payment).where(eq(payment.orderId, orderId));

describe('the payment flow: intent, card, POST /payments', () => {
  it('intent (clientSecret) -> card 4242 -> POST /payments (insertedId) -> the order is paid', async () => {
    const { b, productId, orderId } = await booked(199.99);
    const intent = await startPayment(b, orderId);
    expect(intent).toMatchObject({ amount: 199.99, currency: 'usd', provider: 'simulated' });
    expect(intent.clientSecret).toMatch(/^pi_sim_\w+_secret_\w+$/);

    const confirmed = expectStatus(await confirmCard(b, intent.clientSecret, CARDS.ok), 200, 'confirm 4242');
    // Authorised and held until the hand-off, as Stripe's capture_method manual.
    expect(confirmed.body.paymentIntent).toEqual({
      id: intent.paymentIntentId,
      status: 'requires_capture',
      amount: 199.99,
      last4: '4242',
      brand: 'visa',
    });

    const r = expectStatus(await postPayment(b, orderId, intent.paymentIntentId, 199.99), 201, 'POST /api/payments');
    expect(Object.keys(r.body).sort()).toEqual(['acknowledged', 'insertedId']);
    expect(r.body.acknowledged).toBe(true);

    const order = (await b.get<OrderRow>(`/api/order/${orderId}`)).body;
    expect(order).toMatchObject({ paid: true, status: 'paid', transactionId: intent.paymentIntentId });
    const rows = (await (await admin(t)).get<PaymentRow[]>('/api/payments?limit=100')).body.filter((p) => p.orderId === orderId);
    expect(rows).toEqual([
      expect.objectContaining({
        _id: r.body.insertedId,
        transactionId: intent.paymentIntentId,
        price: 199.99,
        email: b.email,
        status: 'succeeded',
      }),
    ]);
    // The product is sold: it can no longer be booked.
    expect((await thief.post('/api/orders', { productId, buyerName: 'x', phone: '123456', meettingLocation: 'x' })).status).toBe(
      409,
    );
  });

  it('declines the test cards for declined and insufficient funds (402), and a declined intent cannot be recorded', async () => {
    const { b, orderId } = await booked();
    const intent = await startPayment(b, orderId);
    const declined = expectError(await confirmCard(b, intent.clientSecret, CARDS.declined), 402, 'card 0002');
    expect(declined).toMatchObject({ error: 'card_declined', message: 'Your card was declined.' });
    const poor = await confirmCard(b, intent.clientSecret, CARDS.insufficientFunds);
    expectError(poor, 402, 'card 9995');
    expect((poor.body as ErrorBody).message).toMatch(/insufficient funds/);

    const before = await fingerprint(t);
    expectError(
      await postPayment(b, orderId, intent.paymentIntentId),
      400,
      'POST /payments for a declined intent',
      'transactionId',
    );
    expect(await fingerprint(t)).toEqual(before);
    expect((await b.get<OrderRow>(`/api/order/${orderId}`)).body.paid).toBe(false);

    // The same intent then succeeds with a good card.
    expectStatus(await confirmCard(b, intent.clientSecret, CARDS.ok), 200, 'confirm 4242 after a decline');
    expectStatus(await postPayment(b, orderId, intent.paymentIntentId), 201, 'POST /payments after a good card');
  });
});

describe('what the browser sends cannot fake a payment', () => {
  it('a forged transaction id is 400 and records nothing', async () => {
    const { b, orderId } = await booked();
    await startPayment(b, orderId);
    const before = await fingerprint(t);
    for (const forged of ['pi_sim_forged', 'ch_3NdfakeStripeCharge', 'x'.repeat(200)]) {
      expectError(await postPayment(b, orderId, forged), 400, `POST /payments with ${forged.slice(0, 20)}`, 'transactionId');
    }
    expect(await fingerprint(t)).toEqual(before);
    expect((await b.get<OrderRow>(`/api/order/${orderId}`)).body.paid).toBe(false);
  });

  it('the same transaction twice records once and answers the same insertedId', async () => {
    const { b, orderId } = await booked();
    const txn = await paidAtProvider(b, orderId);
    const first = expectStatus(await postPayment(b, orderId, txn), 201, 'first POST /payments');
    const second = expectStatus(await postPayment(b, orderId, txn), 201, 'second POST /payments');
    expect(second.body.insertedId).toBe(first.body.insertedId);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("another buyer's order is 404 for the intent and for the payment, recording nothing", async () => {
    const { b, orderId } = await booked();
    const txn = await paidAtProvider(b, orderId);
    const before = await fingerprint(t);
    expectError(await thief.post('/api/create-payment-intent', { orderId, price: 1 }), 404, "intent for another buyer's order");
    expectError(await postPayment(thief, orderId, txn), 404, "POST /payments for another buyer's order");
    expect(await fingerprint(t)).toEqual(before);
  });

  it("a transaction of one order cannot pay another (400), and an email not the caller's is 403", async () => {
    const { b, orderId } = await booked();
    const otherOrder = await placeOrder(b, await addProduct(s));
    const txn = await paidAtProvider(b, orderId);
    const before = await fingerprint(t);
    expectError(await postPayment(b, otherOrder, txn), 400, 'a transaction of another order', 'transactionId');
    expectError(
      await b.post('/api/payments', { price: 1, transactionId: txn, email: 'someone-else@test.shop', OrderId: orderId }),
      403,
      "POST /payments with another's email",
    );
    expect(await fingerprint(t)).toEqual(before);
  });

  it('a changed price is ignored: the amount is always the order’s', async () => {
    const { b, orderId } = await booked(450);
    const intent = await startPayment(b, orderId, 0.5);
    expect(intent.amount).toBe(450);
    const again = await startPayment(b, orderId, '1');
    expect(again.amount).toBe(450);
    expectStatus(await confirmCard(b, intent.clientSecret), 200, 'confirm');
    expectStatus(await postPayment(b, orderId, intent.paymentIntentId, 0.01), 201, 'POST /payments with price 0.01');
    const [row] = await paymentsOf(orderId);
    expect(row?.amountCents).toBe(45_000);
    expect((await b.get<OrderRow>(`/api/order/${orderId}`)).body).toMatchObject({ price: 450, paid: true });
  });

  it('a paid order cannot start another payment (409)', async () => {
    const { b, orderId } = await booked();
    const txn = await paidAtProvider(b, orderId);
    expectStatus(await postPayment(b, orderId, txn), 201, 'POST /payments');
    expectError(await b.post('/api/create-payment-intent', { orderId }), 409, 'intent for a paid order');
  });
});

describe('the admin list of payments', () => {
  it('pages newest first with a Link to the next page, and refuses a forged cursor naming the field', async () => {
    for (let i = 0; i < 3; i++) {
      const { orderId } = await booked();
      expectStatus(await postPayment(b, orderId, await paidAtProvider(b, orderId)), 201, 'POST /payments');
    }
    const a = await admin(t);
    const all = expectStatus(await a.get<PaymentRow[]>('/api/payments?limit=100'), 200, 'GET /api/payments').body;
    expect(all.length).toBeGreaterThanOrEqual(3);

    const seen: string[] = [];
    let url: string | undefined = '/api/payments?limit=2';
    while (url) {
      const page: Res<PaymentRow[]> = expectStatus(await a.get<PaymentRow[]>(url), 200, `GET ${url}`);
      expect(page.body.length).toBeLessThanOrEqual(2);
      expect(page.body[0]).not.toHaveProperty('_ts');
      seen.push(...page.body.map((p) => p._id));
      url = page.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];
      if (url) expect(url).toMatch(/^\/api\/payments\?limit=2&cursor=/);
    }
    expect(seen).toEqual(all.map((p) => p._id));

    expectError(await a.get('/api/payments?cursor=not-a-cursor'), 400, 'GET /api/payments with a forged cursor', 'cursor');
    const wrongId = Buffer.from(JSON.stringify(['2026-01-01T00:00:00Z', 'not-an-id'])).toString('base64url');
    expectError(
      await a.get(`/api/payments?cursor=${wrongId}`),
      400,
      'GET /api/payments with a cursor id that is not an id',
      'cursor',
    );
  });
});
