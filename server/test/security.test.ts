import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { cspDirectives } from '../src/lib/security';
import { startTestApp, type TestApp } from './helpers/app';

/** Response headers (CSP and friends) and the refusal of cookie writes from other websites. */

const EXTRA = 'https://admin.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { EXTRA_TRUSTED_ORIGINS: EXTRA } });
});
afterAll(() => t?.close());

function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy') ?? '';
  return new Map(
    value
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...sources] = d.split(/\s+/);
        return [name, sources] as const;
      }),
  );
}

describe('security headers', () => {
  it('are on API answers: CSP, no framing, nosniff, referrer policy; no HSTS or upgrade on a plain-http shop', async () => {
    for (const path of ['/api/health', '/api/category', '/api/no-such-thing']) {
      const r = await t.client().get(path);
      const p = csp(r.headers);
      expect(p.get('default-src')).toEqual(["'self'"]);
      expect(p.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
      expect(p.get('frame-ancestors')).toEqual(["'none'"]);
      expect(p.get('object-src')).toEqual(["'none'"]);
      expect(p.get('connect-src')).toEqual(["'self'"]);
      expect(p.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'data:']));
      expect(p.has('upgrade-insecure-requests')).toBe(false);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('the API docs page is served under the same policy', async () => {
    const r = await fetch(`${t.baseUrl}/api/docs/`, { redirect: 'follow' });
    expect(r.status).toBe(200);
    expect(csp(r.headers).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allow Stripe (script, frames, API) only when the Stripe provider is on', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' } as const;
    const simulated = cspDirectives(loadConfig({ ...base }));
    // Our own scripts, and the one inline script of a rendered page by its hash (lib/styles-first.ts).
    expect(simulated['script-src']).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
    expect(simulated['frame-src']).toEqual(["'none'"]);
    const stripe = cspDirectives(
      loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', BASE_URL: 'https://shop.example.test' }),
    );
    expect(stripe['script-src']).toContain('https://js.stripe.com');
    expect(stripe['frame-src']).toContain('https://js.stripe.com');
    expect(stripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(stripe['frame-ancestors']).toEqual(["'none'"]);
    expect(stripe).toHaveProperty('upgrade-insecure-requests');
  });
});

describe('writes from another website', () => {
  it('are refused with 403 JSON, for shop calls and for /api/auth alike', async () => {
    const buyer = await t.client().signUp('csrf1@test.shop', { name: 'Target' });
    const evil = 'https://evil.example';
    const calls: [string, string, unknown][] = [
      [
        'POST',
        '/api/orders',
        { productId: '00000000-0000-0000-0000-000000000000', buyerName: 'x', phone: '1', meettingLocation: 'x' },
      ],
      ['DELETE', '/api/orders/00000000-0000-0000-0000-000000000000', undefined],
      ['PUT', '/api/users/verify/00000000-0000-0000-0000-000000000000', undefined],
      ['POST', '/api/auth/update-user', { name: 'Hacked' }],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/auth/sign-in/email', { email: 'csrf1@test.shop', password: 'pass-word-123' }],
    ];
    for (const [method, path, body] of calls) {
      const r = await buyer.request<{ error: string; message: string }>(method, path, body, { origin: evil });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toMatchObject({ error: 'forbidden_origin' });
      expect(r.body.message).toBeTruthy();
    }
    // Without an Origin, a foreign Referer counts; an opaque "null" Origin is refused too.
    const byReferer = await fetch(`${t.baseUrl}/api/auth/update-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: `${evil}/page` },
      body: JSON.stringify({ name: 'Hacked' }),
    });
    expect(byReferer.status).toBe(403);
    expect((await buyer.request('POST', '/api/auth/update-user', { name: 'Hacked' }, { origin: 'null' })).status).toBe(403);

    const r = await buyer.get<{ user: { name: string } }>('/api/auth/get-session');
    expect(r.body.user.name).toBe('Target');
  });

  it('from the shop itself, BASE_URL or EXTRA_TRUSTED_ORIGINS pass; reads pass from anywhere', async () => {
    const buyer = await t.client().signUp('csrf2@test.shop', { name: 'Same' });
    expect((await buyer.post('/api/auth/update-user', { name: 'Same Origin' })).status).toBe(200);
    expect((await buyer.request('POST', '/api/auth/update-user', { name: 'Extra' }, { origin: EXTRA })).status).toBe(200);
    expect((await buyer.request('POST', '/api/auth/update-user', { name: 'Base' }, { origin: t.config.baseUrl })).status).toBe(
      200,
    );
    expect(
      (await buyer.request('GET', '/api/users/buyer/csrf2@test.shop', undefined, { origin: 'https://evil.example' })).status,
    ).toBe(200);
  });

  it('a client that is not a browser (no Origin, no Referer, no fetch metadata) is not a cross-site request', async () => {
    const body = JSON.stringify({ name: 'Cli', email: 'cli1@test.shop', password: 'pass-word-123' });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${t.baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
  });
});
