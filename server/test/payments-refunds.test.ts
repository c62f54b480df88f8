/**
 * No money kept for an item that cannot be delivered: a loser's refund that the provider refused is
 * kept as refund_pending and retried (on the buyer's next call, by the webhook, by the sweep at
 * start-up and every few minutes) until it goes through. With each provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import {
  PROVIDERS,
  allPayments,
  eventually,
  newBuyer,
  newProduct,
  newSeller,
  orderOf,
  payAtProvider,
  placeOrder,
  postPayment,
  startPayWorld,
  type PayWorld,
} from './helpers/payments-fixtures';

const PENDING =
  'Sorry, someone else bought this item a moment before you. Your payment will be refunded in full: the refund is on its way and needs nothing from you.';
const DONE = 'Sorry, someone else bought this item a moment before you. Your payment has been refunded in full.';

describe.each(PROVIDERS)('refunds that fail are retried (%s provider)', (kind) => {
  let w: PayWorld;
  beforeAll(async () => {
    w = await startPayWorld(kind);
  });
  afterAll(() => w.close());

  /** A sold item and a loser whose refund the provider just refused. */
  async function lostWithFailedRefund() {
    const productId = await newProduct(await newSeller(w.t), 210);
    const [winner, loser] = [await newBuyer(w.t, 'winner'), await newBuyer(w.t, 'loser')];
    const [ow, ol] = [await placeOrder(winner, productId), await placeOrder(loser, productId)];
    const iw = await payAtProvider(w, winner, ow);
    const il = await payAtProvider(w, loser, ol);
    expect((await postPayment(winner, ow, iw.paymentIntentId)).status).toBe(201);
    w.failNextRefunds(1);
    const r = await postPayment(loser, ol, il.paymentIntentId);
    expect(r).toMatchObject({ status: 409, body: { error: 'item_sold', message: PENDING } });
    const o = await orderOf(loser, ol);
    expect(o).toMatchObject({ status: 'refunded', paid: false, payment: { status: 'refund_pending', refundedAt: null } });
    expect(w.refunded()).not.toContain(il.paymentIntentId);
    return { loser, orderId: ol, intentId: il.paymentIntentId };
  }

  it("retries on the buyer's next call for the payment", async () => {
    const { loser, orderId, intentId } = await lostWithFailedRefund();
    const r = await postPayment(loser, orderId, intentId);
    expect(r).toMatchObject({ status: 409, body: { error: 'item_sold', message: DONE } });
    expect(await orderOf(loser, orderId)).toMatchObject({
      status: 'refunded',
      payment: { status: 'refunded', refundedAt: expect.any(String) },
    });
    expect(w.refunded().filter((id) => id === intentId)).toHaveLength(1);
    // Asking again refunds nothing more.
    expect((await postPayment(loser, orderId, intentId)).body.message).toBe(DONE);
    expect(w.refunded().filter((id) => id === intentId)).toHaveLength(1);
  });

  it('retries, when a server starts, every pending refund older than a minute (younger ones a request may be busy with)', async () => {
    const a = await lostWithFailedRefund();
    const b = await lostWithFailedRefund();
    const pendingOf = async () =>
      (await allPayments(w.t)).filter((p) => p.orderId === a.orderId || p.orderId === b.orderId).map((p) => p.status);
    // Another instance (or this one restarted) on the same database, right away: the refunds are too young.
    const soon = await buildApp({ config: w.t.config, database: w.t.database, payments: w.makePayments?.(w.t.database) });
    try {
      await soon.ready();
      await soon.jobs.runDue();
    } finally {
      await soon.close();
    }
    expect(await pendingOf()).toEqual(['refund_pending', 'refund_pending']);
    // Two minutes later by its clock.
    const later = new Date(Date.now() + 2 * 60_000);
    const second = await buildApp({
      config: w.t.config,
      database: w.t.database,
      payments: w.makePayments?.(w.t.database),
      clock: () => later,
    });
    try {
      await second.ready();
      await second.jobs.runDue();
    } finally {
      await second.close();
    }
    expect(await pendingOf()).toEqual(['refunded', 'refunded']);
    expect(w.refunded()).toEqual(expect.arrayContaining([a.intentId, b.intentId]));
    expect((await postPayment(a.loser, a.orderId, a.intentId)).body.message).toBe(DONE);
  });

  it('keeps a refund pending while the provider is down, and finishes it once it is back', async () => {
    const { loser, orderId, intentId } = await lostWithFailedRefund();
    w.failNextRefunds(2);
    expect((await postPayment(loser, orderId, intentId)).body.message).toBe(PENDING);
    expect((await postPayment(loser, orderId, intentId)).body.message).toBe(PENDING);
    expect((await orderOf(loser, orderId)).payment?.status).toBe('refund_pending');
    expect((await postPayment(loser, orderId, intentId)).body.message).toBe(DONE);
    expect(w.refunded().filter((id) => id === intentId)).toHaveLength(1);
  });

  if (kind === 'stripe') {
    it("retries on the webhook for the payment (Stripe replays a failed refund's 500 for its key, so a new key is used)", async () => {
      const { loser, orderId, intentId } = await lostWithFailedRefund();
      const fake = w.fake!;
      // The loser's money is held, not taken: giving it back cancels the hold.
      const cancels = `/v1/payment_intents/${intentId}/cancel`;
      const failedKeys = fake.requests.filter((r) => r.path === cancels && r.status === 500).map((r) => r.idempotencyKey);
      expect(failedKeys).toContain(`refund-${intentId}-release`);
      const event = fake.eventFor(intentId, 'payment_intent.amount_capturable_updated');
      expect((await fake.deliver(`${w.t.baseUrl}/api/webhooks/stripe`, event)).status).toBe(200);
      expect((await orderOf(loser, orderId)).payment?.status).toBe('refunded');
      expect(fake.refundedIntents().filter((id) => id === intentId)).toHaveLength(1);
      const ok = fake.requests.filter(
        (r) => r.path === cancels && r.status === 200 && r.idempotencyKey?.startsWith(`refund-${intentId}`),
      );
      expect(ok).toHaveLength(1);
      expect(ok[0]?.idempotencyKey).not.toBe(`refund-${intentId}-release`);
      expect(fake.intents.get(intentId)?.status).toBe('canceled');
    });

    it('a refund that went through but was not recorded is recognised on retry (charge_already_refunded)', async () => {
      const { loser, orderId, intentId } = await lostWithFailedRefund();
      // The hold was released (say, by hand in the Stripe dashboard) while the shop still has it pending.
      await w.fake!.sdk.paymentIntents.cancel(intentId);
      const r = await postPayment(loser, orderId, intentId);
      expect(r.body.message).toBe(DONE);
      expect((await orderOf(loser, orderId)).payment?.status).toBe('refunded');
      expect(w.fake!.refundedIntents().filter((id) => id === intentId)).toHaveLength(1);
    });

    it('after any webhook, sweeps the pending refunds older than a minute (the nudge of the background job)', async () => {
      const old = await lostWithFailedRefund();
      await w.t.database.db.execute(
        sql`update payment set created_at = created_at - interval '2 minutes' where transaction_id = ${old.intentId}`,
      );
      // Another buyer's payment, whose webhook has nothing to do with the pending refund.
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, await newProduct(await newSeller(w.t), 75));
      const intent = await payAtProvider(w, buyer, orderId);
      const event = w.fake!.eventFor(intent.paymentIntentId, 'payment_intent.amount_capturable_updated');
      expect((await w.fake!.deliver(`${w.t.baseUrl}/api/webhooks/stripe`, event)).status).toBe(200);
      await eventually(async () => (await orderOf(old.loser, old.orderId)).payment?.status === 'refunded');
      expect(w.fake!.refundedIntents().filter((id) => id === old.intentId)).toHaveLength(1);
      expect((await orderOf(buyer, orderId)).status).toBe('paid');
    });

    it('answers a clear 502 when Stripe cannot be reached, and records nothing (last: it stops the fake)', async () => {
      const productId = await newProduct(await newSeller(w.t), 60);
      const buyer = await newBuyer(w.t);
      const orderId = await placeOrder(buyer, productId);
      const intent = await payAtProvider(w, buyer, orderId);
      await w.fake!.close();
      const r = await postPayment(buyer, orderId, intent.paymentIntentId);
      expect(r).toMatchObject({
        status: 502,
        body: {
          error: 'payment_provider_unavailable',
          message: 'The payment provider could not be reached. Please try again in a minute.',
        },
      });
      expect((await buyer.post('/api/create-payment-intent', { orderId })).status).toBe(502);
      expect((await allPayments(w.t)).filter((p) => p.orderId === orderId)).toEqual([]);
      expect((await orderOf(buyer, orderId)).status).toBe('unpaid');
      // Its webhook cannot be handled either: 503 and not remembered, so Stripe's redelivery counts.
      const event = w.fake!.eventFor(intent.paymentIntentId, 'payment_intent.amount_capturable_updated');
      expect(await w.fake!.deliver(`${w.t.baseUrl}/api/webhooks/stripe`, event)).toMatchObject({
        status: 503,
        body: { error: 'webhook_retry_later' },
      });
      expect(
        (await w.t.database.db.execute(sql`select count(*)::int as n from processed_event where id = ${event.id}`)).rows[0],
      ).toEqual({ n: 0 });
    });
  }
});
