/**
 * The shop's mail: queued in the outbox table by `mailer.enqueue` and delivered by a background job
 * to a real SMTP server (test/helpers/mailbox.ts), retried while that server is down, never sent twice
 * by two instances on one database; without SMTP_URL (outside production) kept in the development
 * outbox, readable as JSON and as a page.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { layout } from '../src/mail/layout';
import { createMailer } from '../src/mail/mailer';
import type { MailRequest } from '../src/mail/types';
import { startTestApp, testConfig, type TestApp } from './helpers/app';
import { expectError, expectStatus, insertUser, uniqueEmail } from './helpers/builders';
import { Client } from './helpers/client';
import { createTestDatabase } from './helpers/db';
import { startMailbox, type Mailbox } from './helpers/mailbox';

const serverDir = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Instance = { app: FastifyInstance; database: Database; client: Client };

/** The real app on a real port; its own fresh database unless `database` is given (then shared, not closed here). */
async function startApp(
  env: Record<string, string>,
  opts: { database?: Database; clock?: () => Date; register?: (app: FastifyInstance, database: Database) => void } = {},
): Promise<Instance> {
  const database = opts.database ?? (await createTestDatabase());
  const app = await buildApp({ config: testConfig(dataDir, env), database, clock: opts.clock });
  opts.register?.(app, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  cleanups.push(async () => {
    await app.close();
    if (!opts.database) await database.close();
  });
  return { app, database, client: new Client(`http://127.0.0.1:${address.port}`) };
}

async function mailbox(opts: Parameters<typeof startMailbox>[0] = {}): Promise<Mailbox> {
  const box = await startMailbox(opts);
  cleanups.push(() => box.close());
  return box;
}

/** Polls `read` until it gives a value (real events, e.g. a delivery attempt, not a clock). */
async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function rowsTo(database: Database, to: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function onlyRowTo(database: Database, to: string) {
  const rows = await rowsTo(database, to);
  expect(rows, `one outbox row to ${to}`).toHaveLength(1);
  const [row] = rows;
  assert.isDefined(row);
  return row;
}

function simpleMail(to: string, subject: string, kind: MailRequest['kind'] = 'order-placed'): MailRequest {
  return { ...layout({ title: subject, paragraphs: [`A mail about ${subject}.`] }), to, kind };
}

describe('delivery over SMTP', () => {
  let box: Mailbox;
  let shop: Instance;
  let shopUrl: string;

  beforeAll(async () => {
    box = await mailbox({ auth: { user: 'shop@test.shop', pass: 'mail pass: 1/2' } });
    shop = await startApp({
      SMTP_URL: box.url,
      JOBS_ENABLED: 'true',
      MAIL_FROM: '"Test shop" <shop@test.shop>',
      SHOP_NAME: 'Gadget & Co',
    });
    shopUrl = shop.client.baseUrl;
  });

  it('sends a queued mail with its text and HTML parts within a second or two', async () => {
    const to = uniqueEmail('delivered');
    const long = `This paragraph is long enough to be folded by the quoted-printable encoding of the text part: ${'word '.repeat(30)}end.`;
    const mail = layout({
      title: 'Your order & receipt',
      paragraphs: ['You bought "ThinkPad X1" <used>.', 'Grüße, ünïcödé and an emoji 💻.', long],
      action: { label: 'See your order', url: `${shopUrl}/dashboard/myorders` },
      baseUrl: shopUrl,
    });
    const started = Date.now();
    await shop.app.mailer.enqueue({ ...mail, to, kind: 'order-placed' });
    const got = await box.waitFor(to, { subject: 'Your order' }, 5000);
    expect(Date.now() - started, 'enqueue to delivery (ms)').toBeLessThan(3000);

    expect(got.subject).toBe('Your order & receipt');
    expect(got.from).toBe('shop@test.shop');
    expect(got.headers.get('from')).toContain('Test shop');
    expect(got.text).toContain('You bought "ThinkPad X1" <used>.');
    expect(got.text).toContain('Grüße, ünïcödé and an emoji 💻.');
    expect(got.text).toContain(long);
    // The shop's name (SHOP_NAME) in both parts, escaped in the HTML one; no trace of its placeholder.
    expect(got.text).toContain('Gadget & Co');
    expect(got.text).toContain('you have an account at Gadget & Co.');
    expect(got.html).toContain('Gadget &amp; Co');
    expect(got.text + got.html).not.toContain('\u0000');
    expect(got.html).toContain('You bought &quot;ThinkPad X1&quot; &lt;used&gt;.');
    expect(got.html).toContain('Grüße, ünïcödé and an emoji 💻.');
    expect(got.html).toContain(`href="${shopUrl}/dashboard/myorders"`);
    expect(got.html).toContain(`href="${shopUrl}/dashboard/profile"`);
    expect(got.html).not.toContain('<used>');
    expect(got.links).toEqual([`${shopUrl}/dashboard/myorders`, `${shopUrl}/dashboard/profile`]);

    const row = await until('the row marked sent', async () => {
      const r = await onlyRowTo(shop.database, to);
      return r.sentAt ? r : undefined;
    });
    expect(row).toMatchObject({ transport: 'smtp', attempts: 1, nextAttemptAt: null, lastError: null });
  });

  it('writes the mail within the caller transaction: rolled back, nothing is sent', async () => {
    const kept = uniqueEmail('kept');
    const dropped = uniqueEmail('rolled-back');
    await shop.database.db.transaction(async (tx) => {
      await shop.app.mailer.enqueue(simpleMail(kept, 'Committed mail'), tx);
    });
    await expect(
      shop.database.db.transaction(async (tx) => {
        await shop.app.mailer.enqueue(simpleMail(dropped, 'Rolled back mail'), tx);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');

    await box.waitFor(kept, { subject: 'Committed mail' }, 5000);
    expect(await rowsTo(shop.database, dropped)).toHaveLength(0);
    expect(box.all().filter((m) => m.to.includes(dropped))).toHaveLength(0);
  });

  it('has no development outbox', async () => {
    expectError(await shop.client.request('GET', '/api/dev/mail'), 404, 'dev outbox JSON with SMTP');
    expectError(await shop.client.request('GET', '/dev/mail'), 404, 'dev outbox page with SMTP');
  });
});

describe('a mail server that is down', () => {
  let now = new Date('2031-05-01T09:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let port: number;
  let shop: Instance;
  /**
   * The mail server's port, held until the server comes up, taking connections and dropping them at
   * once: a port that was merely free when asked could be taken meanwhile by another test file's
   * server, whose HTTP would keep the mailer waiting for a greeting (10 s) past this test's wait.
   */
  let down: net.Server;

  beforeAll(async () => {
    down = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    port = (down.address() as net.AddressInfo).port;
    cleanups.push(() => new Promise<void>((resolve) => down.close(() => resolve())));
    shop = await startApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, JOBS_ENABLED: 'true' },
      {
        clock: () => now,
        register: (app, database) =>
          app.post<{ Body: { to: string } }>('/test/cause-mail', async (request) => {
            await database.db.transaction(async (tx) => {
              await app.mailer.enqueue(simpleMail(request.body.to, 'Please verify your email', 'verify-email'), tx);
            });
            return { ok: true };
          }),
      },
    );
  });

  it('never fails the request; the mail is retried with backoff and arrives once the server is up', async () => {
    const to = uniqueEmail('retried');
    const started = Date.now();
    const res = await shop.client.request('POST', '/test/cause-mail', { to });
    expectStatus(res, 200, 'the request that causes a mail');
    expect(res.body).toEqual({ ok: true });
    expect(Date.now() - started, 'request time (ms)').toBeLessThan(2000);

    const first = await until('the first failed attempt', async () => {
      const r = await onlyRowTo(shop.database, to);
      return r.attempts === 1 ? r : undefined;
    });
    expect(first.sentAt).toBeNull();
    expect(first.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(first.nextAttemptAt?.toISOString()).toBe(new Date(now.getTime() + 60_000).toISOString());

    // A minute later: the second attempt fails too and waits five minutes.
    advance(60_000);
    await shop.app.jobs.runDue();
    const second = await onlyRowTo(shop.database, to);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt?.toISOString()).toBe(new Date(now.getTime() + 5 * 60_000).toISOString());

    // The server comes up; the mail is not due yet, so nothing is sent before the five minutes are over.
    await new Promise<void>((resolve) => down.close(() => resolve()));
    const box = await mailbox({ port });
    advance(4 * 60_000);
    await shop.app.jobs.runDue();
    expect(box.all()).toHaveLength(0);

    advance(60_000);
    await shop.app.jobs.runDue();
    const got = await box.waitFor(to, { subject: 'Please verify your email' }, 5000);
    expect(got.text).toContain('A mail about Please verify your email.');
    const sent = await onlyRowTo(shop.database, to);
    expect(sent).toMatchObject({ attempts: 3, transport: 'smtp', nextAttemptAt: null });
    expect(sent.sentAt?.toISOString()).toBe(now.toISOString());
    expect(sent.lastError, 'the last failure stays on record').toMatch(/ECONNECTION|ECONNREFUSED/);

    // Delivered once: later runs send nothing more.
    advance(60 * 60_000);
    await shop.app.jobs.runDue();
    expect(box.all().filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});

describe('two instances on one database', () => {
  it('never deliver one mail twice', async () => {
    const box = await mailbox();
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const env = { SMTP_URL: box.url, JOBS_ENABLED: 'false' };
    const a = await startApp(env, { database });
    const b = await startApp(env, { database });

    const to = uniqueEmail('many');
    const count = 40;
    for (let i = 0; i < count; i++) await (i % 2 ? a : b).app.mailer.enqueue(simpleMail(to, `Mail number ${i}`));

    // Both instances, twice each, look for due mail at the same moment.
    const now = new Date(Date.now() + 1000);
    const runs = await Promise.all([a, b, a, b].map((i) => i.app.mailer.deliverDue({ now })));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(count);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);

    const subjects = box
      .all()
      .filter((m) => m.to.includes(to))
      .map((m) => m.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const rows = await rowsTo(database, to);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });
});

describe('the development outbox (no SMTP_URL)', () => {
  let t: TestApp;
  const alice = uniqueEmail('alice');
  const bob = uniqueEmail('bob');
  const nasty = '<script>alert("x")</script> & friends';

  beforeAll(async () => {
    t = await startTestApp();
    cleanups.push(() => t.close());
    const mailer = t.app.mailer;
    expect(mailer.devOutbox).toBe(true);
    await mailer.enqueue({
      ...layout({
        title: 'Reset your password',
        paragraphs: ['Someone asked to reset your password.'],
        action: { label: 'Choose a new password', url: `${t.baseUrl}/reset-password?token=abc&x=1` },
      }),
      to: alice,
      kind: 'reset-password',
    });
    await mailer.enqueue({ ...simpleMail(bob, 'For Bob'), kind: 'refund' });
    await mailer.enqueue({ ...simpleMail(alice.toUpperCase(), nasty), kind: 'order-placed' });
  });

  type DevMail = {
    id: string;
    to: string;
    kind: string;
    subject: string;
    text: string;
    html: string;
    links: string[];
    createdAt: string;
  };

  it('lists the mails as JSON, newest first, with their links; ?to= keeps one address', async () => {
    const all = expectStatus(await t.client().request<DevMail[]>('GET', '/api/dev/mail'), 200, 'dev outbox').body;
    expect(all.map((m) => m.subject)).toEqual([nasty, 'For Bob', 'Reset your password']);

    const res = await t.client().request<DevMail[]>('GET', `/api/dev/mail?to=${encodeURIComponent(alice)}`);
    const mine = expectStatus(res, 200, 'dev outbox ?to=').body;
    expect(mine.map((m) => m.subject)).toEqual([nasty, 'Reset your password']);
    const reset = mine[1];
    assert.isDefined(reset);
    expect(reset).toMatchObject({ to: alice, kind: 'reset-password' });
    expect(reset.links[0]).toBe(`${t.baseUrl}/reset-password?token=abc&x=1`);
    expect(reset.text).toContain('Someone asked to reset your password.');
    expect(reset.html).toContain('href="http://');
    expect(Number.isNaN(Date.parse(reset.createdAt))).toBe(false);

    expectError(await t.client().request('GET', `/api/dev/mail?to=${'x'.repeat(400)}`), 400, 'an overlong ?to=', 'to');
  });

  it('shows them on a page, escaped, links clickable, under the shop CSP', async () => {
    const res = await fetch(`${t.baseUrl}/dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain(`<a href="${t.baseUrl}/reset-password?token=abc&amp;x=1">`);
    expect(page.indexOf('friends')).toBeLessThan(page.indexOf('Reset your password'));

    const bobsPage = await (await fetch(`${t.baseUrl}/dev/mail?to=${encodeURIComponent(bob)}`)).text();
    expect(bobsPage).toContain('For Bob');
    expect(bobsPage).not.toContain('Reset your password');
  });

  it("serves a mail's HTML part by id; a bad id is a 400 naming it", async () => {
    const [newest] = (await t.client().request<DevMail[]>('GET', '/api/dev/mail')).body;
    assert.isDefined(newest);
    const res = await fetch(`${t.baseUrl}/dev/mail/${newest.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(newest.html);
    expectError(await t.client().request('GET', '/dev/mail/not-an-id'), 400, 'a bad mail id', 'id');
    expectError(await t.client().request('GET', `/dev/mail/${crypto.randomUUID()}`), 404, 'an unknown mail id');
  });

  it('drops a non-essential mail the user turned off, never an essential one', async () => {
    const user = await insertUser(t, 'buyer');
    const mailer = createMailer({
      db: t.database.db,
      log: t.app.log,
      jobs: t.app.jobs,
      smtpUrl: undefined,
      from: 'shop@test.shop',
      baseUrl: t.baseUrl,
      shopName: 'SecondByte',
      isOptedOut: (userId, kind) => userId === user.id && kind === 'order-placed',
    });
    await mailer.enqueue({ ...simpleMail(user.email, 'Turned off'), kind: 'order-placed', userId: user.id });
    await mailer.enqueue({ ...simpleMail(user.email, 'Still wanted'), kind: 'refund', userId: user.id });
    await mailer.enqueue({ ...simpleMail(user.email, 'Security'), kind: 'password-changed', userId: user.id });
    const rows = await rowsTo(t.database, user.email);
    expect(rows.map((r) => r.subject).sort()).toEqual(['Security', 'Still wanted']);
  });
});

describe('settings', () => {
  const production = {
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: 'prod-secret-prod-secret-prod-secret-0123',
    ALLOW_SIMULATED_PAYMENTS: 'true',
    BASE_URL: 'https://shop.example.com',
  };

  it('production without SMTP_URL is refused, naming the key; MAIL_FROM defaults to the shop at BASE_URL', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...production, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    const config = loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example.com:465' });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: '"SecondByte" <no-reply@shop.example.com>',
    });
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://mail.example.com', SHOP_NAME: 'Gadget Loop' }).mail.from).toBe(
      '"Gadget Loop" <no-reply@shop.example.com>',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).mail.smtpUrl).toBeUndefined();
  });

  // Loading the whole server under tsx takes a while on a busy machine.
  it('the server refuses to start in production without SMTP_URL', { timeout: 60_000 }, async () => {
    const env: Record<string, string | undefined> = { ...process.env, ...production, DATA_DIR: dataDir, PORT: '0' };
    delete env.SMTP_URL;
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/SMTP_URL: is required when NODE_ENV=production/);
  });
});
