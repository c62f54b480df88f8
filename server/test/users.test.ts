/**
 * Users (docs/product.md#users-and-roles, #soft-deletes): the role recorded once by POST /users,
 * ADMIN_EMAILS, the role checks and their answer shapes, the admin's lists (newest first, keyset
 * pages), verification, and soft deletion (hidden, signed out, unsold products and ads gone, money
 * records kept).
 */
import { eq } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  admin,
  advertise,
  buyer,
  expectError,
  expectStatus,
  fingerprint,
  insertUser,
  payOrder,
  placeOrder,
  productBody,
  seller,
  uniqueEmail,
  walkPages,
} from './helpers/builders';

type UserRow = {
  _id: string;
  name: string;
  email: string;
  isSeller: boolean;
  role: string;
  status: string;
  verified: boolean;
  createdAt: string;
};
type ProductRow = { _id: string; status: string; sellerStatus: string };
type OrderRow = { _id: string; paid: boolean };
type PaymentRow = { _id: string; orderId: string };

let t: TestApp;
let boss: Client;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'admin@test.shop, Boss@Test.Shop' } });
  boss = await admin(t);
});
afterAll(() => t?.close());

describe('POST /users: the role, recorded once', () => {
  it('answers acknowledged + insertedId the first time, and the same role ever after', async () => {
    const c = t.client();
    const email = uniqueEmail('seller');
    const up = await c.post<{ user: { id: string } }>('/api/auth/sign-up/email', {
      name: 'Sam',
      email,
      password: 'pass-word-123',
    });
    expectStatus(up, 200, 'sign-up');
    const first = expectStatus(await c.post('/api/users', { name: 'Sam', email, isSeller: true }), 200, 'POST /api/users');
    expect(first.body).toEqual({ acknowledged: true, insertedId: up.body.user.id, role: 'seller' });

    const again = expectStatus(await c.post('/api/users', { name: 'Sam', email, isSeller: false }), 200, 'POST /api/users again');
    expect(again.body).toEqual({ acknowledged: true, insertedId: null, role: 'seller' });
    expect((await c.get(`/api/users/seller/${email}`)).body).toEqual({ isSeller: true, isVerified: false });
    // Every non-admin account buys (issue 26; was isBuyer false for a seller).
    expect((await c.get(`/api/users/buyer/${email}`)).body).toEqual({ isBuyer: true });
  });

  it('keeps a buyer a buyer when a later call asks for seller', async () => {
    const b = await buyer(t);
    expect((await b.post('/api/users', { name: 'x', email: b.email, isSeller: true })).body).toMatchObject({ role: 'buyer' });
    expect((await b.get(`/api/users/buyer/${b.email}`)).body).toEqual({ isBuyer: true });
    expect((await b.get(`/api/users/seller/${b.email}`)).body).toEqual({ isSeller: false, isVerified: false });
    // A well-formed photo id: the role is what refuses (buyers cannot upload one).
    expectError(
      await b.post('/api/products', productBody(b, { photos: ['00000000-0000-4000-8000-000000000000'] })),
      403,
      'a buyer adding a product',
    );
  });

  it('refuses to record a role for another email (403), changing nothing', async () => {
    const c = t.client();
    const email = uniqueEmail('new');
    expectStatus(await c.post('/api/auth/sign-up/email', { name: 'New', email, password: 'pass-word-123' }), 200, 'sign-up');
    const before = await fingerprint(t);
    expectError(
      await c.post('/api/users', { name: 'New', email: uniqueEmail('victim'), isSeller: true }),
      403,
      'POST /users for another email',
    );
    expect(await fingerprint(t)).toEqual(before);
    // The caller's own email in another case is the caller's.
    expect((await c.post('/api/users', { name: 'New', email: email.toUpperCase(), isSeller: true })).body).toMatchObject({
      role: 'seller',
    });
  });

  it('makes an ADMIN_EMAILS sign-up an admin, whatever it asks for and however the email is cased', async () => {
    const c = await t.client().signUp('boss@test.shop', { isSeller: true });
    expect((await c.get('/api/users/admin/boss@test.shop')).body).toEqual({ isAdmin: true });
    expect((await c.get('/api/users/seller/BOSS@test.shop')).body).toEqual({ isSeller: false, isVerified: false });
    expect((await c.get('/api/users/buyer/boss@test.shop')).body).toEqual({ isBuyer: false });
    expectStatus(await c.get('/api/users/allbuyer'), 200, 'admin lists buyers');
    // An ordinary user is no admin.
    const b = await buyer(t);
    expect((await b.get(`/api/users/admin/${b.email}`)).body).toEqual({ isAdmin: false });
  });
});

describe('role checks', () => {
  it('answer exactly isAdmin, isBuyer, isSeller + isVerified, for oneself or an admin', async () => {
    const s = await seller(t);
    expect((await s.get(`/api/users/admin/${s.email}`)).body).toEqual({ isAdmin: false });
    expect((await s.get(`/api/users/buyer/${s.email}`)).body).toEqual({ isBuyer: true });
    expect((await s.get(`/api/users/seller/${s.email}`)).body).toEqual({ isSeller: true, isVerified: false });
    expect((await boss.get(`/api/users/seller/${s.email}`)).body).toEqual({ isSeller: true, isVerified: false });
    expect((await boss.get(`/api/users/admin/${boss.email}`)).body).toEqual({ isAdmin: true });
    expectError(await s.get(`/api/users/admin/${boss.email}`), 403, "a seller asking about the admin's role");
  });
});

describe('admin lists', () => {
  it('list buyers and sellers newest first in keyset pages, each exactly once, with X-Total-Count', async () => {
    for (let i = 0; i < 5; i++) await insertUser(t, 'seller');
    const first = expectStatus(await boss.get<UserRow[]>('/api/users/allseller'), 200, 'GET /api/users/allseller');
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBe(first.body.length);
    expect(first.body.every((u) => u.isSeller && u.role === 'seller')).toBe(true);
    const [u] = first.body;
    assert.isDefined(u, 'a seller on the first page');
    expect(Object.keys(u).sort()).toEqual(['_id', 'createdAt', 'email', 'isSeller', 'name', 'role', 'status', 'verified']);
    expect(u.status).toBe('');

    const walk = await walkPages<UserRow>(boss, '/api/users/allseller?limit=2');
    expect(walk.rows.map((r) => r._id)).toEqual(first.body.map((r) => r._id));
    expect(new Set(walk.rows.map((r) => r._id)).size).toBe(walk.rows.length);
    expect(walk.pages).toBe(Math.ceil(total / 2));
    expect(walk.totals.every((n) => n === String(total))).toBe(true);
    const times = walk.rows.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const buyers = expectStatus(await boss.get<UserRow[]>('/api/users/allbuyer'), 200, 'GET /api/users/allbuyer');
    expect(buyers.body.length).toBeGreaterThan(0);
    expect(buyers.body.every((b) => b.role === 'buyer' && !b.isSeller)).toBe(true);
    expect(buyers.body.some((b) => b.email === boss.email)).toBe(false);
  });
});

describe('PUT /users/verify/{id}', () => {
  it('verifies a seller once (modifiedCount 1, then 0) and shows it everywhere', async () => {
    const s = await seller(t);
    const r = expectStatus(await boss.put(`/api/users/verify/${s.id}`), 200, 'verify');
    expect(r.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await boss.put(`/api/users/verify/${s.id}`)).body).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await s.get(`/api/users/seller/${s.email}`)).body).toEqual({ isSeller: true, isVerified: true });
    const listed = (await boss.get<UserRow[]>('/api/users/allseller?limit=100')).body.find((u) => u._id === s.id);
    expect(listed).toMatchObject({ status: 'verified', verified: true });
  });

  it('refuses buyers (409) and unknown ids (404), changing nothing', async () => {
    const b = await insertUser(t, 'buyer');
    const before = await fingerprint(t);
    expectError(await boss.put(`/api/users/verify/${b.id}`), 409, 'verify a buyer');
    expectError(await boss.put('/api/users/verify/00000000-0000-4000-8000-000000000000'), 404, 'verify nobody');
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('DELETE /users/{id}: soft delete', () => {
  it('hides a seller, ends their sessions and hides their unsold products and ads; sold ones and money stay', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const sold = await addProduct(s, { name: 'Sold camera', category: 'Camera' });
    const unsold = await addProduct(s, { name: 'Unsold camera', category: 'Camera' });
    await advertise(s, unsold);
    const orderId = await placeOrder(b, sold);
    const { paymentId } = await payOrder(b, orderId);
    const totalOf = async (p: string) => Number((await t.client().get(p)).headers.get('x-total-count'));
    const totals = async () => Promise.all([totalOf('/api/allproducts'), totalOf('/api/products/Camera')]);
    const [allBefore, camerasBefore] = await totals();

    const r = expectStatus(await boss.del(`/api/users/${s.id}`), 200, 'DELETE seller');
    expect(r.body).toEqual({ acknowledged: true, deletedCount: 1 });
    // The counts of the public lists drop by the hidden product (the sold one had left them already).
    expect(await totals()).toEqual([allBefore - 1, camerasBefore - 1]);

    // Signed out everywhere: the old cookie is worth nothing, and signing in again is refused.
    expectError(await s.get(`/api/users/seller/${s.email}`), 401, 'old cookie after deletion');
    expect((await s.get('/api/auth/get-session')).body).toBeNull();
    expect((await t.client().signIn(s.email)).status).not.toBe(200);

    // Hidden from the admin's list and from every public list.
    expect((await boss.get<UserRow[]>('/api/users/allseller?limit=100')).body.some((u) => u._id === s.id)).toBe(false);
    const anon = t.client();
    for (const path of ['/api/allproducts?limit=100', '/api/products/Camera?limit=100']) {
      const ids = (await anon.get<ProductRow[]>(path)).body.map((p) => p._id);
      expect(ids, path).not.toContain(unsold);
      expect(ids, path).not.toContain(sold);
    }
    expect((await anon.get<{ productId: string }[]>('/api/advertise?limit=100')).body.map((a) => a.productId)).not.toContain(
      unsold,
    );
    // A link to the hidden product finds nothing; a link to the sold one still shows the sale.
    expectError(await anon.get(`/api/product/${unsold}`), 404, 'GET the hidden product');
    expect((await anon.get<ProductRow>(`/api/product/${sold}`)).body).toMatchObject({ _id: sold, status: 'sold' });
    // The admin still sees the sold product (a record of a sale), not the hidden one.
    const theirs = (await boss.get<ProductRow[]>(`/api/products?email=${encodeURIComponent(s.email)}`)).body;
    expect(theirs.map((p) => p._id)).toEqual([sold]);

    // The buyer's paid order and the payment are kept.
    expect((await b.get<OrderRow>(`/api/order/${orderId}`)).body).toMatchObject({ _id: orderId, paid: true });
    expect((await boss.get<PaymentRow[]>('/api/payments?limit=100')).body.map((p) => p._id)).toContain(paymentId);

    // Deleting again: the user is gone.
    expectError(await boss.del(`/api/users/${s.id}`), 404, 'DELETE seller twice');
    expectError(await boss.put(`/api/users/verify/${s.id}`), 404, 'verify a deleted seller');
    const [row] = await t.database.db.select().from(user).where(eq(user.id, s.id));
    assert.isDefined(row, 'the deleted seller row');
    expect(row.deletedAt).not.toBeNull();
  });

  it('hides a buyer and ends their sessions; their paid orders and payments are kept', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const orderId = await placeOrder(b, await addProduct(s));
    const { paymentId } = await payOrder(b, orderId);

    expectStatus(await boss.del(`/api/users/${b.id}`), 200, 'DELETE buyer');
    expectError(await b.get(`/api/orders?email=${encodeURIComponent(b.email)}`), 401, 'old buyer cookie');
    expect((await boss.get<UserRow[]>('/api/users/allbuyer?limit=100')).body.some((u) => u._id === b.id)).toBe(false);
    expect((await boss.get<OrderRow[]>(`/api/orders?email=${encodeURIComponent(b.email)}`)).body.map((o) => o._id)).toEqual([
      orderId,
    ]);
    expect((await boss.get<OrderRow>(`/api/order/${orderId}`)).body).toMatchObject({ paid: true });
    expect(
      (await boss.get<PaymentRow[]>('/api/payments?limit=100')).body.some((p) => p._id === paymentId && p.orderId === orderId),
    ).toBe(true);
  });

  it('deleting the same user twice at once: one 200, one 404', async () => {
    const target = await insertUser(t, 'buyer');
    const rs = await Promise.all([0, 1].map(() => boss.del(`/api/users/${target.id}`)));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('never deletes an admin (403), and an unknown id is 404', async () => {
    const before = await fingerprint(t);
    expectError(await boss.del(`/api/users/${boss.id}`), 403, 'DELETE the admin');
    expectError(await boss.del('/api/users/00000000-0000-4000-8000-000000000000'), 404, 'DELETE nobody');
    expect(await fingerprint(t)).toEqual(before);
    expect((await boss.get(`/api/users/admin/${boss.email}`)).body).toEqual({ isAdmin: true });
  });
});
