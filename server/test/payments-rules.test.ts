/**
 * What the browser sends cannot fake a payment: prices in the request are ignored, forged or foreign
 * transactions and other buyers' orders are refused with nothing recorded, and orders that cannot be
 * paid any more are 409. With each provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PROVIDERS,
  adminOf,
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

describe.each(PROVIDERS)('payment rules (%s provider)', (kind) => {
  let w: PayWorld;
  beforeAll(async () => {
    w = await startPayWorld(kind);
  });
  afterAll(() => w.close());

  async function booked(price = 150) {
    const productId = await newProduct(await newSeller(w.t), price);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    return { productId, buyer, orderId };
  }
  const paymentsOf = async (orderId: string) => (await allPayments(w.t)).filter((p) => p.orderId === orderId);

  it('takes the amount from the order: a price in either request is ignored', async () => {
    const { buyer, orderId } = await booked(150);
    const intent = await startPaying(buyer, orderId, { price: 0.01 });
    expect(intent).toMatchObject({ amount: 150, currency: 'usd', provider: kind });
    await w.confirm(buyer, intent);
    const r = await postPayment(buyer, orderId, intent.paymentIntentId, { price: 0.01 });
    expect(r.status).toBe(201);
    const [row] = await paymentsOf(orderId);
    expect(row).toMatchObject({ price: 150, status: 'succeeded', transactionId: intent.paymentIntentId });
    expect((await orderOf(buyer, orderId)).payment?.amount).toBe(150);
  });

  it('refuses forged and unconfirmed transaction ids with a 400, recording nothing', async () => {
    const { buyer, orderId } = await booked();
    const intent = await startPaying(buyer, orderId);
    const forged = [
      'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      'pi_sim_0123456789abcdef01234567',
      intent.clientSecret,
      'ch_3MtwBwLkdIwHu7ix28a3tqPa',
      "'; drop table payment; --",
      'x'.repeat(200),
    ];
    for (const transactionId of forged) {
      const r = await postPayment(buyer, orderId, transactionId);
      expect(r.status, transactionId).toBe(400);
      expect(r.body).toMatchObject({ error: 'payment_not_verified', field: 'transactionId' });
    }
    // A real intent of this very order, created but never confirmed.
    expect(await postPayment(buyer, orderId, intent.paymentIntentId)).toMatchObject({
      status: 400,
      body: { message: 'The payment could not be verified: the payment has not succeeded.' },
    });
    expect((await postPayment(buyer, orderId, '')).status).toBe(400);
    expect(await paymentsOf(orderId)).toEqual([]);
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'unpaid', paid: false, transactionId: null, payment: null });
  });

  it("refuses another buyer's transaction and another buyer's order, recording nothing", async () => {
    const mine = await booked();
    const theirs = await booked();
    const theirIntent = await payAtProvider(w, theirs.buyer, theirs.orderId);
    // Their successful payment, posted for my order: it belongs to another order.
    expect(await postPayment(mine.buyer, mine.orderId, theirIntent.paymentIntentId)).toMatchObject({
      status: 400,
      body: { message: 'The payment could not be verified: the transaction belongs to another order.' },
    });
    // Their order, paid with their transaction, posted by me: I cannot see it.
    expect(await postPayment(mine.buyer, theirs.orderId, theirIntent.paymentIntentId)).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    expect(await mine.buyer.post('/api/create-payment-intent', { orderId: theirs.orderId })).toMatchObject({ status: 404 });
    expect(await paymentsOf(mine.orderId)).toEqual([]);
    expect(await paymentsOf(theirs.orderId)).toEqual([]);

    // Once their payment is recorded, it still does not pay for my order.
    expect((await postPayment(theirs.buyer, theirs.orderId, theirIntent.paymentIntentId)).status).toBe(201);
    expect((await postPayment(mine.buyer, mine.orderId, theirIntent.paymentIntentId)).status).toBe(400);
    expect((await orderOf(mine.buyer, mine.orderId)).status).toBe('unpaid');

    // Who may call: not signed in, a seller, someone else's email in the body.
    const anon = w.t.client();
    expect((await anon.post('/api/payments', { transactionId: theirIntent.paymentIntentId, OrderId: mine.orderId })).status).toBe(
      401,
    );
    expect((await anon.post('/api/create-payment-intent', { orderId: mine.orderId })).status).toBe(401);
    // A seller buys too (issue 26), so another person's order is one they cannot see: 404 (was 403).
    const seller = await newSeller(w.t);
    expect((await seller.post('/api/create-payment-intent', { orderId: mine.orderId })).status).toBe(404);
    expect((await postPayment(mine.buyer, mine.orderId, theirIntent.paymentIntentId, { email: theirs.buyer.email })).status).toBe(
      403,
    );
    expect(await paymentsOf(mine.orderId)).toEqual([]);
  });

  it('answers 409 to create-payment-intent for paid, refunded and sold-out orders', async () => {
    const { productId, buyer, orderId } = await booked(70);
    const rival = await newBuyer(w.t, 'rival');
    const rivalOrder = await placeOrder(rival, productId);
    const late = await newBuyer(w.t, 'late');
    const lateOrder = await placeOrder(late, productId);
    const rivalIntent = await payAtProvider(w, rival, rivalOrder);

    const mine = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, mine.paymentIntentId)).status).toBe(201);
    expect(await buyer.post('/api/create-payment-intent', { orderId })).toMatchObject({
      status: 409,
      body: { error: 'order_paid', message: 'This order is already paid.' },
    });
    expect(await buyer.del(`/api/orders/${orderId}`)).toMatchObject({ status: 409 });

    expect((await postPayment(rival, rivalOrder, rivalIntent.paymentIntentId)).status).toBe(409);
    expect(await rival.post('/api/create-payment-intent', { orderId: rivalOrder })).toMatchObject({
      status: 409,
      body: { error: 'order_refunded' },
    });
    expect(await rival.del(`/api/orders/${rivalOrder}`)).toMatchObject({ status: 409 });

    expect(await late.post('/api/create-payment-intent', { orderId: lateOrder })).toMatchObject({
      status: 409,
      body: { error: 'item_sold', message: 'Sorry, this item is no longer for sale.' },
    });
    expect((await orderOf(late, lateOrder)).status).toBe('unpaid');
  });

  it('keeps only the brand and last4 of a card', async () => {
    const { buyer, orderId } = await booked();
    const intent = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, intent.paymentIntentId)).status).toBe(201);
    expect(await orderOf(buyer, orderId)).toMatchObject({ payment: { last4: '4242', brand: 'visa' } });
    // Nothing anywhere in the database holds a full card number or a CVC.
    const { db } = w.t.database;
    const dump = JSON.stringify(
      await db.execute(
        sql`select (select coalesce(json_agg(p), '[]') from payment p) as payments, (select coalesce(json_agg(s), '[]') from simulated_intent s) as intents`,
      ),
    );
    expect(dump).toContain('4242');
    expect(dump).not.toMatch(/4242\s?4242/);
    expect(dump).not.toMatch(/"cvc"|"card_?number"/i);
  });

  it('shows the admin every payment, newest first, and nobody else', async () => {
    const admin = await adminOf(w.t);
    const { buyer, orderId } = await booked(33.5);
    const intent = await payAtProvider(w, buyer, orderId);
    const posted = await postPayment(buyer, orderId, intent.paymentIntentId);
    const r = await admin.get<Record<string, unknown>[]>('/api/payments?limit=1');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toEqual({
      _id: posted.body.insertedId,
      orderId,
      productName: expect.stringMatching(/^MacBook /),
      provider: kind,
      transactionId: intent.paymentIntentId,
      price: 33.5,
      currency: 'usd',
      email: buyer.email,
      status: 'succeeded',
      last4: '4242',
      brand: 'visa',
      createdAt: expect.any(String),
      refundedAt: null,
    });
    expect(r.headers.get('link')).toMatch(/rel="next"/);
    expect((await buyer.get('/api/payments')).status).toBe(403);
    expect((await w.t.client().get('/api/payments')).status).toBe(401);
  });
});
