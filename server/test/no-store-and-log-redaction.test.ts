import { describe, expect, it } from 'vitest';
import { appPerTest } from './helpers/app';
import { uniqueEmail } from './helpers/builders';
import type { Client } from './helpers/client';

/** Personal answers are never cached by a browser or proxy, and the request log holds no emails or tokens. */

const app = appPerTest();

describe('personal answers are not cached, and the log holds no emails or tokens', () => {
  it('Cache-Control: no-store on personal answers, signed in or not; public lists stay cacheable', async () => {
    const a = await app({ ADMIN_EMAILS: 'admin7@test.shop' });
    const buyer = await a.client().signUp('buyer7@test.shop');
    const seller = await a.client().signUp('seller7@test.shop', { isSeller: true });
    const admin = await a.client().signUp('admin7@test.shop');
    const personal: [Client, string][] = [
      [buyer, '/api/orders?email=buyer7@test.shop'],
      [buyer, '/api/users/buyer/buyer7@test.shop'],
      [buyer, '/api/auth/get-session'],
      [buyer, '/api/auth/list-sessions'],
      [seller, '/api/products?email=seller7@test.shop'],
      [seller, '/api/users/seller/seller7@test.shop'],
      [admin, '/api/payments'],
      [admin, '/api/users/admin/admin7@test.shop'],
      [a.client(), '/api/orders?email=buyer7@test.shop'],
      [a.client(), '/api/auth/get-session'],
    ];
    for (const [c, p] of personal) {
      const r = await c.get(p);
      expect(r.headers.get('cache-control'), `${p} (${r.status})`).toBe('no-store');
    }
    const sessionWrite = await buyer.post('/api/auth/update-user', { name: 'New Name' });
    expect(sessionWrite.headers.get('cache-control')).toBe('no-store');
    expect((await buyer.get('/api/category')).headers.get('cache-control')).not.toBe('no-store');
  });

  it('emails and tokens in URLs are redacted from the request log', async () => {
    const lines: string[] = [];
    const a = await app({ LOG_LEVEL: 'info' }, { write: (line) => lines.push(line) });
    const c = a.client();
    await c.get('/api/products?email=secret.seller@test.shop&limit=5');
    await c.get('/api/users/buyer/hidden.buyer%40test.shop');
    await c.get('/api/users/buyer/plain.buyer@test.shop');
    await c.get('/api/auth/verify-email?token=tok-SECRET-123&callbackURL=/');
    await c.get('/api/auth/reset-password/RESETTOKEN456?callbackURL=/reset');
    await c.get('/api/auth/callback/google?code=CODE789&state=STATE000');
    const log = lines.join('');
    expect(log).toContain('request completed');
    for (const secret of [
      'secret.seller',
      'hidden.buyer',
      'plain.buyer',
      'tok-SECRET-123',
      'RESETTOKEN456',
      'CODE789',
      'STATE000',
    ])
      expect(log, secret).not.toContain(secret);
    expect(log).toContain('/api/products?email=[redacted]&limit=5');
  });

  it("no log line carries a request's cookies or Authorization header, at any level", async () => {
    const lines: string[] = [];
    const a = await app({ LOG_LEVEL: 'debug' }, { write: (line) => lines.push(line) });
    const c = await a.client().signUp(uniqueEmail('logged'));
    const session = c.cookie('better-auth.session_token') ?? '';
    await c.get('/api/me/mail-settings');
    // An answer that fails (400) and one that the auth plugin refuses (401), each with both headers.
    const bearer = 'Bearer BEARER-SECRET-0123456789';
    await c.request('GET', '/api/allproducts?limit=oops', undefined, { authorization: bearer });
    await a.client().request('GET', '/api/me/mail-settings', undefined, {
      authorization: bearer,
      cookie: 'better-auth.session_token=COOKIE-SECRET-42',
    });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('request completed');
    expect(session.length).toBeGreaterThan(10);
    for (const secret of [session, decodeURIComponent(session).split('.')[0]!, 'BEARER-SECRET-0123456789', 'COOKIE-SECRET-42'])
      expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/"(cookie|authorization)"/i);
  });
});
