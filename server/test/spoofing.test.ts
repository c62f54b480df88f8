import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { encodeCursor } from '../src/lib/paging';
import { freePort } from './helpers/port';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { testDbKind } from './helpers/db';

/**
 * The findings of a security review, each reproduced against the real server over HTTP: abuse limits
 * that other spellings of an address escaped, an owner locked out by a guesser, a client-chosen IP,
 * a client-chosen origin, 500s on deep JSON and out-of-range cursors, personal answers cacheable and
 * secrets in the log, script URLs as profile pictures, and demo accounts in production.
 */

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function app(env: Record<string, string> = {}, logStream?: { write(line: string): void }) {
  const a = await startTestApp({ env, logStream });
  apps.push(a);
  return a;
}

/** A client that the proxy in front of the shop (127.0.0.1, as TRUST_PROXY names it) says comes from `ip`. */
function from(a: TestApp, ip: string): Client {
  const c = a.client();
  const request = c.request.bind(c);
  c.request = <T>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    request<T>(method, p, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}

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

describe('1. the sign-in limit holds for every spelling of the address', () => {
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

describe('2. failed sign-ins are limited per (email, IP); per email they are only slowed', () => {
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

describe('3. TRUST_PROXY', () => {
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

describe('4. the trusted origin is BASE_URL, never the Host header', () => {
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

describe('6. deep JSON and out-of-range cursors are 4xx naming the problem, never 500', () => {
  const deepArray = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
  const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

  it('30,000-deep JSON to /api/auth and to our own routes', async () => {
    const a = await app();
    const buyer = await a.client().signUp('deep1@test.shop');
    const targets: [string, string][] = [
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/orders'],
      ['POST', '/api/users'],
      ['PUT', '/api/users/verify/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, p] of targets)
      for (const body of [deepArray, deepObject]) {
        const r = await buyer.request<{ error: string; message: string }>(method, p, body);
        expect(r.status, `${method} ${p}`).toBe(400);
        expect(r.body).toEqual({
          error: 'body_too_deep',
          message: 'The request body nests arrays or objects more than 32 levels deep.',
          requestId: expect.any(String),
        });
      }
    // Ordinary bodies still work.
    expect((await buyer.post('/api/auth/update-user', { name: 'Still Fine' })).status).toBe(200);
  });

  it('a price cursor outside the integer range', async () => {
    const a = await app();
    const c = a.client();
    for (const k of [2147483648, -2147483649, 2 ** 53 - 1]) {
      const cursor = encodeCursor({ k, id: '00000000-0000-4000-8000-000000000000' });
      for (const p of [
        `/api/allproducts?sort=price_asc&cursor=${cursor}`,
        `/api/products/Laptop?sort=price_desc&cursor=${cursor}`,
      ]) {
        const r = await c.get<{ error: string; field: string }>(p);
        expect(r.status, `${p} (${k})`).toBe(400);
        expect(r.body).toMatchObject({ error: 'validation_error', field: 'cursor' });
      }
    }
    const fine = encodeCursor({ k: 2147483647, id: '00000000-0000-4000-8000-000000000000' });
    expect((await c.get(`/api/allproducts?sort=price_desc&cursor=${fine}`)).status).toBe(200);
  });
});

describe('7. personal answers are not cached, and the log holds no emails or tokens', () => {
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
    expect(log).toContain('incoming request');
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
});

describe('8. user.image is a picture URL like a product image, or refused', () => {
  it('javascript: URLs and 60 KB strings are refused at sign-up and update-user; https and site paths pass', async () => {
    const a = await app();
    const signUp = (email: string, image: string) =>
      a
        .client()
        .post<{ code?: string; message?: string }>('/api/auth/sign-up/email', { name: 'Pic', email, password: PASSWORD, image });
    for (const [i, bad] of [
      'javascript:alert(document.cookie)',
      `https://img.example/${'a'.repeat(60_000)}`,
      'data:text/html,x',
    ].entries()) {
      const r = await signUp(`pic-bad${i}@test.shop`, bad);
      expect(r.status, bad.slice(0, 40)).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_IMAGE' });
      expect(r.body.message).toMatch(/^image must be/);
    }
    expect((await signUp('pic-ok@test.shop', 'https://img.example/me.png')).status).toBe(200);

    const c = await a.client().signUp('pic-upd@test.shop');
    for (const bad of [' javascript:alert(1)', `https://img.example/${'b'.repeat(60_000)}`]) {
      const r = await c.post<{ code?: string }>('/api/auth/update-user', { image: bad });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_IMAGE' });
    }
    expect((await c.post('/api/auth/update-user', { image: '/images/avatars/me.png' })).status).toBe(200);
    const me = await c.get<{ user: { image: string | null } }>('/api/auth/get-session');
    expect(me.body.user.image).toBe('/images/avatars/me.png');
    expect((await c.post('/api/auth/update-user', { image: null })).status).toBe(200);
  });
});

describe('9. production is never a demo', () => {
  it('the public demo password is refused in production', () => {
    const prod = {
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/shop-review-config',
      BASE_URL: 'https://shop.example.test',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      ALLOW_SIMULATED_PAYMENTS: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    expect(() => loadConfig({ ...prod, DEMO_PASSWORD: 'demo-shop-2026' })).toThrow(/DEMO_PASSWORD/);
    const c = loadConfig(prod);
    expect(c.seedDemo).toBe(false);
    expect(c.demoPassword).not.toBe('demo-shop-2026');
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  // The server process itself (src/main.ts) on the embedded database, as `npm start` runs it.
  describe.skipIf(testDbKind === 'postgres')('the server started with NODE_ENV=production (embedded database)', () => {
    const serverDir = path.resolve(decodeURIComponent(new URL('.', import.meta.url).pathname), '..');
    const dirs: string[] = [];
    let running: { child: ChildProcess; exited: Promise<unknown> } | undefined;
    afterEach(async () => {
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGTERM');
        await running.exited;
      }
      running = undefined;
    });
    afterAll(() => {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    async function start(dataDir: string, env: Record<string, string> = {}) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const childEnv: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        BETTER_AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
        ALLOW_SIMULATED_PAYMENTS: 'true',
        // Required in production; no mail is sent here (background jobs are off).
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PGLITE_FSYNC: 'off',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      };
      for (const k of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'DEMO_PASSWORD', 'TRUST_PROXY'])
        if (!(k in env)) delete childEnv[k];
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.on('data', (d) => (out += d));
      child.stderr?.on('data', (d) => (out += d));
      const exited = new Promise((r) => child.once('exit', r));
      running = { child, exited };
      const until = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
        try {
          if ((await fetch(`${baseUrl}/api/ready`)).ok && out.includes('Shop running at')) break;
        } catch {
          /* not listening yet */
        }
        if (Date.now() > until) throw new Error(`server not ready after 120 s:\n${out}`);
        await new Promise((r) => setTimeout(r, 150));
      }
      const stop = async () => {
        child.kill('SIGTERM');
        await exited;
      };
      return { baseUrl, output: () => out, stop };
    }

    const signIn = (baseUrl: string, password: string) =>
      fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: 'admin@shop.test', password }),
      });

    it('without SEED_DEMO: no demo account and no demo password printed; the categories are there', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-prod-'));
      dirs.push(dataDir);
      const s = await start(dataDir);
      expect(s.output()).not.toContain('demo-shop-2026');
      expect(s.output()).not.toContain('admin@shop.test');
      expect((await signIn(s.baseUrl, 'demo-shop-2026')).status).toBe(401);
      const categories = (await (await fetch(`${s.baseUrl}/api/category`)).json()) as unknown[];
      expect(categories).toHaveLength(6);
      await s.stop();
    }, 180_000);

    it('with SEED_DEMO=true: a random password, printed once, never the public one', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-prod-'));
      dirs.push(dataDir);
      const first = await start(dataDir, { SEED_DEMO: 'true' });
      const printed = /shown this once: (\S+)\):/.exec(first.output())?.[1];
      expect(printed, first.output()).toBeDefined();
      expect(printed).not.toBe('demo-shop-2026');
      expect(first.output()).not.toContain('demo-shop-2026');
      expect((await signIn(first.baseUrl, 'demo-shop-2026')).status).toBe(401);
      expect((await signIn(first.baseUrl, printed ?? '')).status).toBe(200);
      await first.stop();

      const again = await start(dataDir, { SEED_DEMO: 'true' });
      expect(again.output()).not.toContain(printed ?? '');
      expect(again.output()).not.toContain('demo-shop-2026');
      expect((await signIn(again.baseUrl, printed ?? '')).status).toBe(200);
      await again.stop();
    }, 300_000);
  });
});
