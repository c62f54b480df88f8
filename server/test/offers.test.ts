/**
 * People, not roles (issue 26): one account buys and sells; offers (make, counter, accept, decline,
 * expiry, limits, the race of two accepts); favourites (save, sold and price-drop notices, save counts);
 * recently viewed. The authorization matrix of these calls is in authz.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenInvariants } from './fuzz/invariants';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, admin, buyer, expectError, expectStatus, placeOrder, seller } from './helpers/builders';

type Offer = { _id: string; status: string; amount: number; counter: number | null; orderId: string | null; role: string };
type Note = { kind: string; title: string; body: string; link: string };
type Order = { _id: string; price: number; status: string };

let t: TestApp;
/** How far the app's clock is ahead of the real one (the expiry test moves it on). */
let ahead = 0;
let s: Client;

/** Runs one job now, as if its time had come. */
async function runJob(name: string) {
  await t.database.query(
    undefined,
    `update job set next_run_at = now() - interval '1 second', locked_until = null where name = $1`,
    [name],
  );
  await t.app.jobs.runDue();
}
const notes = async (c: Client, kind: string) => (await c.get<Note[]>('/api/notifications')).body.filter((n) => n.kind === kind);
const offer = (c: Client, productId: string, amount: number | string) =>
  c.post<{ insertedId: string }>(`/api/products/${productId}/offers`, { amount });
const made = async (c: Client, productId: string, amount: number) =>
  expectStatus(await offer(c, productId, amount), 201, `offer ${amount}`).body.insertedId;
const offersOf = async (c: Client, role: 'buyer' | 'seller') =>
  expectStatus(await c.get<Offer[]>(`/api/offers?role=${role}`), 200, `offers as ${role}`).body;
const mails = async (to: string, kind: string) =>
  (
    await t.database.query<{ n: number }>(
      undefined,
      'select count(*)::int as n from mail_outbox where lower(to_address) = lower($1) and kind = $2',
      [to, kind],
    )
  )[0]?.n ?? 0;

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_ENABLED: 'true', OFFERS_OPEN_MAX: '3' }, clock: () => new Date(Date.now() + ahead) });
  s = await seller(t, 'offer-seller');
}, 60_000);
afterAll(() => t?.close());

describe('one account buys and sells', () => {
  it('every non-admin account is a buyer; "Start selling" makes it a seller too, who lists and keeps buying', async () => {
    const b = await buyer(t, 'starts-selling');
    expect((await b.get(`/api/users/buyer/${b.email}`)).body).toEqual({ isBuyer: true });
    expect((await b.get(`/api/users/seller/${b.email}`)).body).toEqual({ isSeller: false, isVerified: false });
    expect((await s.get(`/api/users/buyer/${s.email}`)).body, 'a seller buys too').toEqual({ isBuyer: true });

    expect(expectStatus(await b.post('/api/me/start-selling'), 200, 'start selling').body).toEqual({
      isSeller: true,
      isVerified: false,
    });
    expect((await b.get(`/api/users/seller/${b.email}`)).body).toEqual({ isSeller: true, isVerified: false });
    expectStatus(await b.post('/api/me/start-selling'), 200, 'again: the same');
    // The sign-up page's late POST /users cannot turn selling off again.
    await b.post('/api/users', { name: 'Starter', email: b.email, isSeller: false });
    expect((await b.get(`/api/users/seller/${b.email}`)).body).toMatchObject({ isSeller: true });
    const listed = await addProduct(b, { name: 'Starter camera' });

    // The new seller books another seller's item; nobody books their own.
    const other = await addProduct(s, { name: 'Other seller lens' });
    const orderId = await placeOrder(b, other);
    expect(expectStatus(await b.get<Order>(`/api/order/${orderId}`), 200, 'own order').body.status).toBe('unpaid');
    expectError(
      await b.post('/api/orders', { productId: listed, buyerName: 'Me', phone: '+1 555 0100', meettingLocation: 'x' }),
      409,
      'own item',
    );

    const unproven = await t.client().signUp(`unproven-${Date.now()}@test.shop`, { verified: false });
    expectError(await unproven.post('/api/me/start-selling'), 403, 'an unproven email');
    expectError(await (await admin(t)).post('/api/me/start-selling'), 403, 'an admin');
  });
});

describe('offers', () => {
  it('refuses amounts at or above the price and below the least offer, naming amount; not on your own item', async () => {
    const item = await addProduct(s, { price: 400 });
    const b = await buyer(t, 'offer-limits');
    expectError(await offer(b, item, 400), 400, 'at the price', 'amount');
    expectError(await offer(b, item, 199.99), 400, 'below 50%', 'amount');
    expectError(await offer(b, item, 'lots'), 400, 'not a number', 'amount');
    expectError(await offer(s, item, 300), 409, 'own item');
    await made(b, item, 200);
    expectError(await offer(b, item, 250), 409, 'a second one waiting');
  });

  it('counter, accept: the booking is at the agreed price; the other offers close; told on the bell, by mail and in the conversation', async () => {
    const item = await addProduct(s, { name: 'Haggled laptop', price: 1000 });
    const b = await buyer(t, 'haggler');
    const rival = await buyer(t, 'rival');
    const id = await made(b, item, 700);
    const rivalId = await made(rival, item, 650);

    expect(await notes(s, 'offer')).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'New offer: $700.00 for Haggled laptop' })]),
    );
    expect(await mails(s.email, 'offers')).toBeGreaterThan(0);
    // The buyer turned offer mails off: told on the bell only.
    expectStatus(await b.put('/api/me/mail-settings', { offers: false }), 200, 'mails off');

    expectError(await b.post(`/api/offers/${id}/accept`), 409, 'the buyer cannot accept their own open offer');
    expectError(await s.post(`/api/offers/${id}/counter`, { amount: 650 }), 400, 'a counter below the offer', 'amount');
    expectStatus(await s.post(`/api/offers/${id}/counter`, { amount: 850 }), 200, 'counter');
    expect((await offersOf(b, 'buyer')).find((o) => o._id === id)).toMatchObject({
      status: 'countered',
      amount: 700,
      counter: 850,
    });
    expect((await notes(b, 'offer'))[0]).toMatchObject({ title: 'Counter-offer: Haggled laptop for $850.00' });
    expect(await mails(b.email, 'offers')).toBe(0);
    expectError(await s.post(`/api/offers/${id}/accept`), 409, 'the seller cannot accept their own counter');

    const accepted = expectStatus(
      await b.post<{ orderId: string; price: number }>(`/api/offers/${id}/accept`),
      200,
      'accept',
    ).body;
    expect(accepted.price).toBe(850);
    const order = expectStatus(await b.get<Order>(`/api/order/${accepted.orderId}`), 200, 'the booking').body;
    expect(order).toMatchObject({ price: 850, status: 'unpaid' });
    expect((await offersOf(rival, 'buyer')).find((o) => o._id === rivalId)?.status).toBe('closed');
    expect((await notes(rival, 'offer'))[0]?.title).toBe('Offer closed: Haggled laptop');
    expect((await notes(s, 'offer'))[0]?.title).toBe('Offer accepted: Haggled laptop for $850.00');

    // The conversation between the two carries the offer's story.
    const conv = expectStatus(await b.get<{ _id: string }>(`/api/conversations/by-listing/${item}`), 200, 'conversation').body;
    const msgs = (await b.get<{ text: string }[]>(`/api/conversations/${conv._id}/messages`)).body.map((m) => m.text).reverse();
    expect(msgs).toEqual([
      'Offered $700.00 (asking $1,000.00).',
      'Countered your offer of $700.00 with $850.00.',
      expect.stringMatching(/^Accepted the offer: \$850\.00\./),
    ]);

    // Reserved for that buyer now: no new offers, no bookings by others.
    expectError(await offer(rival, item, 900), 409, 'an offer on a reserved item');
    expectError(
      await rival.post('/api/orders', { productId: item, buyerName: 'R', phone: '+1 555 0101', meettingLocation: 'x' }),
      409,
      'booking a reserved item',
    );
    expectError(await b.post(`/api/offers/${id}/decline`), 409, 'an accepted offer is final');
  });

  it('two offers on one item accepted at once make exactly one booking', async () => {
    const item = await addProduct(s, { price: 500 });
    const [b1, b2] = await Promise.all([buyer(t, 'race-1'), buyer(t, 'race-2')]);
    const [o1, o2] = await Promise.all([made(b1, item, 400), made(b2, item, 410)]);
    const answers = await Promise.all([s.post(`/api/offers/${o1}/accept`), s.post(`/api/offers/${o2}/accept`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = await t.database.query<{ n: number }>(
      undefined,
      'select count(*)::int as n from orders where product_id = $1',
      [item],
    );
    expect(row?.n).toBe(1);
    // The fuzzer's invariants hold too: one reserving offer per item, booked at the agreed price.
    expect(await brokenInvariants(t.database)).toEqual([]);
  });

  it('decline and withdraw; at most OFFERS_OPEN_MAX waiting per buyer; 48 hours without an answer expire', async () => {
    const b = await buyer(t, 'many-offers');
    const items = await Promise.all([1, 2, 3, 4].map((i) => addProduct(s, { name: `Offer item ${i}`, price: 100 })));
    const [a, c, d, e] = items as [string, string, string, string];
    const first = await made(b, a, 80);
    const second = await made(b, c, 80);
    await made(b, d, 80);
    expect(expectError(await offer(b, e, 80), 429, 'a fourth waiting').error).toBe('too_many_offers');
    expect(expectStatus(await b.post<{ status: string }>(`/api/offers/${first}/decline`), 200, 'withdraw').body.status).toBe(
      'withdrawn',
    );
    expect(expectStatus(await s.post<{ status: string }>(`/api/offers/${second}/decline`), 200, 'decline').body.status).toBe(
      'declined',
    );
    expect((await notes(b, 'offer'))[0]?.title).toBe('Offer declined: Offer item 2');
    const fourth = await made(b, e, 80);

    ahead = 49 * 60 * 60_000;
    expectError(await s.post(`/api/offers/${fourth}/accept`), 409, 'past its 48 hours');
    await runJob('offers.sweep');
    expect((await offersOf(b, 'buyer')).find((o) => o._id === fourth)?.status).toBe('expired');
    expect((await notes(b, 'offer'))[0]?.title).toBe('Offer expired: Offer item 4');
    ahead = 0;
  });
});

describe('favourites', () => {
  it('saved, listed with its state, counted for the seller; a price cut and a sale are told once', async () => {
    const b = await buyer(t, 'saver');
    const item = await addProduct(s, { name: 'Saved phone', price: 300 });
    expectStatus(await b.put(`/api/favorites/${item}`), 200, 'save');
    expectStatus(await b.put(`/api/favorites/${item}`), 200, 'save again');
    expectError(await s.put(`/api/favorites/${item}`), 409, 'own listing');
    expect((await b.get('/api/favorites')).body).toEqual([
      expect.objectContaining({ productId: item, price: 300, status: 'available' }),
    ]);
    expect((await s.get<{ productId: string; saves: number }[]>('/api/me/listing-saves')).body).toContainEqual({
      productId: item,
      saves: 1,
    });

    expectStatus(await s.request('PATCH', `/api/products/${item}`, { price: 250 }), 200, 'a cut');
    await runJob('alerts.price-drops');
    expect((await notes(b, 'price-drop')).map((n) => n.title)).toEqual(['Price dropped: Saved phone']);

    expectStatus(await s.post(`/api/products/${item}/mark-sold`), 200, 'sold');
    await runJob('alerts.sold-favorites');
    await runJob('alerts.sold-favorites');
    expect((await notes(b, 'favorite-sold')).map((n) => n.title)).toEqual(['Sold: Saved phone']);
    expect((await b.get<{ status: string }[]>('/api/favorites')).body[0]?.status).toBe('sold');

    expectStatus(await b.del(`/api/favorites/${item}`), 200, 'remove');
    expect((await b.get('/api/favorites')).body).toEqual([]);
  });
});

describe('recently viewed', () => {
  it('kept on the account, the latest first, the newest twelve', async () => {
    const b = await buyer(t, 'viewer');
    const items = await Promise.all(Array.from({ length: 14 }, (_, i) => addProduct(s, { name: `Viewed ${i}` })));
    // A guest's list handed over on sign-in (newest first), then two product pages.
    expectStatus(await b.post('/api/me/recently-viewed', { productIds: items.slice(0, 12) }), 200, 'hand over');
    expectStatus(await b.post('/api/me/recently-viewed', { productIds: [items[12]] }), 200, 'a page');
    expectStatus(await b.post('/api/me/recently-viewed', { productIds: [items[13]] }), 200, 'a page');
    const seen = (await b.get<{ productId: string }[]>('/api/me/recently-viewed')).body.map((r) => r.productId);
    expect(seen).toEqual([items[13], items[12], ...items.slice(0, 10)]);
    expectError(await b.post('/api/me/recently-viewed', { productIds: ['nope'] }), 400, 'not an id', 'productIds');
  });
});
