/**
 * GET /api/me/sales: the seller's one view of their sales (issue 23, item 10). Every booking of every
 * item the seller listed, newest first, in keyset pages, filtered by status; nobody else's; sellers only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '@shop/contract';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import {
  addProduct,
  admin,
  buyer,
  expectError,
  expectStatus,
  fakeUpload,
  nextLink,
  payOrder,
  placeOrder,
  seller,
  walkPages,
} from './helpers/builders';

let t: TestApp;
let s: Client;
let other: Client;
let b1: Client;
let b2: Client;
beforeAll(async () => {
  t = await startTestApp();
  s = await seller(t);
  other = await seller(t, 'other-seller');
  b1 = await buyer(t, 'b1');
  b2 = await buyer(t, 'b2');
});
afterAll(() => t?.close());

const list = (c: Client, query = '') => c.get<Sale[]>(`/api/me/sales${query}`);
const item = async (c: Client, name: string) => addProduct(c, { name, photos: [await fakeUpload(t, c)] });

describe('GET /api/me/sales', () => {
  it('lists every booking of every item of the seller, newest first, with the item and the state', async () => {
    const camera = await item(s, 'Sales Camera');
    const phone = await item(s, 'Sales Phone');
    const elsewhere = await item(other, 'Another seller item');
    const o1 = await placeOrder(b1, camera, { buyerName: 'First Buyer', meettingLocation: 'Lake gate' });
    await payOrder(b1, o1);
    const o2 = await placeOrder(b2, phone, { buyerName: 'Second Buyer' });
    await placeOrder(b1, elsewhere);

    const r = expectStatus(await list(s), 200, 'the seller');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-total-count')).toBe('2');
    expect(r.body.map((x) => x._id)).toEqual([o2, o1]);
    expect(r.body[1]).toMatchObject({
      productId: camera,
      productName: 'Sales Camera',
      buyerId: b1.id,
      buyerName: 'First Buyer',
      meetingLocation: 'Lake gate',
      paid: true,
      status: 'paid',
    });
    expect(r.body[1]?.paidAt).toEqual(expect.any(String));
    expect(r.body[1]?.img).toEqual(expect.any(String));
    expect(r.body[0]).toMatchObject({ productName: 'Sales Phone', status: 'unpaid', paid: false, paidAt: null });

    // The other seller sees only their own.
    const theirs = expectStatus(await list(other), 200, 'other seller').body;
    expect(theirs.map((x) => x.productName)).toEqual(['Another seller item']);
  });

  it('keeps one state with ?state=, and says how many', async () => {
    const paid = expectStatus(await list(s, '?state=paid'), 200, 'paid only');
    expect(paid.body.map((x) => x.productName)).toEqual(['Sales Camera']);
    expect(paid.headers.get('x-total-count')).toBe('1');
    const unpaid = expectStatus(await list(s, '?state=unpaid'), 200, 'unpaid only').body;
    expect(unpaid.map((x) => x.productName)).toEqual(['Sales Phone']);
    expect(expectStatus(await list(s, '?state=completed'), 200, 'none completed').body).toEqual([]);
    expectError(await list(s, '?state=sold'), 400, 'unknown state', 'state');
  });

  it('pages newest first with Link: rel="next" until every booking is read once', async () => {
    const more = await item(s, 'Sales Paged');
    for (const label of ['p1', 'p2', 'p3']) await placeOrder(await buyer(t, label), more);
    const first = expectStatus(await list(s, '?limit=2'), 200, 'page 1');
    expect(first.body).toHaveLength(2);
    expect(nextLink(first as Res<unknown>)).toMatch(/^\/api\/me\/sales\?limit=2&cursor=/);
    const all = await walkPages<Sale>(s, '/api/me/sales?limit=2');
    expect(all.rows).toHaveLength(5);
    expect(new Set(all.rows.map((x) => x._id)).size).toBe(5);
    const times = all.rows.map((x) => Date.parse(x.createdAt));
    expect(times).toEqual([...times].sort((a, c) => c - a));
    expect(all.totals.every((n) => n === '5')).toBe(true);
    expectError(await list(s, '?cursor=not-a-cursor'), 400, 'tampered cursor', 'cursor');
    expectError(await list(s, '?limit=0'), 400, 'limit 0', 'limit');
  });

  it('is for sellers: a buyer is 403, an admin is 403 (not a seller), signed out is 401', async () => {
    expectError(await list(b1), 403, 'buyer');
    expectError(await list(await admin(t)), 403, 'admin');
    expectError(await list(t.client()), 401, 'signed out');
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = expectStatus(
      await t.client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json'),
      200,
      'doc',
    );
    const op = doc.body.paths['/me/sales']?.get as {
      parameters?: { name: string }[];
      responses?: Record<string, unknown>;
      security?: unknown;
    };
    expect(op).toBeDefined();
    expect(op.security).toEqual([{ session: [] }]);
    expect(op.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor', 'state']));
    expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
