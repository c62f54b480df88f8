/**
 * Offers under attack (security review 2): only the offer's two people answer it, each only their
 * own turn, and no booking ever costs more than the item's price at the moment of the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { addProduct, buyer, expectError, expectStatus, seller } from './helpers/builders';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('offers abuse', () => {
  it('a stranger cannot answer an offer; the buyer cannot answer their own', async () => {
    const s = await seller(t, 'oa-seller');
    const b = await buyer(t, 'oa-buyer');
    const x = await buyer(t, 'oa-stranger');
    const p = await addProduct(s, { price: 100 });
    const id = expectStatus(await b.post<{ insertedId: string }>(`/api/products/${p}/offers`, { amount: 80 }), 201, 'offer').body
      .insertedId;
    for (const step of ['accept', 'decline', 'counter'])
      expectError(
        await x.post(`/api/offers/${id}/${step}`, step === 'counter' ? { amount: 90 } : undefined),
        404,
        `stranger ${step}`,
      );
    expectError(await b.post(`/api/offers/${id}/accept`), 409, 'buyer accepts own open offer');
    expectError(await b.post(`/api/offers/${id}/counter`, { amount: 90 }), 409, 'buyer counters own offer');
  });

  it('a seller counters once: no loop of counters (each would mail the buyer and push the expiry on)', async () => {
    const s = await seller(t, 'oa-loop-seller');
    const b = await buyer(t, 'oa-loop-buyer');
    const p = await addProduct(s, { price: 100 });
    const id = expectStatus(await b.post<{ insertedId: string }>(`/api/products/${p}/offers`, { amount: 70 }), 201, 'offer').body
      .insertedId;
    expectStatus(await s.post(`/api/offers/${id}/counter`, { amount: 95 }), 200, 'first counter');
    const err = expectError(await s.post(`/api/offers/${id}/counter`, { amount: 94 }), 409, 'second counter');
    expect(err.error).toBe('offer_state');
    const mine = (await b.get<{ _id: string; counter: number | null }[]>('/api/offers?role=buyer')).body;
    expect(mine.find((o) => o._id === id)?.counter, 'the first counter stands').toBe(95);
  });

  it('an offer at or above a price cut since is not booked at more than the price', async () => {
    const s = await seller(t, 'oa-cut-seller');
    const b = await buyer(t, 'oa-cut-buyer');
    const p = await addProduct(s, { price: 100 });
    const open = expectStatus(await b.post<{ insertedId: string }>(`/api/products/${p}/offers`, { amount: 80 }), 201, 'offer')
      .body.insertedId;
    // The seller cuts the price below the buyer's offer, then accepts the offer.
    expectStatus(await s.request('PATCH', `/api/products/${p}`, { price: 60 }), 200, 'price cut');
    const err = expectError(await s.post(`/api/offers/${open}/accept`), 409, 'accept above the price');
    expect(err.error).toBe('price_changed');
    const mine = (await b.get<{ _id: string; status: string }[]>('/api/offers?role=buyer')).body;
    expect(mine.find((o) => o._id === open)?.status, 'still waiting: the buyer may withdraw it').toBe('open');
    const booked = await t.database.query<{ n: number }>(
      undefined,
      'select count(*)::int as n from orders where product_id = $1',
      [p],
    );
    expect(booked[0]?.n, 'nothing booked').toBe(0);
  });
});
