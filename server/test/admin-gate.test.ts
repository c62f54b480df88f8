/**
 * REQUIRE_ADMIN_2FA is one rule in one place (lib/security.ts hasAdminPowers): every answer an admin
 * gets because they are admin passes it, not only the admin-only routes. An admin without two-factor
 * sign-in gets 403 two_factor_required from admin-only routes, and from routes that serve "the owner,
 * or an admin" exactly what a stranger gets; once two-factor sign-in is on, all of it answers.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import {
  ADMIN_EMAIL,
  addProduct,
  buyer,
  expectError,
  expectStatus,
  placeOrder,
  seller,
  type ErrorBody,
} from './helpers/builders';
import type { Client, Res } from './helpers/client';
import { secretOf, totp } from './helpers/totp';

const PASSWORD = 'pass-word-123';

let t: TestApp;
let admin: Client;
let stranger: Client;
let b: Client;
let s: Client;
let productId: string;
let orderId: string;
let convId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { REQUIRE_ADMIN_2FA: 'true' } });
  admin = await t.client().signUp(ADMIN_EMAIL);
  stranger = await buyer(t, 'gate-stranger');
  b = await buyer(t, 'gate-buyer');
  s = await seller(t, 'gate-seller');
  productId = await addProduct(s, { number: '+1 555 0199' });
  orderId = await placeOrder(b, productId);
  const conv = expectStatus(await b.post<{ _id: string }>('/api/conversations', { listingId: productId }), 201, 'open');
  convId = conv.body._id;
  expectStatus(await b.post(`/api/conversations/${convId}/messages`, { text: 'Pay me outside the shop?' }), 201, 'send');
  expectStatus(await b.post(`/api/conversations/${convId}/report`, { reason: 'Asks to pay outside' }), 201, 'report');
}, 60_000);
afterAll(() => t?.close());

/** What an admin may read about other people because they are admin: "the owner, or an admin". */
const ownerOrAdmin = () => [
  `/api/orders?email=${encodeURIComponent(b.email)}`,
  `/api/order/${orderId}`,
  `/api/orders/${orderId}/handoff`,
  `/api/products?email=${encodeURIComponent(s.email)}`,
  `/api/users/buyer/${encodeURIComponent(b.email)}`,
  `/api/users/seller/${encodeURIComponent(s.email)}`,
  `/api/users/admin/${encodeURIComponent(b.email)}`,
  `/api/conversations/${convId}`,
  `/api/conversations/${convId}/messages`,
];

/** Admin-only calls (requireRole 'admin', and the bookings of someone else's item). */
const adminOnly = (): [method: string, path: string, body?: unknown][] => [
  ['GET', '/api/users/allbuyer'],
  ['GET', '/api/users/allseller'],
  ['PUT', `/api/users/verify/${s.id}`],
  ['DELETE', `/api/users/${crypto.randomUUID()}`],
  ['GET', '/api/payments'],
  ['GET', '/api/audit'],
  ['GET', '/api/order-cases'],
  ['POST', `/api/order-cases/${crypto.randomUUID()}/resolve`, { resolution: 'Refunded' }],
  ['GET', '/api/moderation/queue'],
  ['GET', '/api/moderation/suspended'],
  ['POST', `/api/moderation/users/${crypto.randomUUID()}/unsuspend`],
  ['POST', `/api/reviews/${crypto.randomUUID()}/remove`, { reason: 'Abusive' }],
  ['POST', '/api/moderation/actions', { kind: 'listing', targetId: productId, action: 'dismiss', reason: 'Fine' }],
  ['GET', `/api/products/${productId}/bookings`],
];

/** Turns two-factor sign-in on for `c`, then signs in afresh with a code: that client is the admin with 2FA. */
async function withTwoFactor(c: Client): Promise<Client> {
  const r = expectStatus(await c.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: PASSWORD }), 200, 'enable');
  const secret = secretOf(r.body.totpURI);
  expectStatus(await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) }), 200, 'verify-totp');
  const again = t.client();
  expectStatus(await again.signIn(ADMIN_EMAIL), 200, 'sign in');
  // The next step's code: the one used above is spent (a code signs in once).
  expectStatus(
    await again.post('/api/auth/two-factor/verify-totp', { code: totp(secret, Date.now() + 30_000) }),
    200,
    'second step',
  );
  return again;
}

const shape = (r: Res<unknown>) => ({ status: r.status, error: (r.body as ErrorBody | null)?.error });

describe('REQUIRE_ADMIN_2FA covers every admin power', () => {
  it('an admin without two-factor sign-in reads what a stranger reads about others, nothing more', async () => {
    const leaks: string[] = [];
    for (const path of ownerOrAdmin()) {
      const asAdmin = await admin.get(path);
      const asStranger = await stranger.get(path);
      expect([403, 404], `${path} as a stranger`).toContain(asStranger.status);
      if (JSON.stringify(shape(asAdmin)) !== JSON.stringify(shape(asStranger)))
        leaks.push(`${path}: ${asAdmin.status}, a stranger ${asStranger.status}`);
    }
    expect(leaks).toEqual([]);
    // What is their own stays theirs.
    expect(expectStatus(await admin.get<{ isAdmin: boolean }>(`/api/users/admin/${ADMIN_EMAIL}`), 200, 'own role').body).toEqual({
      isAdmin: true,
    });
  });

  it('admin-only calls answer 403 two_factor_required', async () => {
    for (const [method, path, body] of adminOnly()) {
      const r = await admin.request(method, path, body);
      expect(expectError(r, 403, `${method} ${path}`).error, `${method} ${path}`).toBe('two_factor_required');
    }
  });

  it('with two-factor sign-in on, the same admin reads all of it', async () => {
    const a = await withTwoFactor(admin);
    for (const path of ownerOrAdmin()) expectStatus(await a.get(path), 200, path);
    const orders = await a.get<{ _id: string }[]>(`/api/orders?email=${encodeURIComponent(b.email)}`);
    expect(orders.body.map((o) => o._id)).toEqual([orderId]);
    const products = await a.get<{ _id: string; number?: string }[]>(`/api/products?email=${encodeURIComponent(s.email)}`);
    expect(products.body.map((p) => p._id)).toEqual([productId]);
    expect((await a.get<{ text: string }[]>(`/api/conversations/${convId}/messages`)).body.map((m) => m.text)).toEqual([
      'Pay me outside the shop?',
    ]);
    for (const [method, path, body] of adminOnly()) {
      const r = await a.request(method, path, body);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).not.toBe(403);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
    }
  });
});
