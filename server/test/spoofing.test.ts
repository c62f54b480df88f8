import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { appPerTest, fromIp as from } from './helpers/app';

/**
 * What a client may claim about itself and must not gain by it, against the real server over HTTP:
 * another spelling of a path (the sign-in limit and the origin check still apply), a guesser elsewhere
 * (per (email, IP) limits lock no owner out), a client-chosen IP (X-Forwarded-For behind TRUST_PROXY),
 * and a client-chosen Host (the trusted origin is BASE_URL).
 */

const app = appPerTest();

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: { error?: string; message?: string; code?: string } };

/**
 * One request with the path exactly as given: fetch() would resolve `./`, `%2e` and backslashes on
 * the client side, as a browser does, but an attacker's client sends whatever it likes.
 */
function raw(baseUrl: string, method: string, rawPath: string, body?: unknown, headers: Record<string, string> = {}) {
  const u = new URL(baseUrl);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise<Raw>((resolve, reject) => {
    const req = http.request({
      host: u.hostname,
      port: u.port,
      method,
      path: rawPath,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let parsed: Raw['body'] = {};
        try {
          parsed = text ? JSON.parse(text) : {};
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const PASSWORD = 'pass-word-123';

describe('the sign-in limit holds for every spelling of the address', () => {
  const SPELLINGS = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/x/%2E%2E/sign-in/email',
    '/api/auth//sign-in/email',
    '/api/auth/sign-in//email',
    '/api/auth/sign-in/email/',
    '/api/auth/SIGN-IN/email',
    '/api/auth/sign-in/EMAIL',
    '/api/auth/sign-in\\email',
    '/api/auth/sign-in/%65mail',
    '/api/auth/sign-in/email?x=1',
  ];

  it('after the plain path says 429, no other spelling answers a wrong password or accepts the right one', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '5', TRUST_PROXY: '127.0.0.1' });
    await from(a, '198.51.100.1').signUp('owner1@test.shop');
    const xff = { 'x-forwarded-for': '203.0.113.9', origin: a.baseUrl };
    const attempt = (p: string, password: string) => raw(a.baseUrl, 'POST', p, { email: 'owner1@test.shop', password }, xff);
    // Wrong passwords on the plain path until it says 429 (within the limit of 5, give or take the sign-up).
    let plain = 0;
    for (let i = 0; i < 7 && plain !== 429; i++) {
      plain = (await attempt('/api/auth/sign-in/email', `wrong-${i}-pass`)).status;
      expect([401, 429]).toContain(plain);
    }
    expect(plain).toBe(429);

    for (const [n, spelling] of SPELLINGS.entries()) {
      // The review's case in full (30 guesses, then the password) on the first spelling; 3 on the others.
      const guesses = n === 0 ? 30 : 3;
      for (let i = 0; i < guesses; i++) {
        const r = await attempt(spelling, `guess-${i}-pass`);
        expect([400, 404, 429], `${spelling} guess ${i}: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
      }
      const right = await attempt(spelling, PASSWORD);
      expect([400, 404, 429], `${spelling} with the right password: ${right.status}`).toContain(right.status);
      expect(right.headers['set-cookie'] ?? []).toEqual([]);
    }
  }, 90_000);

  it('the origin check sees through the spelling too: a write resolved from /callback/../ is still checked', async () => {
    const a = await app();
    const c = await a.client().signUp('owner2@test.shop', { name: 'Before' });
    const cookie = `better-auth.session_token=${c.cookie('better-auth.session_token')}`;
    const r = await raw(
      a.baseUrl,
      'POST',
      '/api/auth/callback/../update-user',
      { name: 'Hacked' },
      {
        origin: 'https://evil.example',
        cookie,
      },
    );
    expect(r.status).toBe(403);
    const me = await c.get<{ user: { name: string } }>('/api/auth/get-session');
    expect(me.body.user.name).toBe('Before');
  });
});

describe('failed sign-ins are limited per (email, IP); per email they are only slowed', () => {
  it('a guesser elsewhere does not lock the owner out, nor does guessing spread over many IPs', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '3', AUTH_EMAIL_HOURLY_MAX: '10', TRUST_PROXY: '127.0.0.1' });
    const owner = from(a, '198.51.100.20');
    await owner.signUp('owner3@test.shop');
    // Another IP guesses the owner's password until it is stopped.
    const attacker = from(a, '203.0.113.30');
    let status = 0;
    for (let i = 0; i < 6 && status !== 429; i++)
      status = (await attacker.post('/api/auth/sign-in/email', { email: 'owner3@test.shop', password: `guess-${i}-x` })).status;
    expect(status).toBe(429);
    // The owner, from their own IP, still gets in.
    expect((await owner.signIn('owner3@test.shop')).status).toBe(200);

    // One guess from each of many IPs, past the per-email count (10 an hour, all IPs): each is
    // answered (slowed), none refused, and the owner from a new IP still gets in.
    for (let i = 1; i <= 6; i++) {
      const r = await from(a, `192.0.2.${i}`).post('/api/auth/sign-in/email', {
        email: 'owner3@test.shop',
        password: `spread-${i}-x`,
      });
      expect(r.status).toBe(401);
    }
    expect((await from(a, '192.0.2.200').signIn('owner3@test.shop')).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/shop-review-config' };

  it('`true` is refused at start-up, saying what to set instead', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies.*(CIDR|addresses)/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8,not-an-ip' })).toThrow(/TRUST_PROXY: "not-an-ip"/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('takes a hop count, or proxy addresses and CIDRs', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
  });

  it('behind one proxy (hop count 1), addresses a client prepends to X-Forwarded-For do not give it a new budget', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: '1' });
    const guess = (i: number) =>
      a.client().request(
        'POST',
        '/api/auth/sign-in/email',
        { email: `nobody${i}@test.shop`, password: 'wrong-pass-word' },
        {
          'x-forwarded-for': `10.9.9.${i}, 203.0.113.50`,
        },
      );
    expect((await guess(1)).status).toBe(401);
    expect((await guess(2)).status).toBe(401);
    expect((await guess(3)).status).toBe(429);
  });
  it('behind one proxy (hop count 1), two clients the proxy names are two budgets (the count is honoured, not read as "trust none")', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: '1' });
    const guess = (client: string, i: number) =>
      a
        .client()
        .request(
          'POST',
          '/api/auth/sign-in/email',
          { email: `nobody-hop${i}@test.shop`, password: 'wrong-pass-word' },
          { 'x-forwarded-for': client },
        );
    expect((await guess('203.0.113.61', 1)).status).toBe(401);
    expect((await guess('203.0.113.61', 2)).status).toBe(401);
    expect((await guess('203.0.113.61', 3)).status).toBe(429);
    // Another client behind the same proxy still has its own budget.
    expect((await guess('203.0.113.62', 4)).status).toBe(401);
  });
});

describe('the trusted origin is BASE_URL, never the Host header', () => {
  it('a forged Host does not make an outside callbackURL (or Origin) acceptable', async () => {
    const a = await app();
    await a.client().signUp('owner4@test.shop');
    const body = { email: 'owner4@test.shop', password: PASSWORD, callbackURL: 'http://evil.example/steal' };
    // Not a browser: no Origin; Better Auth checks the callbackURL against the trusted origins.
    const noOrigin = await raw(a.baseUrl, 'POST', '/api/auth/sign-in/email', body, { host: 'evil.example' });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.headers['set-cookie'] ?? []).toEqual([]);
    // A page on the forged host, Origin and Host agreeing.
    const sameHost = await raw(a.baseUrl, 'POST', '/api/auth/sign-in/email', body, {
      host: 'evil.example',
      origin: 'http://evil.example',
    });
    expect(sameHost.status).toBe(403);
    expect(sameHost.headers['set-cookie'] ?? []).toEqual([]);
    // The shop's own callbackURL from the shop's own origin is fine.
    const own = await raw(
      a.baseUrl,
      'POST',
      '/api/auth/sign-in/email',
      { ...body, callbackURL: '/orders' },
      { origin: a.baseUrl },
    );
    expect(own.status).toBe(200);
  });

  it('BASE_URL is required in production', () => {
    const prod = {
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/shop-review-config',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      ALLOW_SIMULATED_PAYMENTS: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    expect(() => loadConfig(prod)).toThrow(/BASE_URL: is required when NODE_ENV=production/);
    expect(loadConfig({ ...prod, BASE_URL: 'https://shop.example.test' }).trustedOrigins).toEqual(['https://shop.example.test']);
  });
});
