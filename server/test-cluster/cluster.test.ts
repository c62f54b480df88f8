/**
 * The shop as it runs for real: three instances of the compiled server (server/dist/main.js, started
 * as deploy/systemd/shop@.service starts them) on one fresh PostgreSQL database and one Redis, behind
 * nginx running deploy/nginx/shop.conf, photos in an S3 bucket (s3rver), mail to an SMTP server. Only
 * ports and paths differ from the shipped files. Run by `npm run test:cluster` (after a build).
 *
 * Proves: migrations run once although the three start at the same moment; a session made on one
 * instance works on the others; abuse limits are counted across instances; a due job (mail delivery)
 * runs once; a photo stored through one instance is served by another; an event published on one
 * reaches a stream on another; kill -9 of an instance under
 * a booking-and-paying load loses no acknowledged write and sells no item twice; a rolling restart
 * with SIGTERM under load gives clients no 5xx and no failed connection, and event streams are told
 * to reconnect as their instance starts draining; with no instance left, the API's gateway errors
 * are 503s to retry.
 *
 * It waits for what it needs (waitFor), never for a fixed time, so a busy machine makes it slower,
 * not flaky: `npm run test:cluster -- --busy` runs it beside a busy-loop per core (run.ts). When a
 * call fails, the failure is explained from nginx's and the instances' logs (explainFailures).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Res } from '../test/helpers/client';
import { startMailbox, type Mailbox } from '../test/helpers/mailbox';
import { freePort } from '../test/helpers/port';
import { readUnit } from '../test/helpers/start-flags';
import { Instance, Nginx, serverRoot, sleep, waitFor } from './harness';

const ADMIN_DB_URL =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL_TEST ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = crypto.randomBytes(16).toString('hex');
/** Buyers booking and paying at once during kill -9 and the rolling restart (3x the 50 of the first version). */
const CLIENTS = 150;
/** Enough items that the load is still booking them at the end. */
const PRODUCTS = 12 * CLIENTS;
/**
 * How long the test waits for the load to make progress: on a 2-core machine with two busy-loops
 * beside it, 150 clients make some 15 requests a second; idle, some 200.
 */
const LOAD_WAIT_MS = 300_000;
const EMAIL_HOURLY_MAX = 5;

const run = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
const dbName = `shop_cluster_${run}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
/** A private copy of the build, so a build elsewhere during the run cannot change what runs. */
const scratch = fs.mkdtempSync(path.join(serverRoot, '.scratch-cluster-'));

let nginx: Nginx;
let instances: Instance[] = [];
let mailbox: Mailbox;
let s3: S3rver;
let sql: pg.Pool;
let dbUrl: string;
let startAt = 0;
/** Measured figures, printed at the end (and asserted where they prove something). */
const figures: Record<string, unknown> = {};

const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await sql.query<T>(text, values)).rows;

function client(base: string) {
  return new Client(base, nginx.url, async (id) => {
    await q('update "user" set email_verified = true where id = $1', [id]);
  });
}

beforeAll(async () => {
  startAt = Date.now();
  const dist = path.join(serverRoot, 'dist', 'main.js');
  if (!fs.existsSync(dist))
    throw new Error(`${dist} not found: run \`npm run build -w server\` first (npm run test:cluster does)`);
  fs.cpSync(path.join(serverRoot, 'dist'), scratch, { recursive: true });

  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(ADMIN_DB_URL);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  // A pool: the sign-ups mark emails verified several at once. An idle connection's error (the
  // teardown's drop database ... with (force) ends it) is not the test's.
  sql = new pg.Pool({ connectionString: dbUrl, max: 4 });
  sql.on('error', () => {});

  mailbox = await startMailbox();
  const s3Port = await freePort();
  s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'shop-photos' }],
  });
  await s3.run();

  const ports = [await freePort(), await freePort(), await freePort()];
  nginx = new Nginx(path.join(work, 'nginx'), await freePort(), ports);
  const env = {
    DATABASE_URL: dbUrl,
    DATABASE_POOL_SIZE: '6',
    REDIS_URL,
    REDIS_KEY_PREFIX: `shop-cluster-${run}:`,
    BASE_URL: nginx.url,
    BETTER_AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
    SMTP_URL: mailbox.url,
    PAYMENT_PROVIDER: 'simulated',
    ALLOW_SIMULATED_PAYMENTS: 'true',
    METRICS_TOKEN,
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: path.join(work, 'no-web'),
    S3_BUCKET: 'shop-photos',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    // One machine's clients share 127.0.0.1: the per-IP limits are out of the way, the per-email one is tested.
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    // Each load buyer books far more than a person may in a day.
    BOOKINGS_OPEN_UNPAID_MAX: '1000000',
    BOOKINGS_PER_DAY_MAX: '1000000',
    AUTH_EMAIL_HOURLY_MAX: String(EMAIL_HOURLY_MAX),
    LOG_LEVEL: 'info',
  };
  instances = ports.map((p, i) => new Instance(`instance ${i + 1}`, p, path.join(scratch, 'main.js'), env));
  await nginx.start();
}, 120_000);

afterAll(async () => {
  for (const i of instances) if (i.running) i.signal('SIGKILL');
  await Promise.all(instances.map((i) => i.exit));
  await nginx?.stop();
  await s3?.close().catch(() => {});
  await mailbox?.close();
  await sql?.end().catch(() => {});
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  figures.wallSeconds = Math.round((Date.now() - startAt) / 100) / 10;
  console.log(`cluster figures: ${JSON.stringify(figures, null, 2)}`);
  // test-cluster/run.ts sums up each run's figures from here.
  if (process.env.CLUSTER_FIGURES_FILE) fs.writeFileSync(process.env.CLUSTER_FIGURES_FILE, JSON.stringify(figures));
  if (process.env.CLUSTER_KEEP_LOGS) {
    for (const i of instances) fs.writeFileSync(path.join(work, `${i.name.replace(' ', '-')}.log`), i.out);
    console.log(`logs kept in ${work}`);
  } else fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/* ---------- the load: buyers booking and paying through nginx ---------- */

type Stats = {
  requests: number;
  /** Calls sent again after a connection error or a 502/503/504 (only idempotent ones are). */
  retried: number;
  connectionErrors: number;
  byStatus: Record<number, number>;
  /** Repeats of a write answered from its Idempotency-Key (the first was done), and 409 request_in_progress. */
  replayed: number;
  inProgress: number;
  /** Each 5xx and failed connection: what was asked, when, and the id nginx gave it (explainFailures). */
  failures: { at: string; method: string; path: string; status: number | string; requestId: string | null; body?: unknown }[];
};
const newStats = (): Stats => ({
  requests: 0,
  retried: 0,
  connectionErrors: 0,
  byStatus: {},
  replayed: 0,
  inProgress: 0,
  failures: [],
});
const fivexx = (s: Stats) => Object.entries(s.byStatus).reduce((n, [k, v]) => n + (Number(k) >= 500 ? v : 0), 0);

/**
 * One call as a careful client (the web app) makes it: each write carries an Idempotency-Key, kept
 * for its repeats; on a failed connection, a gateway's 502/503/504 or 409 request_in_progress it
 * waits (Retry-After when given) and sends the call again, for up to 30 s. Safe for every call the
 * load makes: GETs, and writes the shop does once per key (lib/idempotency.ts).
 */
async function call<T>(c: Client, stats: Stats, method: string, url: string, body?: unknown): Promise<Res<T>> {
  const headers: Record<string, string> = method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() };
  const until = Date.now() + 30_000;
  for (let attempt = 0; ; attempt++) {
    stats.requests++;
    const at = new Date().toISOString();
    let waitMs = Math.min(100 + attempt * 100, 1000);
    try {
      const r = await c.request<T>(method, url, body, headers);
      stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
      if (r.headers.get('idempotent-replayed')) stats.replayed++;
      if (r.status >= 500)
        stats.failures.push({ at, method, path: url, status: r.status, requestId: r.headers.get('x-request-id'), body: r.body });
      const inProgress = r.status === 409 && (r.body as { error?: string } | null)?.error === 'request_in_progress';
      if (inProgress) stats.inProgress++;
      if ((![502, 503, 504].includes(r.status) && !inProgress) || Date.now() > until) return r;
      const retryAfter = Number(r.headers.get('retry-after'));
      if (retryAfter > 0) waitMs = retryAfter * 1000;
    } catch (err) {
      stats.connectionErrors++;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      stats.failures.push({
        at,
        method,
        path: url,
        status: `failed: ${cause?.code ?? cause?.message ?? String(err)}`,
        requestId: null,
      });
      if (Date.now() > until) throw err;
    }
    stats.retried++;
    await sleep(waitMs);
  }
}

/**
 * What went wrong with each 5xx and failed connection, printed when a phase had any: the request,
 * nginx's access-log line for its id (which instance, the instance's status and time), the
 * instance's log lines for that id, and what nginx's error logs say (connections refused, reset,
 * closed under a request).
 */
function explainFailures(phase: string, stats: Stats) {
  if (!stats.failures.length) return;
  const { access, error } = nginx.logs();
  const out = [`${phase}: ${stats.failures.length} failed call(s)`];
  for (const f of stats.failures) {
    out.push(`- ${f.at} ${f.method} ${f.path} -> ${f.status} request_id=${f.requestId ?? '-'} ${JSON.stringify(f.body ?? '')}`);
    if (!f.requestId) continue;
    for (const l of access.filter((l) => l.includes(`request_id=${f.requestId}`))) out.push(`    nginx: ${l}`);
    for (const i of instances)
      for (const l of i.logLines().filter((l) => l.requestId === f.requestId)) out.push(`    ${i.name}: ${JSON.stringify(l)}`);
  }
  // When each instance began and ended its drains, and the errors it logged (the first 10), to set the failures against.
  for (const i of instances)
    for (const l of [
      ...i.logLines().filter((l) => /drain/.test(String(l.msg))),
      ...i
        .logLines()
        .filter((l) => Number(l.level) >= 50)
        .slice(0, 10),
    ])
      out.push(
        `    ${i.name} at ${new Date(Number(l.time)).toISOString()}: ${String(l.msg)} ${JSON.stringify({ ...l, msg: undefined, time: undefined, pid: undefined, hostname: undefined, level: undefined })}`,
      );
  out.push(`nginx error log (${error.length} lines, the last 60):`, ...error.slice(-60).map((l) => `    ${l}`));
  console.log(out.join('\n'));
}

/**
 * Requests of the access log since line `from` that nginx sent to more than one instance (the first
 * refused, failed or dropped them), and how many of them were writes (POST, sent again only with an
 * Idempotency-Key).
 */
function passedOn(from: number) {
  const lines = nginx
    .logs()
    .access.slice(from)
    .filter((l) => /upstream=\S+, /.test(l));
  return { requests: lines.length, writes: lines.filter((l) => l.includes('"POST ')).length };
}

type Acked = { orders: Set<string>; payments: Set<string> };
type OrderRow = { _id: string; productId: string; status: string };

async function shopper(b: Client, products: string[], stats: Stats, acked: Acked, stop: { done: boolean }) {
  while (!stop.done) {
    const productId = products[crypto.randomInt(products.length)] as string;
    await call(b, stats, 'GET', `/api/product/${productId}`);
    const o = await call<{ insertedId: string; error?: string }>(b, stats, 'POST', '/api/orders', {
      productId,
      buyerName: 'Load Buyer',
      email: b.email,
      price: 1,
      phone: '+880 1800 000000',
      meettingLocation: 'Gulshan 1',
    });
    let orderId: string | undefined;
    if (o.status === 201) {
      orderId = o.body.insertedId;
      acked.orders.add(orderId);
    } else if (o.status === 409 && o.body.error === 'already_booked') {
      // A retried booking whose first try went through: find it.
      const mine = await call<OrderRow[]>(b, stats, 'GET', `/api/orders?email=${encodeURIComponent(b.email)}&limit=100`);
      orderId = mine.body.find((x) => x.productId === productId && x.status === 'unpaid')?._id;
    }
    if (!orderId || stop.done) continue;
    const intent = await call<{ clientSecret: string; paymentIntentId: string }>(b, stats, 'POST', '/api/create-payment-intent', {
      orderId,
    });
    if (intent.status !== 200) continue;
    const confirmed = await call(b, stats, 'POST', '/api/payments/simulated/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    if (confirmed.status !== 200) continue;
    const paid = await call<{ insertedId: string }>(b, stats, 'POST', '/api/payments', {
      transactionId: intent.body.paymentIntentId,
      OrderId: orderId,
      email: b.email,
      price: 1,
    });
    if (paid.status === 201) acked.payments.add(paid.body.insertedId);
    await call(b, stats, 'GET', `/api/order/${orderId}`);
  }
}

function load(buyers: Client[], products: string[]) {
  const stats = newStats();
  const acked: Acked = { orders: new Set(), payments: new Set() };
  const stop = { done: false };
  const errors: unknown[] = [];
  const running = Promise.all(
    buyers.map((b) => shopper(b, products, stats, acked, stop).catch((err: unknown) => void errors.push(err))),
  );
  return {
    stats,
    acked,
    async stop() {
      stop.done = true;
      await running;
      return errors;
    },
  };
}

/**
 * Every acknowledged write is in the database, and nothing was written twice: no item sold (paid
 * for) twice, no order paid twice. The counts go into the phase's figures (`writes`).
 */
async function checkNothingLost(acked: Acked, figuresOf: Record<string, unknown>) {
  const orders = await q<{ id: string }>('select id from orders where id = any($1::uuid[])', [[...acked.orders]]);
  const payments = await q<{ id: string; status: string }>('select id, status from payment where id = any($1::uuid[])', [
    [...acked.payments],
  ]);
  const twice = await q(
    `select o.product_id, count(*)::int as n from payment p join orders o on o.id = p.order_id
     where p.status = 'succeeded' group by o.product_id having count(*) > 1`,
  );
  const orderPaidTwice = await q(`select order_id from payment where status = 'succeeded' group by order_id having count(*) > 1`);
  const paidTwice = await q(`select product_id from orders where status = 'paid' group by product_id having count(*) > 1`);
  const soldUnpaid = await q(
    `select p.id from product p where p.status = 'sold' and not exists (select 1 from orders o where o.product_id = p.id and o.status = 'paid')`,
  );
  const notSucceeded = payments.filter((p) => p.status !== 'succeeded');
  figuresOf.writes = {
    ordersAcked: acked.orders.size,
    paymentsAcked: acked.payments.size,
    lost: acked.orders.size - orders.length + acked.payments.size - payments.length + notSucceeded.length,
    doubled: twice.length + orderPaidTwice.length + paidTwice.length,
  };
  expect(orders.length, 'acknowledged orders in the database').toBe(acked.orders.size);
  expect(payments.length, 'acknowledged payments in the database').toBe(acked.payments.size);
  expect(notSucceeded).toEqual([]);
  expect(twice, 'products with two succeeded payments').toEqual([]);
  expect(orderPaidTwice, 'orders with two succeeded payments').toEqual([]);
  expect(paidTwice, 'products with two paid orders').toEqual([]);
  expect(soldUnpaid, 'sold products without a paid order').toEqual([]);
}

/** GET /api/events at `base` with the client's session: what it has sent so far, and its end. */
async function openStream(base: string, c: Client) {
  const res = await fetch(`${base}/api/events`, {
    headers: { cookie: `better-auth.session_token=${c.cookie('better-auth.session_token')}` },
  });
  expect(res.status).toBe(200);
  let text = '';
  let endedAt = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  })()
    .catch(() => {})
    .then(() => {
      endedAt = Date.now();
      return text;
    });
  const until = Date.now() + 10_000;
  while (!text.includes('retry: ') && Date.now() < until) await sleep(20);
  return { text: () => text, ended, endedAt: () => endedAt, cancel: () => reader.cancel().catch(() => {}) };
}

/* ---------- the tests, in order ---------- */

let buyers: Client[] = [];
let products: string[] = [];

describe('three instances behind nginx on one PostgreSQL and Redis', () => {
  it('start together on an empty database: every instance comes up, and the migrations ran once', async () => {
    const t0 = Date.now();
    for (const i of instances) i.start();
    const readyMs = await Promise.all(instances.map((i) => i.ready()));
    figures.startMs = { all: Date.now() - t0, each: readyMs };
    const journal = JSON.parse(fs.readFileSync(path.join(scratch, 'migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await q<{ n: number }>(
      'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
    );
    expect(applied[0]).toEqual({ n: journal.entries.length, d: journal.entries.length });
    for (const i of instances) expect(i.out).not.toMatch(/could not start|unhandled error/);
  });

  it('a session made through one instance works on the others', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const viaA = await client(a.url).signUp(`session-${run}@test.shop`);
    const cookie = `better-auth.session_token=${viaA.cookie('better-auth.session_token')}`;
    for (const other of [b, c]) {
      const onOther = new Client(other.url, nginx.url);
      const s = await onOther.request<{ user?: { email: string } }>('GET', '/api/auth/get-session', undefined, { cookie });
      expect(s.status, other.name).toBe(200);
      expect(s.body.user?.email).toBe(viaA.email);
      const orders = await onOther.request('GET', `/api/orders?email=${encodeURIComponent(viaA.email)}`, undefined, { cookie });
      expect(orders.status, other.name).toBe(200);
    }
  });

  it('abuse limits are shared: sign-in attempts for one email spread over the instances hit one limit (Redis)', async () => {
    const email = `victim-${run}@test.shop`;
    const statuses: number[] = [];
    for (let n = 0; n <= EMAIL_HOURLY_MAX; n++) {
      const inst = instances[n % instances.length] as Instance;
      const r = await new Client(inst.url, nginx.url).post('/api/auth/sign-in/email', { email, password: 'wrong-password-1' });
      statuses.push(r.status);
    }
    // Counted per instance, no instance would have seen more than 2 of these 6.
    expect(statuses.slice(0, EMAIL_HOURLY_MAX).every((s) => s === 401)).toBe(true);
    expect(statuses[EMAIL_HOURLY_MAX]).toBe(429);
  });

  it('a photo uploaded through one instance is served by another (S3)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const s = await client(a.url).signUp(`photo-seller-${run}@test.shop`, { isSeller: true });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const cookie = `better-auth.session_token=${s.cookie('better-auth.session_token')}`;
    const up = await fetch(`${a.url}/api/uploads`, { method: 'POST', body: form, headers: { cookie, origin: nginx.url } });
    expect(up.status, await up.clone().text()).toBe(201);
    const photo = (await up.json()) as { url: string };
    const got = await fetch(`${b.url}${photo.url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/image\/webp/);
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).width).toBe(64);
  });

  it('an event published on one instance reaches a stream on another', async () => {
    const [a, b] = instances as [Instance, Instance];
    const seller = await client(a.url).signUp(`event-seller-${run}@test.shop`, { isSeller: true });
    const [item] = await q<{ id: string }>(
      `insert into product (seller_id, name, category, img, location, phone, condition, price_cents, original_price_cents, used_years)
       values ($1, 'Event item', 'Laptop', '/placeholder.png', 'Dhaka', '+880 1700 000000', 'Good', 5000, 9000, 1) returning id`,
      [seller.id],
    );
    const stream = await openStream(a.url, seller);
    const buyerOnB = await client(b.url).signUp(`event-buyer-${run}@test.shop`);
    const booked = await buyerOnB.post('/api/orders', {
      productId: item?.id,
      buyerName: 'Event Buyer',
      email: buyerOnB.email,
      price: 1,
      phone: '+880 1800 000000',
      meettingLocation: 'Gulshan 1',
    });
    expect(booked.status).toBe(201);
    const until = Date.now() + 10_000;
    while (!/^event: /m.test(stream.text()) && Date.now() < until) await sleep(50);
    expect(stream.text(), 'the seller hears of the booking made on another instance').toMatch(/^event: (notification|order)$/m);
    await stream.cancel();
  });

  it(`sets up the shop through nginx: ${CLIENTS} buyers, sellers and their items`, async () => {
    const sellers = await Promise.all(
      [0, 1, 2, 3].map((n) => client(nginx.url).signUp(`seller${n}-${run}@test.shop`, { isSeller: true })),
    );
    for (const [n, s] of sellers.entries())
      await q(
        `insert into product (seller_id, name, category, img, location, phone, condition, price_cents, original_price_cents, used_years)
         select $1, 'Load item ' || $2::int || '-' || g, 'Laptop', '/placeholder.png', 'Dhaka', '+880 1700 000000', 'Good', 10000 + g, 20000, 1
         from generate_series(1, $3::int) g`,
        [s.id, n, PRODUCTS / sellers.length],
      );
    products = (await q<{ id: string }>('select id from product where status = $1', ['available'])).map((r) => r.id);
    expect(products.length).toBeGreaterThanOrEqual(PRODUCTS);
    buyers = [];
    for (let n = 0; n < CLIENTS; n += 10)
      buyers.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, k) => client(nginx.url).signUp(`buyer${n + k}-${run}@test.shop`)))),
      );
    expect(buyers).toHaveLength(CLIENTS);
  });

  it('a due job runs once across the instances: every mail (the sign-up links) is delivered once', async () => {
    const pending = async () =>
      (await q<{ n: number }>('select count(*)::int as n from mail_outbox where next_attempt_at is not null'))[0]?.n ?? 1;
    await waitFor('every mail delivered', async () => (await pending()) === 0, 90_000);
    const sent = (await q<{ id: string }>("select id from mail_outbox where transport = 'smtp' and sent_at is not null")).map(
      (r) => r.id,
    );
    const received = mailbox.all().map((m) => /^<([^@]+)@/.exec(m.headers.get('message-id') ?? '')?.[1]);
    figures.mailsDelivered = { sent: sent.length, received: received.length, distinct: new Set(received).size };
    expect(sent.length).toBeGreaterThan(CLIENTS);
    expect(received.length, 'mails received (a job run twice would send some twice)').toBe(sent.length);
    expect(new Set(received)).toEqual(new Set(sent));
  });

  it(`kill -9 of one instance under a ${CLIENTS}-client booking-and-paying load loses no acknowledged write and sells nothing twice`, async () => {
    const victim = instances[1] as Instance;
    const accessFrom = nginx.logs().access.length;
    const l = load(buyers, products);
    await waitFor('the load to be under way', () => l.stats.requests >= 2 * CLIENTS, LOAD_WAIT_MS);
    const before = l.stats.requests;
    victim.signal('SIGKILL');
    await victim.exit;
    // The load goes on while it is down, and until nginx sends it requests again once restarted.
    await waitFor('requests after the kill', () => l.stats.requests - before >= 2 * CLIENTS, LOAD_WAIT_MS);
    const accessLines = nginx.logs().access.length;
    victim.start();
    await victim.ready();
    await waitFor(
      `nginx to send requests to ${victim.name} again`,
      () => nginx.answeredThrough(victim.port, accessLines),
      LOAD_WAIT_MS,
    );
    const errors = await l.stop();
    figures.killPhase = {
      clients: CLIENTS,
      requests: l.stats.requests,
      requestsAfterKill: l.stats.requests - before,
      fivexx: fivexx(l.stats),
      connectionErrors: l.stats.connectionErrors,
      retried: l.stats.retried,
      replayed: l.stats.replayed,
      inProgress: l.stats.inProgress,
      byStatus: l.stats.byStatus,
      nginxPassedOn: passedOn(accessFrom),
    };
    explainFailures('kill -9', l.stats);
    expect(errors, 'clients that gave up').toEqual([]);
    expect(l.stats.requests - before, 'requests after the kill').toBeGreaterThan(CLIENTS);
    expect(l.acked.payments.size).toBeGreaterThan(0);
    expect(l.stats.byStatus[500] ?? 0).toBe(0);
    await checkNothingLost(l.acked, figures.killPhase as Record<string, unknown>);
  });

  it('a rolling restart (SIGTERM, each instance in turn) under load gives clients no 5xx and no failed connection', async () => {
    const unit = readUnit(0);
    expect(unit.killSignal).toBe('SIGTERM');
    const grace = Number(unit.env.SHUTDOWN_GRACE_MS);
    expect(unit.stopSec * 1000, 'systemd waits longer than the drain may take').toBeGreaterThan(grace);
    const accessFrom = nginx.logs().access.length;
    const l = load(buyers, products);
    await waitFor('the load to be under way', () => l.stats.requests >= 2 * CLIENTS, LOAD_WAIT_MS);
    const drains: {
      ms: number;
      code: number | null;
      signal: string | null;
      restartMs: number;
      streamEndedMs: number;
      /** How long the drain waited for nginx's connections to go, or 'cap' when DRAIN_IDLE_MS ran out first. */
      waited: number | 'cap' | undefined;
    }[] = [];
    const viaNginx = await openStream(nginx.url, buyers[0] as Client);
    for (const inst of instances) {
      // A browser's event stream on this instance: told to reconnect (retry) as the drain begins.
      const stream = await openStream(inst.url, buyers[1] as Client);
      const t0 = Date.now();
      inst.signal('SIGTERM');
      expect(await stream.ended, `${inst.name}'s stream ends with a retry hint`).toMatch(/retry: 500\n\n$/);
      const streamEndedMs = stream.endedAt() - t0;
      const exit = await inst.exit;
      const ms = Date.now() - t0;
      const accessLines = nginx.logs().access.length;
      inst.start();
      const drainLine = inst
        .logLines()
        .find((l) => Number(l.time) >= t0 && /^drained; closing|^drain: connections still open/.test(String(l.msg)));
      const waited = drainLine && (drainLine.drainMs === undefined ? ('cap' as const) : Number(drainLine.drainMs));
      drains.push({ ms, ...exit, restartMs: await inst.ready(), streamEndedMs, waited });
      // As an operator's script does (docs/operations.md): the next one stops once nginx sends this one requests again.
      await waitFor(
        `nginx to send requests to ${inst.name} again`,
        () => nginx.answeredThrough(inst.port, accessLines),
        LOAD_WAIT_MS,
      );
    }
    const errors = await l.stop();
    figures.rollingRestart = {
      clients: CLIENTS,
      requests: l.stats.requests,
      fivexx: fivexx(l.stats),
      connectionErrors: l.stats.connectionErrors,
      retried: l.stats.retried,
      replayed: l.stats.replayed,
      inProgress: l.stats.inProgress,
      byStatus: l.stats.byStatus,
      nginxPassedOn: passedOn(accessFrom),
      drains,
    };
    explainFailures('rolling restart', l.stats);
    expect(errors).toEqual([]);
    expect(await viaNginx.ended, 'the stream through nginx is told to reconnect when its instance drains').toMatch(
      /retry: 500\n\n$/,
    );
    expect(fivexx(l.stats), '5xx answers').toBe(0);
    expect(l.stats.connectionErrors, 'failed connections').toBe(0);
    expect(l.stats.retried).toBe(0);
    for (const d of drains) {
      expect(d.streamEndedMs, 'streams end as the drain begins').toBeLessThan(1000);
      expect(d.code, 'a drained instance exits 0').toBe(0);
      expect(d.ms).toBeLessThan(grace);
    }
    await checkNothingLost(l.acked, figures.rollingRestart as Record<string, unknown>);
  });

  it("nginx's request id reaches the instance: one id in nginx's access log, the instance's log line and the answer", async () => {
    const r = await fetch(`${nginx.url}/api/no-such-thing`);
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(((await r.json()) as { requestId?: string }).requestId).toBe(id);
    // Both logs are written as the answer goes out, not before it: waited for.
    await waitFor("the request id in nginx's access log", () => nginx.logs().access.some((l) => l.includes(`request_id=${id}`)));
    await waitFor("the request id in an instance's log", () =>
      instances.some((i) => i.logLines().some((l) => l.requestId === id)),
    );
  });

  it('each instance serves its metrics (with the token), and they saw the traffic', async () => {
    let productReads = 0;
    for (const i of instances) {
      const r = await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(r.status).toBe(200);
      const text = await r.text();
      // Counters start at 0 with each process: every instance has at least answered its readiness probe.
      expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="\/api\/ready",status_code="200"\} [1-9]/m);
      expect(text).toMatch(/^shop_db_pool_connections\{state="total"\} \d+/m);
      productReads += Number(
        /^shop_http_requests_total\{method="GET",route="\/api\/product\/:id",status_code="200"\} (\d+)/m.exec(text)?.[1] ?? 0,
      );
    }
    expect(productReads, 'product pages read since the rolling restart, by route pattern').toBeGreaterThan(0);
    expect((await fetch(`${nginx.url}/metrics`)).status).toBe(404);
  });

  it("with no instance left, nginx's own gateway errors on the API are a 503 to retry, in the shop's error shape", async () => {
    for (const i of instances) i.signal('SIGKILL');
    await Promise.all(instances.map((i) => i.exit));
    const buyer = buyers[0] as Client;
    for (const [method, url, body] of [
      ['GET', `/api/product/${products[0]}`, undefined],
      ['POST', '/api/orders', { productId: products[0] }],
    ] as const) {
      const r = await buyer.request<{ error: string; message: string; requestId: string }>(method, url, body, {
        'idempotency-key': crypto.randomUUID(),
      });
      expect(r.status, `${method} ${url}`).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body).toMatchObject({ error: 'unavailable', requestId: r.headers.get('x-request-id') });
    }
  });
});
