/**
 * Trust: reviews after a completed hand-off (once per order, one seller reply, admin removal logged),
 * the seller's rating on cards, the product page and the seller page; reports of listings, users,
 * reviews and conversations; every moderation action; suspension; auto-hide; roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  admin,
  advertise,
  buyer,
  expectError,
  expectStatus,
  insertUser,
  placeOrder,
  seller,
} from './helpers/builders';
import { order, user } from '../src/db/schema';
import { moveOrder } from '../src/modules/orders/state-machine';

type Review = { _id: string; rating: number; text: string; reply: string | null; buyerName: string };
type Product = { _id: string; sellerId: string; sellerRating: number | null; sellerReviews: number };
type Profile = { _id: string; rating: number | null; reviews: number; completedSales: number; verified: boolean };
type Item = {
  kind: string;
  targetId: string;
  title: string;
  userId: string | null;
  hidden: boolean;
  reports: { reason: string }[];
};
type Queue = { items: Item[]; cases: unknown[] };
type Note = { kind: string; title: string; body: string };
type Audit = { action: string; targetId: string; details: Record<string, unknown> };

let t: TestApp;
let a: Client;

beforeAll(async () => {
  t = await startTestApp({ env: { REPORT_HIDE_THRESHOLD: '3' } });
  a = await admin(t);
}, 60_000);
afterAll(() => t?.close());

/** A booking taken through paid to completed by the hand-off's own state machine (as a confirmed code does). */
async function completedOrder(b: Client, productId: string, sellerId: string) {
  const id = await placeOrder(b, productId);
  const { db } = t.database;
  await db.update(order).set({ status: 'paid' }).where(eq(order.id, id));
  await db.transaction((tx) => moveOrder(tx, { orderId: id, to: 'completed', actorId: sellerId }));
  return id;
}

const queue = async () => expectStatus(await a.get<Queue>('/api/moderation/queue'), 200, 'queue').body;
const itemOf = async (kind: string, id: string) => (await queue()).items.find((i) => i.kind === kind && i.targetId === id);
const act = (kind: string, targetId: string, action: string, reason = 'checked by a moderator') =>
  a.post<{ action: string; resolvedReports: number }>('/api/moderation/actions', { kind, targetId, action, reason });
const notes = async (c: Client) => (await c.get<Note[]>('/api/notifications')).body;
const audit = async () => (await a.get<Audit[]>('/api/audit?limit=100')).body;
const listed = async (c: Client, id: string) => {
  const all = (await c.get<Product[]>('/api/allproducts?limit=100')).body.map((p) => p._id);
  return all.includes(id);
};

describe('reviews', () => {
  let s: Client;
  let b: Client;
  let productId: string;
  let orderId: string;
  let reviewId: string;

  beforeAll(async () => {
    s = await seller(t, 'rev-seller');
    b = await buyer(t, 'rev-buyer');
    productId = await addProduct(s);
  });

  it('not before the hand-off is completed; only the order’s buyer', async () => {
    const pending = await placeOrder(b, productId);
    expect((await b.get<{ canReview: boolean }>(`/api/orders/${pending}/review`)).body.canReview).toBe(false);
    expectError(await b.post(`/api/orders/${pending}/review`, { rating: 5 }), 409, 'before completion');
    orderId = await completedOrder(b, await addProduct(s), s.id);
    expectError(await s.post(`/api/orders/${orderId}/review`, { rating: 1 }), 404, 'the seller reviews');
    expectError(await t.client().post(`/api/orders/${orderId}/review`, { rating: 1 }), 401, 'anonymous');
    expectError(await b.post(`/api/orders/${orderId}/review`, { rating: 6 }), 400, 'rating 6', 'rating');
    expectError(await b.post(`/api/orders/${orderId}/review`, { rating: 4, text: 'x'.repeat(1001) }), 400, 'long', 'text');
  });

  it('once per completed order; the seller is told; the rating shows on cards, the product page and the seller page', async () => {
    expect((await b.get<{ canReview: boolean }>(`/api/orders/${orderId}/review`)).body.canReview).toBe(true);
    const r = expectStatus(
      await b.post<Review>(`/api/orders/${orderId}/review`, { rating: 4, text: ' Great, as described ' }),
      201,
      'review',
    );
    reviewId = r.body._id;
    expect(r.body).toMatchObject({ rating: 4, text: 'Great, as described', reply: null });
    expectError(await b.post(`/api/orders/${orderId}/review`, { rating: 5 }), 409, 'twice');
    expect((await b.get<{ canReview: boolean; review: Review }>(`/api/orders/${orderId}/review`)).body).toMatchObject({
      canReview: false,
      review: { _id: reviewId },
    });
    // A second completed order, rated 2: average 3.0 of 2.
    const second = await completedOrder(b, await addProduct(s), s.id);
    expectStatus(await b.post(`/api/orders/${second}/review`, { rating: 2 }), 201, 'second review');

    const card = (await t.client().get<Product[]>('/api/allproducts?limit=100')).body.find((p) => p._id === productId);
    expect(card).toMatchObject({ sellerId: s.id, sellerRating: 3, sellerReviews: 2 });
    const page = (await t.client().get<Product>(`/api/product/${productId}`)).body;
    expect(page).toMatchObject({ sellerRating: 3, sellerReviews: 2 });
    const profile = expectStatus(await t.client().get<Profile>(`/api/sellers/${s.id}`), 200, 'seller page').body;
    expect(profile).toMatchObject({ rating: 3, reviews: 2, completedSales: 2 });
    const list = (await t.client().get<Review[]>(`/api/sellers/${s.id}/reviews`)).body;
    expect(list.map((x) => x.rating)).toEqual([2, 4]);
    // Everyone reads the reviewer's first name and initial, never the full name they signed up with.
    await t.database.db.update(user).set({ name: 'Beatrice Anne Buyerson' }).where(eq(user.email, b.email));
    const named = (await t.client().get<Review[]>(`/api/sellers/${s.id}/reviews`)).body;
    expect(named.map((x) => x.buyerName)).toEqual(['Beatrice B.', 'Beatrice B.']);
    const theirs = (await t.client().get<Product[]>(`/api/sellers/${s.id}/products`)).body.map((p) => p._id);
    expect(theirs).toContain(productId);
    expect((await notes(s)).some((n) => n.kind === 'review' && n.title.includes('4 of 5'))).toBe(true);
    expectError(await t.client().get(`/api/sellers/${crypto.randomUUID()}`), 404, 'unknown seller');
  });

  it('the seller replies once; nobody else may', async () => {
    expectError(await b.post(`/api/reviews/${reviewId}/reply`, { text: 'me too' }), 403, 'buyer replies');
    const r = expectStatus(await s.post<Review>(`/api/reviews/${reviewId}/reply`, { text: 'Thank you!' }), 200, 'reply');
    expect(r.body.reply).toBe('Thank you!');
    expectError(await s.post(`/api/reviews/${reviewId}/reply`, { text: 'again' }), 409, 'second reply');
    expectError(await s.post(`/api/reviews/${reviewId}/reply`, { text: '' }), 400, 'empty', 'text');
  });

  it('an admin removes a review with a reason: logged, out of the rating; a buyer cannot (403)', async () => {
    expectError(await b.post(`/api/reviews/${reviewId}/remove`, { reason: 'mine' }), 403, 'buyer removes');
    expectError(await a.post(`/api/reviews/${reviewId}/remove`, {}), 400, 'no reason', 'reason');
    expectStatus(await a.post(`/api/reviews/${reviewId}/remove`, { reason: 'Personal data in the text' }), 200, 'remove');
    expectError(await a.post(`/api/reviews/${reviewId}/remove`, { reason: 'again' }), 404, 'removed twice');
    const profile = (await t.client().get<Profile>(`/api/sellers/${s.id}`)).body;
    expect(profile).toMatchObject({ rating: 2, reviews: 1 });
    expect((await t.client().get<Review[]>(`/api/sellers/${s.id}/reviews`)).body.map((x) => x._id)).not.toContain(reviewId);
    const entry = (await audit()).find((x) => x.action === 'review.removed' && x.targetId === reviewId);
    expect(entry?.details).toMatchObject({ reason: 'Personal data in the text', rating: 4 });
  });
});

describe('reports and moderation', () => {
  let s: Client;
  let b: Client;
  let others: Client[];

  beforeAll(async () => {
    s = await seller(t, 'mod-seller');
    b = await buyer(t, 'mod-buyer');
    others = [await buyer(t, 'mod-r1'), await buyer(t, 'mod-r2'), await buyer(t, 'mod-r3')];
  });

  it('reports of each kind land in the queue with the thing beside them; bad ones are refused', async () => {
    const listing = await addProduct(s, { name: 'Too good to be true iPhone' });
    expectStatus(await b.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Fake photos' }), 201, 'listing');
    expectError(await b.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'again' }), 409, 'twice');
    expectStatus(await b.post('/api/reports', { kind: 'user', targetId: s.id, reason: 'Scammer' }), 201, 'user');
    const conv = (await b.post<{ _id: string }>('/api/conversations', { listingId: listing })).body._id;
    expectStatus(
      await b.post('/api/reports', { kind: 'conversation', targetId: conv, reason: 'Pay outside' }),
      201,
      'conversation',
    );
    expectError(await others[0]!.post('/api/reports', { kind: 'conversation', targetId: conv, reason: 'x' }), 404, 'stranger');
    const done = await completedOrder(b, await addProduct(s), s.id);
    const rev = (await b.post<Review>(`/api/orders/${done}/review`, { rating: 1, text: 'Rude' })).body._id;
    expectStatus(await s.post('/api/reports', { kind: 'review', targetId: rev, reason: 'Never met this person' }), 201, 'review');

    expectError(
      await s.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'own' }),
      400,
      'own listing',
      'targetId',
    );
    expectError(await b.post('/api/reports', { kind: 'thing', targetId: listing, reason: 'x' }), 400, 'kind', 'kind');
    expectError(await b.post('/api/reports', { kind: 'listing', targetId: listing }), 400, 'reason', 'reason');
    expectError(await b.post('/api/reports', { kind: 'user', targetId: crypto.randomUUID(), reason: 'x' }), 404, 'nobody');
    expectError(await t.client().post('/api/reports', { kind: 'user', targetId: s.id, reason: 'x' }), 401, 'anonymous');

    const q = await queue();
    for (const [kind, id] of [
      ['listing', listing],
      ['user', s.id],
      ['conversation', conv],
      ['review', rev],
    ] as const) {
      const item = q.items.find((i) => i.kind === kind && i.targetId === id);
      expect(item, kind).toBeDefined();
      expect(item?.title.length, kind).toBeGreaterThan(0);
    }
    expect(q.items.find((i) => i.targetId === listing)?.title).toBe('Too good to be true iPhone');
    expect(q.items.find((i) => i.targetId === conv)?.userId).toBe(s.id);
    expect(q.items.find((i) => i.targetId === rev)?.userId).toBe(b.id);
  });

  it('roles: a buyer or a seller cannot see the queue or act (403); anonymous 401', async () => {
    expectError(await b.get('/api/moderation/queue'), 403, 'buyer queue');
    expectError(await s.get('/api/moderation/queue'), 403, 'seller queue');
    expectError(await t.client().get('/api/moderation/queue'), 401, 'anonymous queue');
    expectError(
      await b.post('/api/moderation/actions', { kind: 'user', targetId: s.id, action: 'suspend', reason: 'x' }),
      403,
      'buyer suspends',
    );
    expectError(await b.post(`/api/moderation/users/${s.id}/unsuspend`), 403, 'buyer unsuspends');
  });

  it('dismiss: the reports close, the reporter is told, the audit log keeps the reason', async () => {
    const listing = await addProduct(s);
    await b.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Looks odd' });
    expectError(await act('listing', listing, 'remove_review'), 400, 'wrong action for kind', 'action');
    expectStatus(await act('listing', listing, 'dismiss', 'Nothing wrong'), 200, 'dismiss');
    expect(await itemOf('listing', listing)).toBeUndefined();
    expect(await listed(t.client(), listing)).toBe(true);
    expect((await notes(b)).some((n) => n.kind === 'moderation' && n.body.includes('nothing against'))).toBe(true);
    expect((await audit()).find((x) => x.action === 'moderation.dismiss' && x.targetId === listing)?.details).toMatchObject({
      reason: 'Nothing wrong',
      reports: 1,
    });
    expectError(await act('listing', listing, 'dismiss'), 404, 'nothing open');
  });

  it('hide the listing: it leaves every list and the product page; the catalog count follows', async () => {
    const listing = await addProduct(s, { category: 'Watch' });
    const before = Number((await t.client().get('/api/products/watch')).headers.get('x-total-count'));
    await b.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Counterfeit' });
    expectStatus(await act('listing', listing, 'hide_listing', 'Counterfeit brand'), 200, 'hide');
    expect(await listed(t.client(), listing)).toBe(false);
    expectError(await t.client().get(`/api/product/${listing}`), 404, 'product page');
    expect(Number((await t.client().get('/api/products/watch')).headers.get('x-total-count'))).toBe(before - 1);
    expect((await notes(b)).some((n) => n.body === 'The listing was taken down.')).toBe(true);
    expect((await audit()).some((x) => x.action === 'moderation.hide_listing' && x.targetId === listing)).toBe(true);
  });

  it('remove the review (from the queue) and warn the reviewer', async () => {
    const s2 = await seller(t, 'mod-seller2');
    const done = await completedOrder(b, await addProduct(s2), s2.id);
    const rev = (await b.post<Review>(`/api/orders/${done}/review`, { rating: 1, text: 'Insults' })).body._id;
    await s2.post('/api/reports', { kind: 'review', targetId: rev, reason: 'Insulting' });
    expectStatus(await act('review', rev, 'remove_review', 'Insults'), 200, 'remove review');
    expect((await t.client().get<Profile>(`/api/sellers/${s2.id}`)).body.reviews).toBe(0);
    expect((await audit()).some((x) => x.action === 'review.removed' && x.targetId === rev)).toBe(true);

    await s2.post('/api/reports', { kind: 'user', targetId: b.id, reason: 'Harasses sellers' });
    expectStatus(await act('user', b.id, 'warn', 'Keep it civil'), 200, 'warn');
    expect((await notes(b)).some((n) => n.title.includes('warning') && n.body === 'Keep it civil')).toBe(true);
    expect((await notes(s2)).some((n) => n.body === 'We warned the person responsible.')).toBe(true);
    expect((await audit()).some((x) => x.action === 'moderation.warn' && x.targetId === b.id)).toBe(true);
  });

  it("suspend: the seller's sessions die (401), sign-in is refused, their listings leave every list; unsuspend brings them back", async () => {
    const bad = await seller(t, 'mod-bad');
    const p1 = await addProduct(bad, { category: 'Mobile' });
    const p2 = await addProduct(bad, { category: 'Mobile' });
    await advertise(bad, p2);
    const ads = async () =>
      (await t.client().get<{ productId: string }[]>('/api/advertise?limit=100')).body.map((x) => x.productId);
    expect(await ads()).toContain(p2);
    expect(await listed(t.client(), p1)).toBe(true);
    const before = Number((await t.client().get('/api/products/mobile')).headers.get('x-total-count'));
    await b.post('/api/reports', { kind: 'user', targetId: bad.id, reason: 'Sells stolen phones' });
    expectStatus(await act('user', bad.id, 'suspend', 'Stolen goods'), 200, 'suspend');

    expectError(await bad.get('/api/notifications'), 401, 'the suspended cookie');
    expectError(await bad.get('/api/conversations'), 401, 'the suspended cookie, another route');
    const again = await t.client().signIn(bad.email);
    expect(again.status).toBe(403);
    for (const id of [p1, p2]) {
      expect(await listed(t.client(), id)).toBe(false);
      expectError(await t.client().get(`/api/product/${id}`), 404, 'product page');
    }
    expect(Number((await t.client().get('/api/products/mobile')).headers.get('x-total-count'))).toBe(before - 2);
    expectError(await t.client().get(`/api/sellers/${bad.id}`), 404, 'seller page');
    expectError(await t.client().get(`/api/sellers/${bad.id}/products`), 404, 'seller listings');
    expect(await ads()).not.toContain(p2);
    expect(await listed(t.client(), p2)).toBe(false);
    expect((await a.get<{ _id: string }[]>('/api/moderation/suspended')).body.map((u) => u._id)).toContain(bad.id);
    expect((await audit()).some((x) => x.action === 'moderation.suspend' && x.targetId === bad.id)).toBe(true);
    expect((await notes(b)).some((n) => n.body === 'The account responsible was suspended.')).toBe(true);

    expectStatus(await a.post(`/api/moderation/users/${bad.id}/unsuspend`), 200, 'unsuspend');
    expect(await listed(t.client(), p1)).toBe(true);
    expect(Number((await t.client().get('/api/products/mobile')).headers.get('x-total-count'))).toBe(before);
    expect((await t.client().signIn(bad.email)).status).toBe(200);
  });

  it('reports from accounts without a proven email do not hide a listing; one person sends at most 10 reports an hour', async () => {
    const listing = await addProduct(s);
    const throwaway: Client[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await buyer(t, `throwaway-${i}`);
      await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.email, c.email));
      throwaway.push(c);
    }
    for (const c of throwaway)
      expectStatus(await c.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Fake' }), 201, 'report');
    expect(await listed(t.client(), listing)).toBe(true);
    expect((await itemOf('listing', listing))?.reports).toHaveLength(3);

    const flooder = await buyer(t, 'flooder');
    for (let i = 0; i < 10; i++) {
      const target = (await insertUser(t, 'buyer')).id;
      expectStatus(await flooder.post('/api/reports', { kind: 'user', targetId: target, reason: 'Spam' }), 201, `report ${i}`);
    }
    const target = (await insertUser(t, 'buyer')).id;
    expectError(await flooder.post('/api/reports', { kind: 'user', targetId: target, reason: 'Spam' }), 429, 'the 11th');
  });

  it('a listing reported by 3 different people with a history is hidden until reviewed; dismissing brings it back', async () => {
    const listing = await addProduct(s);
    // Accounts older than 7 days: their reports count toward hiding (report-abuse.test.ts).
    await t.database.query(undefined, `update "user" set created_at = now() - interval '8 days' where id = any($1::uuid[])`, [
      others.map((c) => c.id),
    ]);
    await others[0]!.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Fake' });
    await others[1]!.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Fake' });
    expect(await listed(t.client(), listing)).toBe(true);
    await others[2]!.post('/api/reports', { kind: 'listing', targetId: listing, reason: 'Fake' });
    expect(await listed(t.client(), listing)).toBe(false);
    const item = await itemOf('listing', listing);
    expect(item).toMatchObject({ hidden: true });
    expect(item?.reports).toHaveLength(3);
    expectStatus(await act('listing', listing, 'dismiss', 'The seller showed the receipt'), 200, 'dismiss');
    expect(await listed(t.client(), listing)).toBe(true);
    for (const r of others) expect((await notes(r)).some((n) => n.kind === 'moderation')).toBe(true);
  });
});
