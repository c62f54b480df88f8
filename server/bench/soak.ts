/**
 * npm run soak -- --minutes 10   [--products 5000] [--capacity-seconds 20] [--window 60] [--no-build]
 *
 * Holds the compiled server (server/dist, built under /tmp/e2e.lock unless --no-build, and run from a
 * private copy) on PostgreSQL at half its measured capacity for a while, and checks it does not grow:
 * resident memory and p99 latency at the end within 10 % of the start.
 *
 * 1. A fresh database shop_soak on SOAK_PG_URL's server (default TEST_DATABASE_URL, else
 *    postgres://postgres@127.0.0.1:5432/postgres), migrated and seeded with synthetic products.
 * 2. The server in production settings (simulated payments, jobs on, mail sent to a local SMTP sink
 *    in this process), 20 buyers signed up.
 * 3. The mix: 60 % list pages (newest, a category, a search, a price sort), 30 % product pages,
 *    10 % bookings (POST /api/orders; a pair already booked answers 409, counted apart).
 * 4. Capacity: the mix unthrottled with autocannon for --capacity-seconds (requests per second).
 * 5. Warm-up: --warmup minutes (default 2) at half that rate, not counted (V8 sizes its heap, the
 *    pool fills). Soak: the mix at half the capacity, in back-to-back windows of --window seconds;
 *    after each, the server's resident memory (VmRSS) and the window's p99. Start and end are the
 *    medians of the first and of the last three windows.
 * Writes bench/results/tmp/soak-<date>.json and exits 1 when memory or p99 grew more than 10 %, or
 * any answer was a 5xx. On a shared machine the figures move with the neighbours' load.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { median, rssKb, SERVER_NODE_FLAGS } from './lib/shop';
import { freePort } from '../test/helpers/port';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoRoot = path.resolve(serverDir, '..');
const tmpDir = path.join(here, 'results', 'tmp');

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    products: { type: 'string', default: '5000' },
    'capacity-seconds': { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    window: { type: 'string', default: '60' },
    connections: { type: 'string', default: '32' },
    'no-build': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const WARMUP_MINUTES = Number(args.warmup);
const WINDOW_S = Number(args.window);
const CONNECTIONS = Number(args.connections);
const PG_URL = process.env.SOAK_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'shop_soak';
const BUYERS = 20;

function dbUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  execFileSync(process.execPath, ['--import', 'tsx', 'src/scripts/seed.ts', '--products', String(args.products)], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: dbUrl(DB), SEED_DEMO: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The build's private copy: another build empties server/dist under a running server. */
function compiledServer(): { entry: string; remove: () => void } {
  if (!args['no-build'])
    execFileSync('flock', ['/tmp/e2e.lock', 'npm', 'run', 'build', '-w', 'server'], { cwd: repoRoot, stdio: 'inherit' });
  const dist = path.join(serverDir, 'dist');
  if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('server/dist/main.js is missing: run without --no-build');
  const copy = fs.mkdtempSync(path.join(serverDir, '.scratch-soak-'));
  fs.cpSync(dist, copy, { recursive: true });
  return { entry: path.join(copy, 'main.js'), remove: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

/** A mail server that takes every mail and keeps none: the shop's mail job really sends. */
async function mailSink(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        mails++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, count: () => mails, close: () => new Promise((r) => smtp.close(() => r())) };
}

async function startServer(entry: string, port: number, logFile: string, smtpPort: number) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFd = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATABASE_URL: dbUrl(DB),
      DATABASE_POOL_SIZE: '10',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      BETTER_AUTH_SECRET: 'soak-secret-soak-secret-soak-secret-0123',
      PAYMENT_PROVIDER: 'simulated',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_MAX: '1000000000',
      AUTH_EMAIL_HOURLY_MAX: '1000000000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'true',
      WEB_DIST: path.join(tmpDir, 'no-web'),
      REDIS_URL: '',
      METRICS_TOKEN: '',
    },
    // Its log (warnings and errors: e.g. the mail job finding no mail server) goes to a file.
    stdio: ['ignore', logFd, logFd],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Buyers signed up over HTTP as the web app does (the emailed link's verification written to the database); their cookies. */
async function signUpBuyers(baseUrl: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: dbUrl(DB) });
  await db.connect();
  const cookies: string[] = [];
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const post = (p: string, body: object, cookie?: string) =>
    fetch(`${baseUrl}${p}`, { method: 'POST', headers: cookie ? { ...headers, cookie } : headers, body: JSON.stringify(body) });
  try {
    for (let i = 0; i < BUYERS; i++) {
      const email = `soak-buyer-${i}-${Date.now()}@soak.test`;
      const password = 'soak-pass-word-123';
      const r = await post('/api/auth/sign-up/email', { name: `Soak ${i}`, email, password });
      if (r.status !== 200) throw new Error(`sign-up answered ${r.status}: ${await r.text()}`);
      await db.query('update "user" set email_verified = true where email = $1', [email]);
      const s = await post('/api/auth/sign-in/email', { email, password });
      if (s.status !== 200) throw new Error(`sign-in answered ${s.status}: ${await s.text()}`);
      const cookie = s.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const u = await post('/api/users', { name: `Soak ${i}`, email, isSeller: false }, cookie);
      if (u.status !== 200) throw new Error(`POST /users answered ${u.status}: ${await u.text()}`);
      cookies.push(cookie);
    }
  } finally {
    await db.end();
  }
  return cookies;
}

async function productIds(): Promise<string[]> {
  const c = new pg.Client({ connectionString: dbUrl(DB) });
  await c.connect();
  const { rows } = await c.query<{ id: string }>('select id from product where listed order by random() limit 2000');
  await c.end();
  return rows.map((r) => r.id);
}

const CATEGORIES = ['Laptop', 'Mobile', 'iPad', 'Camera', 'Headphone', 'Watch'];
const SEARCHES = ['mac', 'think', 'pixel', 'canon', 'sony', 'galaxy'];

type Tally = { ok: number; conflict: number; other: number; server: number };

/** The mix, one request at a time: what each connection sends next. */
function mix(baseUrl: string, ids: string[], buyers: string[], tally: Tally) {
  const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
  return [
    {
      setupRequest: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): typeof req => {
        const r = Math.random();
        if (r < 0.6) {
          const l = Math.random();
          const p =
            l < 0.4
              ? '/api/allproducts?limit=24'
              : l < 0.7
                ? `/api/products/${pick(CATEGORIES)}?limit=24`
                : l < 0.85
                  ? `/api/allproducts?q=${pick(SEARCHES)}&limit=24`
                  : '/api/allproducts?sort=price_asc&limit=24';
          return { ...req, method: 'GET', path: p, headers: {}, body: undefined };
        }
        if (r < 0.9) return { ...req, method: 'GET', path: `/api/product/${pick(ids)}`, headers: {}, body: undefined };
        return {
          ...req,
          method: 'POST',
          path: '/api/orders',
          headers: { origin: baseUrl, cookie: pick(buyers), 'content-type': 'application/json' },
          body: JSON.stringify({
            productId: pick(ids),
            buyerName: 'Soak Buyer',
            phone: '+880 1800 000000',
            meettingLocation: 'Gulshan 1',
          }),
        };
      },
      onResponse: (status: number) => {
        if (status < 300) tally.ok++;
        else if (status === 409) tally.conflict++;
        else if (status >= 500) tally.server++;
        else tally.other++;
      },
    },
  ];
}

type Window = { atMinute: number; rps: number; p50: number; p99: number; rssMb: number; errors: number };

async function main() {
  fs.mkdirSync(tmpDir, { recursive: true });
  const started = Date.now();
  console.log(`Soak: ${MINUTES} min at half capacity, on PostgreSQL (${dbUrl(DB).replace(/\/\/[^@]*@/, '//')})`);
  const build = compiledServer();
  await freshDatabase();
  const logFile = path.join(tmpDir, 'soak-server.log');
  const mail = await mailSink();
  const server = await startServer(build.entry, await freePort(), logFile, mail.port);
  try {
    const buyers = await signUpBuyers(server.baseUrl);
    const ids = await productIds();
    const tally: Tally = { ok: 0, conflict: 0, other: 0, server: 0 };

    const cap = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: Number(args['capacity-seconds']),
      requests: mix(server.baseUrl, ids, buyers, tally),
    });
    const capacity = cap.requests.average;
    const rate = Math.max(1, Math.round(capacity / 2));
    console.log(
      `capacity: ${capacity.toFixed(0)} req/s (p99 ${cap.latency.p99} ms, ${CONNECTIONS} connections); soaking at ${rate} req/s`,
    );

    // Warm-up at the soak rate, not counted: V8 grows its heap and the pool fills in the first minutes.
    const warm = await autocannon({
      url: server.baseUrl,
      connections: Math.max(4, Math.round(CONNECTIONS / 2)),
      duration: Math.round(WARMUP_MINUTES * 60),
      overallRate: rate,
      requests: mix(server.baseUrl, ids, buyers, tally),
    });
    console.log(`  warm-up ${WARMUP_MINUTES} min: p99 ${warm.latency.p99} ms, RSS ${Math.round(rssKb(server.pid) / 1024)} MB`);

    const windows: Window[] = [];
    const deadline = Date.now() + MINUTES * 60_000;
    while (Date.now() < deadline) {
      const seconds = Math.max(5, Math.min(WINDOW_S, Math.round((deadline - Date.now()) / 1000)));
      const r = await autocannon({
        url: server.baseUrl,
        connections: Math.max(4, Math.round(CONNECTIONS / 2)),
        duration: seconds,
        overallRate: rate,
        requests: mix(server.baseUrl, ids, buyers, tally),
      });
      const w: Window = {
        atMinute: Number(((Date.now() - started) / 60_000).toFixed(1)),
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        rssMb: Math.round(rssKb(server.pid) / 1024),
        errors: r.errors + r.timeouts,
      };
      windows.push(w);
      console.log(`  ${JSON.stringify(w)}`);
    }
    // Start and end are the medians of the first and the last three windows: one window's p99 moves
    // with whatever else the machine is doing.
    const edge = (ws: Window[]) => ({ rssMb: median(ws.map((w) => w.rssMb)), p99: median(ws.map((w) => w.p99)) });
    const n = Math.min(3, Math.max(1, Math.floor(windows.length / 2)));
    const first = edge(windows.slice(0, n));
    const last = edge(windows.slice(-n));
    const growth = (a: number, b: number) => (a > 0 ? (b - a) / a : 0);
    const rssGrowth = growth(first.rssMb, last.rssMb);
    const p99Growth = growth(first.p99, last.p99);
    const result = {
      date: new Date().toISOString(),
      minutes: MINUTES,
      products: Number(args.products),
      capacityRps: Math.round(capacity),
      capacityP99Ms: cap.latency.p99,
      rateRps: rate,
      start: first,
      end: last,
      rssGrowth: Number(rssGrowth.toFixed(3)),
      p99Growth: Number(p99Growth.toFixed(3)),
      answers: tally,
      mailsSent: mail.count(),
      windows,
      loadavg: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
    };
    const out = path.join(tmpDir, `soak-${result.date.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `\nstart: RSS ${first.rssMb} MB, p99 ${first.p99} ms; end: RSS ${last.rssMb} MB, p99 ${last.p99} ms; ` +
        `growth: RSS ${(rssGrowth * 100).toFixed(1)} %, p99 ${(p99Growth * 100).toFixed(1)} %\n` +
        `answers: ${tally.ok} 2xx, ${tally.conflict} 409 (pair already booked), ${tally.other} other 4xx, ${tally.server} 5xx; written to ${out} (server log: ${logFile})`,
    );
    if (rssGrowth > 0.1 || p99Growth > 0.1 || tally.server > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await mail.close();
    build.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
