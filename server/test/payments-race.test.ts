/**
 * One winner per item: many buyers paying for one product at the same moment, with each provider,
 * on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent } from '@shop/contract';
import type { Client } from './helpers/client';
import {
  PROVIDERS,
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

const BUYERS = 20;

describe.each(PROVIDERS)('one winner per item (%s provider)', (kind) => {
  let w: PayWorld;
  beforeAll(async () => {
    w = await startPayWorld(kind);
  });
  afterAll(() => w.close());

  /** A product and `n` buyers who each booked it and confirmed their card at the provider. */
  async function crowd(n: number, price = 640) {
    const productId = await newProduct(await newSeller(w.t), price);
    const buyers = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const client = await newBuyer(w.t, `crowd${i}`);
        const orderId = await placeOrder(client, productId);
        const intent = await payAtProvider(w, client, orderId);
        return { client, orderId, intent };
      }),
    );
    return { productId, buyers };
  }

  it(`${BUYERS} buyers paying at the same moment: exactly one paid order, the others refunded with a clear 409`, async () => {
    const { productId, buyers } = await crowd(BUYERS);
    const answers = await Promise.all(buyers.map((b) => postPayment(b.client, b.orderId, b.intent.paymentIntentId)));

    const won = answers.filter((r) => r.status === 201);
    const lost = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(BUYERS - 1);
    for (const r of lost)
      expect(r.body).toEqual({
        error: 'item_sold',
        message: 'Sorry, someone else bought this item a moment before you. Your payment has been refunded in full.',
        requestId: expect.any(String),
      });

    const winner = buyers[answers.findIndex((r) => r.status === 201)];
    assert.isDefined(winner, 'the buyer whose payment won');
    const losers = buyers.filter((b) => b !== winner);
    expect(await orderOf(winner.client, winner.orderId)).toMatchObject({
      status: 'paid',
      paid: true,
      transactionId: winner.intent.paymentIntentId,
    });
    for (const l of losers) {
      const o = await orderOf(l.client, l.orderId);
      expect(o).toMatchObject({
        status: 'refunded',
        paid: false,
        transactionId: null,
        paidAt: null,
        payment: { status: 'refunded', transactionId: l.intent.paymentIntentId },
      });
      expect(o.payment?.refundedAt).toBeTruthy();
    }

    // The provider refunded every loser once, and the winner not at all.
    const refunded = w.refunded();
    expect([...refunded].sort()).toEqual(losers.map((l) => l.intent.paymentIntentId).sort());
    if (w.fake) {
      for (const l of losers)
        expect(w.fake.charges.get(w.fake.intents.get(l.intent.paymentIntentId)!.latest_charge!)).toMatchObject({
          amount_refunded: 64000,
          refunded: true,
        });
      expect(w.fake.charges.get(w.fake.intents.get(winner.intent.paymentIntentId)!.latest_charge!)?.amount_refunded).toBe(0);
    }

    const rows = (await allPayments(w.t)).filter((p) => buyers.some((b) => b.orderId === p.orderId));
    expect(rows).toHaveLength(BUYERS);
    expect(rows.filter((p) => p.status === 'succeeded').map((p) => p._id)).toEqual([won[0]?.body.insertedId]);
    expect(rows.filter((p) => p.status === 'refunded')).toHaveLength(BUYERS - 1);

    expect((await w.t.client().get<{ _id: string }[]>('/api/allproducts')).body.map((p) => p._id)).not.toContain(productId);
    // Losers cannot start paying again; a new buyer cannot book the sold item.
    const [loser] = losers;
    assert.isDefined(loser, 'a buyer whose payment lost');
    expect(await loser.client.post('/api/create-payment-intent', { orderId: loser.orderId })).toMatchObject({
      status: 409,
      body: { error: 'order_refunded' },
    });
    const late = await newBuyer(w.t);
    expect(
      (await late.post('/api/orders', { productId, buyerName: 'Late', phone: '+8801800000001', meettingLocation: 'Banani' }))
        .status,
    ).toBe(409);
  });

  if (kind === 'stripe') {
    it(`${BUYERS} buyers, each paid by POST /payments and the webhook at once: still one winner, each loser refunded once`, async () => {
      const { buyers } = await crowd(BUYERS, 75);
      const fake = w.fake!;
      const hook = `${w.t.baseUrl}/api/webhooks/stripe`;
      const calls = buyers.flatMap((b) => [
        postPayment(b.client, b.orderId, b.intent.paymentIntentId),
        fake.deliver(hook, fake.eventFor(b.intent.paymentIntentId, 'payment_intent.amount_capturable_updated')),
      ]);
      const answers = await Promise.all(calls);
      const posts = answers.filter((_, i) => i % 2 === 0);
      const hooks = answers.filter((_, i) => i % 2 === 1);
      expect(hooks.every((h) => h.status === 200)).toBe(true);
      expect(posts.filter((r) => r.status === 201)).toHaveLength(1);
      expect(posts.filter((r) => r.status === 409)).toHaveLength(BUYERS - 1);

      const rows = (await allPayments(w.t)).filter((p) => buyers.some((b) => b.orderId === p.orderId));
      expect(rows).toHaveLength(BUYERS);
      expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
      const statuses = await Promise.all(buyers.map((b) => orderOf(b.client, b.orderId).then((o) => o.status)));
      expect(statuses.filter((s) => s === 'paid')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'refunded')).toHaveLength(BUYERS - 1);
      const winner = buyers[statuses.indexOf('paid')];
      for (const b of buyers) {
        const charge = fake.charges.get(fake.intents.get(b.intent.paymentIntentId)!.latest_charge!)!;
        expect(charge.amount_refunded).toBe(b === winner ? 0 : 7500);
        expect(fake.refundedIntents().filter((id) => id === b.intent.paymentIntentId)).toHaveLength(b === winner ? 0 : 1);
      }
    });
  }

  it('a double-clicked Pay (the same transaction in parallel) records one payment and answers the same insertedId', async () => {
    const productId = await newProduct(await newSeller(w.t), 99);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent: PaymentIntent = await payAtProvider(w, buyer, orderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postPayment(buyer, orderId, intent.paymentIntentId)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.insertedId)).size).toBe(1);
    const rows = (await allPayments(w.t)).filter((p) => p.orderId === orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      _id: answers[0]?.body.insertedId,
      status: 'succeeded',
      transactionId: intent.paymentIntentId,
      price: 99,
    });
    expect(w.refunded()).not.toContain(intent.paymentIntentId);
  });

  it('a losing double click: both clicks get the 409, one refund', async () => {
    const productId = await newProduct(await newSeller(w.t), 99);
    const [a, b] = [await newBuyer(w.t, 'a'), await newBuyer(w.t, 'b')];
    const [oa, ob] = [await placeOrder(a, productId), await placeOrder(b, productId)];
    const ia = await payAtProvider(w, a, oa);
    const ib = await payAtProvider(w, b, ob);
    expect((await postPayment(a, oa, ia.paymentIntentId)).status).toBe(201);
    const clicks = await Promise.all([
      postPayment(b as Client, ob, ib.paymentIntentId),
      postPayment(b as Client, ob, ib.paymentIntentId),
    ]);
    expect(clicks.map((r) => r.status)).toEqual([409, 409]);
    expect(clicks.map((r) => r.body.error)).toEqual(['item_sold', 'item_sold']);
    expect(w.refunded().filter((id) => id === ib.paymentIntentId)).toHaveLength(1);
    expect((await allPayments(w.t)).filter((p) => p.orderId === ob)).toHaveLength(1);
  });

  it('a buyer whose intent is open when the item sells cannot pay for it any more', async () => {
    const productId = await newProduct(await newSeller(w.t), 42);
    const [a, b] = [await newBuyer(w.t, 'a'), await newBuyer(w.t, 'b')];
    const [oa, ob] = [await placeOrder(a, productId), await placeOrder(b, productId)];
    const ib = await startPaying(b, ob);
    const ia = await payAtProvider(w, a, oa);
    expect((await postPayment(a, oa, ia.paymentIntentId)).status).toBe(201);
    expect(await b.post('/api/create-payment-intent', { orderId: ob })).toMatchObject({
      status: 409,
      body: { error: 'item_sold' },
    });
    // Confirming the stale intent anyway: the money goes back at once.
    await w.confirm(b, ib);
    expect(await postPayment(b, ob, ib.paymentIntentId)).toMatchObject({ status: 409, body: { error: 'item_sold' } });
    expect(w.refunded()).toContain(ib.paymentIntentId);
  });
});
