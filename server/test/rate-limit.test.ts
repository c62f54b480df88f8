import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../src/lib/rate-limit';
import { appPerTest, fromIp as from } from './helpers/app';
import type { Client, Res } from './helpers/client';

/**
 * Abuse limits: sign-in / sign-up per IP, per (email, IP) a minute and an hour (per email from all IPs
 * together only slowed: sign-in-limits.test.ts), a general per-IP API limit, counted per real client IP (X-Forwarded-For only from the proxies TRUST_PROXY names), in
 * memory or shared through Redis.
 */

const REDIS_URL = process.env.REDIS_URL_TEST;

const app = appPerTest();

const signIn = (c: Client, email: string, password = 'wrong-password') =>
  c.post<{ error?: string; message?: string }>('/api/auth/sign-in/email', { email, password });

function expectLimited(r: Res<{ error?: string; message?: string } | unknown>, what: 'attempts' | 'requests' = 'attempts') {
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ error: 'rate_limited' });
  const message = (r.body as { message: string }).message;
  expect(message).toMatch(new RegExp(`^Too many ${what}\\. Try again in \\d+ seconds?\\.$`));
  const retry = Number(r.headers.get('retry-after'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  expect(message).toContain(`in ${retry} second`);
}

/** A 429 of the hourly per-email ceiling: Retry-After up to an hour, said in minutes. */
function expectLimitedForMinutes(r: Res<unknown>) {
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ error: 'rate_limited' });
  expect((r.body as { message: string }).message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
  const retry = Number(r.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(60);
  expect(retry).toBeLessThanOrEqual(3600);
}

describe('sign-in and sign-up limits (memory store)', () => {
  it('per IP: the fourth attempt in a minute is 429 with a readable message and Retry-After', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '3' });
    const c = a.client();
    for (let i = 0; i < 3; i++) expect((await signIn(c, `nobody${i}@test.shop`)).status).toBe(401);
    expectLimited(await signIn(c, 'nobody9@test.shop'));
    expectLimited(await c.post('/api/auth/sign-up/email', { name: 'x', email: 'new@test.shop', password: 'pass-word-123' }));
    // Other calls are not part of the sign-in budget.
    expect((await c.get('/api/category')).status).toBe(200);
  });

  it('per (email, IP) an hour: one IP cannot hammer one address; other addresses and IPs are untouched', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '10', AUTH_EMAIL_HOURLY_MAX: '3', TRUST_PROXY: '127.0.0.1' });
    await from(a, '198.51.100.1').signUp('victim@test.shop');
    const guesser = from(a, '203.0.113.4');
    for (let i = 0; i < 3; i++) expect((await signIn(guesser, 'victim@test.shop')).status).toBe(401);
    expectLimitedForMinutes(await signIn(guesser, 'VICTIM@test.shop'));
    // The limit is per address: another one from that same IP is fine.
    expect((await signIn(guesser, 'someone-else@test.shop')).status).toBe(401);
    // Other IPs, past the address's hourly count from all IPs: answered (slowed), not refused.
    for (const ip of ['203.0.113.1', '203.0.113.2']) expect((await signIn(from(a, ip), 'victim@test.shop')).status).toBe(401);
  });

  it("two clients with different IPs keep separate budgets: one client's failures never lock out another", async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '127.0.0.1' });
    await from(a, '192.0.2.50').signUp('honest@test.shop');
    const attacker = from(a, '192.0.2.66');
    for (let i = 0; i < 3; i++) await signIn(attacker, `guess${i}@test.shop`);
    expectLimited(await signIn(attacker, 'guess9@test.shop'));
    const honest = from(a, '192.0.2.77');
    expect((await signIn(honest, 'honest@test.shop', 'pass-word-123')).status).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot dodge the limit by inventing IPs', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 3; i++) expect((await signIn(from(a, `10.0.0.${i}`), `spoof${i}@test.shop`)).status).toBe(401);
    expectLimited(await signIn(from(a, '10.0.0.99'), 'spoof9@test.shop'));
  });

  it('counts change-password guesses per IP too', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '3' });
    const c = a.client();
    await c.signUp('cp@test.shop'); // sign-up: 1 attempt
    for (let i = 0; i < 2; i++)
      expect(
        (await c.post('/api/auth/change-password', { currentPassword: 'guess-guess', newPassword: 'new-pass-word' })).status,
      ).toBe(400);
    expectLimited(await c.post('/api/auth/change-password', { currentPassword: 'guess-guess', newPassword: 'new-pass-word' }));
  });
});

describe('general API limit (memory store)', () => {
  it('RATE_LIMIT_MAX calls a minute per IP, then 429; health checks are exempt; other IPs unaffected', async () => {
    const a = await app({ RATE_LIMIT_MAX: '5', TRUST_PROXY: '127.0.0.1' });
    const c = from(a, '198.51.100.7');
    for (let i = 0; i < 5; i++) {
      const r = await c.get('/api/category');
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe('5');
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    expectLimited(await c.get('/api/category'), 'requests');
    expectLimited(await c.post('/api/auth/sign-in/email', { email: 'x@test.shop', password: 'whatever' }), 'requests');
    expect((await c.get('/api/health')).status).toBe(200);
    expect((await from(a, '198.51.100.8').get('/api/category')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const a = await app({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' });
    expect((await from(a, '2001:db8:1:2::1').get('/api/category')).status).toBe(200);
    expect((await from(a, '2001:db8:1:2::ffff').get('/api/category')).status).toBe(200);
    expect((await from(a, '2001:db8:1:2:abcd::9').get('/api/category')).status).toBe(429);
    expect((await from(a, '2001:db8:1:3::1').get('/api/category')).status).toBe(200);
  });
});

describe('memory counter store', () => {
  it('starts a new window when the old one has passed, and stays bounded', async () => {
    const store = new MemoryCounterStore(3);
    expect((await store.hit('k', 50)).count).toBe(1);
    expect((await store.hit('k', 50)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 70));
    expect((await store.hit('k', 50)).count).toBe(1);
    for (const k of ['a', 'b', 'c', 'd']) await store.hit(k, 60_000);
    expect((await store.hit('d', 60_000)).count).toBe(2);
    await store.close();
  });
});

describe.skipIf(!REDIS_URL)(
  `Redis store (REDIS_URL_TEST=${REDIS_URL ?? 'unset: skipped, set REDIS_URL_TEST=redis://127.0.0.1:6379 to run'})`,
  () => {
    let redis: Redis;
    const prefixes: string[] = [];
    /** A key prefix of this test's own, so parallel test files (and runs) never share counters. */
    const uniquePrefix = () => {
      const p = `shop-test:${crypto.randomUUID()}:`;
      prefixes.push(p);
      return p;
    };

    afterAll(async () => {
      if (!redis) return;
      for (const p of prefixes) {
        const keys = await redis.keys(`${p}*`);
        if (keys.length) await redis.del(...keys);
      }
      redis.disconnect();
    });

    it('two server instances sharing one Redis share the sign-in budget', async () => {
      redis ??= new Redis(REDIS_URL!);
      const env = { REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: uniquePrefix(), AUTH_RATE_LIMIT_MAX: '4' };
      const [one, two] = await Promise.all([app(env), app(env)]);
      const c1 = one.client();
      const c2 = two.client();
      expect((await signIn(c1, 'shared1@test.shop')).status).toBe(401);
      expect((await signIn(c2, 'shared2@test.shop')).status).toBe(401);
      expect((await signIn(c1, 'shared3@test.shop')).status).toBe(401);
      expect((await signIn(c2, 'shared4@test.shop')).status).toBe(401);
      expectLimited(await signIn(c1, 'shared5@test.shop'));
      expectLimited(await signIn(c2, 'shared6@test.shop'));
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
      expect(keys.length).toBeGreaterThan(0);
      // Email addresses are not stored in Redis, only hashes of them.
      expect(keys.join(' ')).not.toContain('shared1@test.shop');
    });

    it('two instances share the per-(email, IP) budget, while clients with different IPs keep separate ones', async () => {
      redis ??= new Redis(REDIS_URL!);
      const env = {
        REDIS_URL: REDIS_URL!,
        REDIS_KEY_PREFIX: uniquePrefix(),
        AUTH_RATE_LIMIT_MAX: '2',
        AUTH_EMAIL_HOURLY_MAX: '2',
        TRUST_PROXY: '127.0.0.1',
      };
      const [one, two] = await Promise.all([app(env), app(env)]);
      // Per IP, across instances.
      expect((await signIn(from(one, '203.0.113.10'), 'a@test.shop')).status).toBe(401);
      expect((await signIn(from(two, '203.0.113.10'), 'b@test.shop')).status).toBe(401);
      expectLimited(await signIn(from(one, '203.0.113.10'), 'c@test.shop'));
      // Another IP has its own budget on both instances.
      expect((await signIn(from(two, '203.0.113.11'), 'd@test.shop')).status).toBe(401);
      expect((await signIn(from(one, '203.0.113.11'), 'e@test.shop')).status).toBe(401);
      expectLimited(await signIn(from(two, '203.0.113.11'), 'f@test.shop'));
      // Per (email, IP) an hour, across instances (a wait in minutes: the hourly count is over).
      expect((await signIn(from(one, '203.0.113.20'), 'target@test.shop')).status).toBe(401);
      expect((await signIn(from(two, '203.0.113.20'), 'target@test.shop')).status).toBe(401);
      expectLimitedForMinutes(await signIn(from(one, '203.0.113.20'), 'target@test.shop'));
      // Another IP is slowed (the address's count from all IPs is over), not refused.
      expect((await signIn(from(two, '203.0.113.22'), 'target@test.shop')).status).toBe(401);
    });

    it('two instances share the general API limit', async () => {
      redis ??= new Redis(REDIS_URL!);
      const env = { REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_MAX: '3' };
      const [one, two] = await Promise.all([app(env), app(env)]);
      expect((await one.client().get('/api/category')).status).toBe(200);
      expect((await two.client().get('/api/category')).status).toBe(200);
      expect((await one.client().get('/api/category')).status).toBe(200);
      expectLimited(await two.client().get('/api/category'), 'requests');
    });
  },
);

describe('Redis unreachable', () => {
  it('the shop still starts and serves, and the limits still hold per process', async () => {
    const a = await app({ REDIS_URL: 'redis://127.0.0.1:9', AUTH_RATE_LIMIT_MAX: '2' });
    const c = a.client();
    expect((await c.get('/api/category')).status).toBe(200);
    expect((await signIn(c, 'x1@test.shop')).status).toBe(401);
    expect((await signIn(c, 'x2@test.shop')).status).toBe(401);
    expectLimited(await signIn(c, 'x3@test.shop'));
  });
});
