/**
 * npm run bench: the catalog at 100k and 1M products, against the targets of
 * docs/product.md#performance-targets.
 *
 * 1. Loads synthetic catalogs with `npm run seed`: PostgreSQL databases shop_bench_100k and
 *    shop_bench_1m (created on BENCH_PG_URL's server) and an embedded PGlite dir of 100k
 *    (bench/results/tmp/pglite-100k); each is reused when already loaded at that size under the
 *    current migrations, else loaded afresh.
 * 2. For each, starts the real shop (buildApp, production settings, logging off, rate limit out of
 *    the way) in a child process and measures with autocannon: 50 connections, a warm-up, then
 *    BENCH_DURATION seconds (default 10) per call: the first page and a deep page of
 *    /api/allproducts, a category page, a search and a filtered query, with production request
 *    logging (LOG_LEVEL=info, to a file as production writes it to stdout). Beside them, on
 *    PostgreSQL, the ceiling (bench/serve.ts): bare Fastify + node-postgres answering the same page
 *    with the same bytes (checked before measuring) from the shop's own catalog read; the search and
 *    filtered calls are compared with the ceiling's first page.
 * 3. Prints a table, checks the targets and writes results/latest.json and results/latest.svg.
 *
 * Options: --only pg-1m,pg-100k,pglite-100k,web,events   --duration 10   --warmup 3   --rounds 2
 * (events: bench/events.ts, 1,000 open event streams, message delivery and list latency beside them)
 * (upload: bench/upload.ts, a 12 MP photo's upload time and list latency while 4 uploads run)
 * (devices: bench/devices.ts, typo search and facet counts at 1M catalogue listings, own database)
 * (near: bench/near.ts, "Near me" at 1M listings on PostgreSQL and 100k on PGlite, own databases)
 * With --only, the front end (web) is measured only when named, and results/latest.* are left as
 * they are (they summarise full runs): the run's figures go to results/tmp/bench-<date>.json.
 * Each call is measured --rounds times (3 by default), each run right after its own ceiling run, and
 * each figure reported is the median of its runs, every run kept in the JSON (docs/decisions/080).
 * The autocannon client, the server and PostgreSQL share this machine's cores, so the ceiling
 * pays the same tax as the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { encodeCursor } from '../src/lib/paging';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../src/db/client';
import { singleRow } from '../src/db/rows';
import { runFrontendBench } from './frontend';
import { asBenchmarkIndex } from '../../web/scripts/measure';
import { renderSvg } from './chart';
import { benchDbUrl, log, median, PG_URL, productionEnv, runScript, type Shop, startShop, steadyLoad } from './lib/shop';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(here, 'results');
const tmpDir = path.join(resultsDir, 'tmp');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '3' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '3' },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PGLITE_WARMUP = 15;
const ROUNDS = Math.max(1, Number(args.rounds));

type Target = { id: string; label: string; kind: 'postgres' | 'pglite'; products: number; db: string };
const TARGETS: Target[] = [
  { id: 'pg-1m', label: 'PostgreSQL, 1M products', kind: 'postgres', products: 1_000_000, db: 'shop_bench_1m' },
  { id: 'pg-100k', label: 'PostgreSQL, 100k products', kind: 'postgres', products: 100_000, db: 'shop_bench_100k' },
  {
    id: 'pglite-100k',
    label: 'Embedded PGlite, 100k products',
    kind: 'pglite',
    products: 100_000,
    db: path.join(tmpDir, 'pglite-100k'),
  },
];

export type Row = {
  target: string;
  call: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** req/s over the ceiling's req/s measured right before this call (a call: the median of its runs' ratios). */
  ratio?: number;
  ceilingReqPerSec?: number;
  ceilingP99?: number;
  /** req/s of each run (a call: its rounds, the median shown; the ceiling: all its runs). */
  runs?: number[];
  /** Each run's ratio to its ceiling run, its p99 and that ceiling run's p99 (ms), in run order. */
  runRatios?: number[];
  runP99s?: number[];
  runCeilingP99s?: number[];
  totalHeader?: string;
  /** CPU time per request of the server process, and of its PostgreSQL backends (microseconds). */
  serverCpuUsPerReq?: number;
  /**
   * Search and filtered lists: latency at a steady rate, half the best run's req/s (lib/shop.ts
   * steadyLoad), measured ROUNDS times: the run with the median p99, and every run's p99.
   */
  steady?: Awaited<ReturnType<typeof steadyLoad>> & { runP99s: number[] };
  dbCpuUsPerReq?: number;
  /** 1-minute load average when the run started (2 cores: above ~3 means other work shared them). */
  loadAvg?: number;
};

const dbUrl = benchDbUrl;
const lastMigration = () => {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`No migration in ${migrationsFolder}/meta/_journal.json.`);
  return last.tag;
};

const seedEnv = { SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'development' };

/**
 * The database of a target, loaded with exactly `products` synthetic products under the current
 * migrations. Reused when it already is (a marker records both); otherwise loaded afresh, since a
 * catalog migrated after a bulk load would be measured with the bloat of that migration.
 */
async function ensureLoaded(t: Target) {
  const marker = `shop-bench:${t.products}:${lastMigration()}`;
  if (t.kind === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const found = (
        await admin.query<{ comment: string | null }>(
          "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
          [t.db],
        )
      ).rows[0];
      if (found?.comment === marker) {
        log(`  ${t.db}: ${t.products.toLocaleString('en')} products, current migrations: reused`);
        return;
      }
      if (found) {
        log(
          `  ${t.db}: ${found.comment ? `was ${found.comment.replace('shop-bench:', '')}` : 'not a benchmark catalog'}, reloading`,
        );
        await admin.query(`drop database ${t.db} with (force)`);
      }
      await admin.query(`create database ${t.db}`);
    } finally {
      await admin.end();
    }
    await runScript('src/scripts/seed.ts', ['--products', String(t.products)], { ...seedEnv, DATABASE_URL: dbUrl(t.db) });
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`comment on database ${t.db} is '${marker}'`);
    await c.end();
    return;
  }
  const file = path.join(t.db, 'bench-loaded.txt');
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === marker) {
    log(`  ${t.db}: ${t.products.toLocaleString('en')} products, current migrations: reused`);
    return;
  }
  fs.rmSync(t.db, { recursive: true, force: true });
  await runScript('src/scripts/seed.ts', ['--products', String(t.products)], { ...seedEnv, DATA_DIR: t.db, DATABASE_URL: '' });
  fs.writeFileSync(file, marker);
}

/** A cursor into the middle of the newest-first list: the deep page. */
async function deepCursor(t: Target): Promise<string> {
  const text = `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k, id from product
    where listed order by created_at desc, id desc offset $1 limit 1`;
  const offset = Math.floor(t.products / 2);
  let row: { k: string; id: string } | undefined;
  if (t.kind === 'postgres') {
    const c = new pg.Client({ connectionString: dbUrl(t.db) });
    await c.connect();
    row = (await c.query<{ k: string; id: string }>(text, [offset])).rows[0];
    await c.end();
  } else {
    const lite = new PGlite({ dataDir: path.join(t.db, 'pglite'), extensions: PGLITE_EXTENSIONS });
    row = (await lite.query<{ k: string; id: string }>(text, [offset])).rows[0];
    await lite.close();
  }
  if (!row) throw new Error(`${t.label}: no listed product at offset ${offset}; is the database seeded?`);
  return encodeCursor({ k: row.k, id: row.id });
}

type Server = Shop & { appName?: string };
/** Where the shop's request log goes during a run (removed after it). */
const APP_LOG = path.join(tmpDir, `bench-app-${process.pid}.log`);

/** Starts bench/serve.ts (the shop or the ceiling) on a target's database and waits for its port. */
async function startServer(mode: 'app' | 'ceiling', t: Target): Promise<Server> {
  // Named connections, so the benchmark can read how much database CPU each server used.
  const appName = `shop-bench-${mode}-${process.pid}`;
  // The shop as run in production: every request logged (one line, src/lib/request-log.ts), here into a file.
  const env = productionEnv(mode === 'app' ? { LOG_LEVEL: 'info', BENCH_LOG_FILE: APP_LOG } : {});
  if (t.kind === 'postgres') {
    const u = new URL(dbUrl(t.db));
    u.searchParams.set('application_name', appName);
    env.DATABASE_URL = u.toString();
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = t.db;
  }
  return { ...(await startShop(env, mode)), appName: t.kind === 'postgres' ? appName : undefined };
}

/* ---------- CPU used per request (Linux /proc; PostgreSQL on this machine) ---------- */

const TICK_MS = 10; // USER_HZ is 100 on Linux
function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which ends at the last ') '.
    const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}
async function backendPids(t: Target, appName?: string): Promise<number[]> {
  if (t.kind !== 'postgres' || !appName) return [];
  const c = new pg.Client({ connectionString: dbUrl(t.db) });
  await c.connect();
  try {
    return (await c.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [appName])).rows.map(
      (r) => r.pid,
    );
  } finally {
    await c.end();
  }
}
async function cpuSnapshot(t: Target, server: Server) {
  const pids = await backendPids(t, server.appName);
  return { server: cpuTicks(server.pid), db: new Map(pids.map((p) => [p, cpuTicks(p)])) };
}
async function cpuSince(t: Target, server: Server, before: Awaited<ReturnType<typeof cpuSnapshot>>) {
  const after = await cpuSnapshot(t, server);
  let db = 0;
  for (const [pid, ticks] of after.db) db += ticks - (before.db.get(pid) ?? 0);
  return { serverMs: (after.server - before.server) * TICK_MS, dbMs: db * TICK_MS };
}

async function measure(t: Target, call: string, server: Server, p: string, warmup = WARMUP): Promise<Row> {
  const url = `http://127.0.0.1:${server.port}${p}`;
  const probe = await fetch(url);
  const body = (await probe.json()) as unknown[];
  if (probe.status !== 200 || !Array.isArray(body) || body.length !== 24)
    throw new Error(
      `${call}: expected 200 with 24 products from ${p}, got ${probe.status} ${JSON.stringify(body).slice(0, 200)}`,
    );
  const totalHeader = probe.headers.get('x-total-count')
    ? `${probe.headers.get('x-total-count')}${probe.headers.get('x-total-count-exact') === 'false' ? ' (estimate)' : ''}`
    : undefined;
  if (warmup > 0) await autocannon({ url, connections: CONNECTIONS, duration: warmup });
  const [load = 0] = os.loadavg();
  const before = await cpuSnapshot(t, server);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const cpu = await cpuSince(t, server, before);
  const n = Math.max(1, r.requests.total);
  const row: Row = {
    target: t.id,
    call,
    path: p,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    totalHeader,
    serverCpuUsPerReq: Math.round((cpu.serverMs * 1000) / n),
    dbCpuUsPerReq: t.kind === 'postgres' ? Math.round((cpu.dbMs * 1000) / n) : undefined,
    loadAvg: Math.round(load * 10) / 10,
  };
  const cpuText = `cpu/req: server ${row.serverCpuUsPerReq} us${row.dbCpuUsPerReq !== undefined ? `, postgres ${row.dbCpuUsPerReq} us` : ''}`;
  log(
    `    ${call.padEnd(10)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(4)} ms  ${cpuText}  (load ${row.loadAvg})` +
      (row.non2xx || row.errors ? `  ${row.non2xx} non-2xx, ${row.errors} errors` : ''),
  );
  return row;
}

export const SEARCH_Q = 'macbook air';
/** The calls also measured at a steady rate (half their best run's), for their latency when the server is not saturated. */
const STEADY_CALLS = ['search', 'filtered'];
/** The pause between a call's saturated runs and its steady ones. */
const STEADY_SETTLE_MS = 3000;
export const FILTER = 'category=Laptop&condition=Excellent&minPrice=300&maxPrice=600&verified=true&sort=price_asc';

/** JSON with every object's keys sorted: two answers that differ only in key order compare equal. */
const canonical = (text: string) =>
  JSON.stringify(JSON.parse(text), (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );

/**
 * The ceiling must answer the same page as the shop, as many bytes and the same values (else its
 * figure is no ceiling; the order of keys may differ): checked on the plain lists before measuring.
 */
async function sameBytes(app: Server, ceiling: Server, calls: [string, string, string][]) {
  for (const [call, p, ceilingPath] of calls) {
    if (p !== ceilingPath) continue;
    const body = async (s: Server) => (await fetch(`http://127.0.0.1:${s.port}${p}`)).text();
    const [a, b] = await Promise.all([body(app), body(ceiling)]);
    const [ca, cb] = [canonical(a), canonical(b)];
    if (a.length !== b.length || ca !== cb) {
      let at = 0;
      while (ca[at] === cb[at]) at++;
      throw new Error(
        `${call}: the ceiling's answer differs from the shop's (${b.length} against ${a.length} bytes; shop: ${ca.slice(at - 40, at + 40)}, ceiling: ${cb.slice(at - 40, at + 40)}); bench/serve.ts must return the same page.`,
      );
    }
  }
}

/**
 * One database: on PostgreSQL the ceiling is measured right before each call (the machine is
 * shared, its load drifts; each call is compared with its own neighbour); the ceiling row shown
 * is the median of those runs.
 */
async function benchTarget(t: Target): Promise<Row[]> {
  log(`\n${t.label}`);
  const deep = await deepCursor(t);
  // Each call and the ceiling's page it is compared with: the same page for the plain lists.
  const calls: [string, string, string][] = [
    ['first', '/api/allproducts', '/api/allproducts'],
    ['deep', `/api/allproducts?cursor=${deep}`, `/api/allproducts?cursor=${deep}`],
    ['category', '/api/products/laptop', '/api/products/laptop'],
    ['search', `/api/allproducts?q=${encodeURIComponent(SEARCH_Q)}`, '/api/allproducts'],
    ['filtered', `/api/allproducts?${FILTER}`, '/api/allproducts'],
  ];
  const rows: Row[] = [];
  const ceilings: Row[] = [];
  const ceiling = t.kind === 'postgres' ? await startServer('ceiling', t) : undefined;
  const app = await startServer('app', t);
  try {
    // PGlite is a large WebAssembly module that V8 compiles lazily, optimising hot functions after
    // a while: warm the embedded database up longer, over every call, so that the runs measure
    // the steady state and not the compiler.
    if (t.kind === 'pglite') {
      log(`    (warming up the embedded database: ${PGLITE_WARMUP} s over every call)`);
      await autocannon({
        url: `http://127.0.0.1:${app.port}`,
        connections: CONNECTIONS,
        duration: PGLITE_WARMUP,
        requests: calls.map(([, path]) => ({ method: 'GET', path })),
      });
    }
    if (ceiling) await sameBytes(app, ceiling, calls);
    for (const [call, p, ceilingPath] of calls) {
      // ROUNDS runs of (ceiling, call), each call run compared with the ceiling run just before it.
      // Every figure shown is the median of its runs: the same build's ratio to the ceiling spread
      // 0.60-1.02 over one hour's runs, and the best run, set beside its own ceiling run, is the
      // one whose ceiling happened to be slow (docs/decisions/080).
      const tries: Row[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        let paired: Row | undefined;
        if (ceiling) {
          paired = await measure(t, 'ceiling', ceiling, ceilingPath, ceilings.length ? 1 : WARMUP);
          ceilings.push(paired);
        }
        const row = await measure(t, call, app, p, round ? 1 : WARMUP);
        if (paired) {
          row.ceilingReqPerSec = paired.reqPerSec;
          row.ceilingP99 = paired.p99;
          row.ratio = Math.round((row.reqPerSec / paired.reqPerSec) * 100) / 100;
        }
        tries.push(row);
      }
      const best = tries.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
      const mid = (pick: (r: Row) => number | undefined) => {
        const xs = tries.map(pick).filter((x): x is number => x !== undefined);
        return xs.length ? median(xs) : undefined;
      };
      // What a buyer waits for a search when the server is not run flat out: half the best run's rate.
      let steady: Row['steady'];
      if (STEADY_CALLS.includes(call)) {
        // Idle first, so the first steady run measures the steady rate and not the server still
        // catching up with the saturated run just before it (docs/decisions/081).
        await sleep(STEADY_SETTLE_MS);
        const runs: Awaited<ReturnType<typeof steadyLoad>>[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const r = await steadyLoad(`http://127.0.0.1:${app.port}${p}`, Math.round(best.reqPerSec / 2), DURATION);
          log(
            `    ${call.padEnd(10)} steady ${r.rate} req/s: p50 ${r.p50} ms  p99 ${r.p99} ms  (${r.requests} answered, ${r.failed} failed)`,
          );
          runs.push(r);
        }
        // A run with failures leaves them out of its latencies: the check below counts every run's.
        const mid = median(runs.map((r) => r.p99));
        steady = {
          ...(runs.find((r) => r.p99 === mid) ?? runs[0]!),
          runP99s: runs.map((r) => r.p99),
          failed: runs.reduce((n, r) => n + r.failed, 0),
        };
      }
      rows.push({
        ...best,
        reqPerSec: mid((r) => r.reqPerSec)!,
        p50: mid((r) => r.p50)!,
        p99: mid((r) => r.p99)!,
        ratio: mid((r) => r.ratio),
        ceilingReqPerSec: mid((r) => r.ceilingReqPerSec),
        ceilingP99: mid((r) => r.ceilingP99),
        serverCpuUsPerReq: mid((r) => r.serverCpuUsPerReq),
        dbCpuUsPerReq: mid((r) => r.dbCpuUsPerReq),
        non2xx: tries.reduce((n, r) => n + r.non2xx, 0),
        errors: tries.reduce((n, r) => n + r.errors, 0),
        steady,
        runs: tries.map((x) => x.reqPerSec),
        runP99s: tries.map((x) => x.p99),
        ...(ceiling && {
          runRatios: tries.map((x) => x.ratio ?? 0),
          runCeilingP99s: tries.map((x) => x.ceilingP99 ?? 0),
        }),
      });
    }
  } finally {
    await app.stop();
    await ceiling?.stop();
    fs.rmSync(APP_LOG, { force: true });
  }
  if (ceilings.length) {
    const mid = median(ceilings.map((c) => c.reqPerSec));
    const c = ceilings.find((x) => x.reqPerSec === mid)!;
    rows.unshift({ ...c, ratio: 1, runs: ceilings.map((x) => x.reqPerSec) });
  }
  return rows;
}

type Check = { target: string; call: string; rule: string; value: string; met: boolean };

/** The catalog's targets (docs/product.md#performance-targets). */
function checkTargets(rows: Row[]): Check[] {
  const checks: Check[] = [];
  const get = (target: string, call: string) => rows.find((r) => r.target === target && r.call === call);
  for (const call of ['first', 'deep', 'category']) {
    const r = get('pg-1m', call);
    if (!r) continue;
    checks.push({
      target: 'pg-1m',
      call,
      rule: '>= 70% of ceiling req/s',
      value: `${Math.round((r.ratio ?? 0) * 100)}%`,
      met: (r.ratio ?? 0) >= 0.7,
    });
    checks.push({ target: 'pg-1m', call, rule: 'p99 <= 25 ms', value: `${r.p99} ms`, met: r.p99 <= 25 });
  }
  // Against the ceiling that answers the same page, with the shop logging its requests (issue 29).
  for (const call of ['first', 'category']) {
    const r = get('pg-100k', call);
    if (r?.ratio === undefined || r.ceilingP99 === undefined) continue;
    checks.push({
      target: 'pg-100k',
      call,
      rule: '>= 85% of ceiling req/s',
      value: `${Math.round(r.ratio * 100)}%`,
      met: r.ratio >= 0.85,
    });
    checks.push({
      target: 'pg-100k',
      call,
      rule: "p99 <= 1.3x the ceiling's (medians of the runs)",
      value: `${r.p99} ms against ${r.ceilingP99} ms`,
      met: r.p99 <= 1.3 * r.ceilingP99,
    });
  }
  for (const call of ['search', 'filtered']) {
    const r = get('pg-1m', call);
    if (r) checks.push({ target: 'pg-1m', call, rule: 'p99 <= 50 ms', value: `${r.p99} ms`, met: r.p99 <= 50 });
    // Beside it, not instead of it: 50 connections kept busy make a p99 of at least 50 / (req/s)
    // seconds, so a call slower than 1,000 req/s cannot meet the line above (docs/product.md).
    if (r?.steady)
      checks.push({
        target: 'pg-1m',
        call,
        rule: `p99 <= 50 ms at a steady ${r.steady.rate} req/s (half its best; ${r.steady.runP99s.length === 2 ? 'the worse of 2 runs' : `median of ${r.steady.runP99s.length} runs`})`,
        value: `${r.steady.p99} ms: ${r.steady.runP99s.join('/')}${r.steady.failed ? `, ${r.steady.failed} failed` : ''}`,
        met: r.steady.p99 <= 50 && r.steady.failed === 0,
      });
  }
  for (const r of rows.filter((x) => x.target === 'pglite-100k'))
    checks.push({ target: 'pglite-100k', call: r.call, rule: 'p99 < 100 ms', value: `${r.p99} ms`, met: r.p99 < 100 });
  return checks;
}

/**
 * The front end's targets (docs/product.md#performance-targets, issue 29): Lighthouse performance >= 97,
 * TBT <= 150 ms, main-thread work <= 2.5 s (at the run's CPU slowdown), LCP <= 1.5 s, accessibility 100,
 * CLS < 0.05 (each the median of the runs); initial JS for / <= 120 KB gzip.
 */
function checkFrontendTargets(f: Exclude<Awaited<ReturnType<typeof runFrontendBench>>, { skipped: string }>): Check[] {
  const checks: Check[] = [];
  const js = f.initialJsGzipKb['/'];
  if (js !== undefined)
    checks.push({ target: 'web', call: '/', rule: 'initial JS <= 120 KB gzip', value: `${js} KB`, met: js <= 120 });
  for (const [page, r] of Object.entries(f.lighthouse)) {
    if ('skipped' in r) continue;
    const check = (rule: string, value: string, met: boolean) => checks.push({ target: 'web', call: page, rule, value, met });
    check('Lighthouse performance >= 97', String(r.performance), r.performance >= 97);
    check('TBT <= 150 ms', `${r.tbtMs} ms`, r.tbtMs <= 150);
    if (r.mainThreadMs !== undefined) check('main-thread work <= 2.5 s', `${r.mainThreadMs} ms`, r.mainThreadMs <= 2500);
    check('LCP <= 1.5 s', `${r.lcpMs} ms`, r.lcpMs <= 1500);
    check('Lighthouse accessibility 100', String(r.accessibility), r.accessibility >= 100);
    check('CLS < 0.05', String(r.cls), r.cls < 0.05);
  }
  return checks;
}

function printTable(rows: Row[]) {
  const head = [
    'target',
    'call',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs ceiling',
    'server us/req',
    'db us/req',
    'load',
    'X-Total-Count',
  ];
  const body = rows.map((r) => [
    r.target,
    r.call,
    String(r.reqPerSec),
    String(r.p50),
    String(r.p99),
    r.ratio === undefined ? '-' : `${Math.round(r.ratio * 100)}%`,
    r.serverCpuUsPerReq === undefined ? '-' : String(r.serverCpuUsPerReq),
    r.dbCpuUsPerReq === undefined ? '-' : String(r.dbCpuUsPerReq),
    r.loadAvg === undefined ? '-' : String(r.loadAvg),
    r.totalHeader ?? '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 8 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  log(`\n${line(head)}`);
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) log(line(b));
  log(
    `Each call: every figure the median of its ${ROUNDS} runs (all runs in the JSON). vs ceiling: each run against the ceiling run made just before it, the median of those ratios (ceiling row: median of all its runs).`,
  );
  log(
    'us/req: CPU time per request of the server process and of its PostgreSQL backends; load: 1-min load average at the start.',
  );
}

async function pgVersion() {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const { v } = singleRow((await c.query<{ v: string }>("select current_setting('server_version') as v")).rows);
  await c.end();
  return v;
}

async function main() {
  // Read first: a bad value fails now, not after the catalog's half of the run.
  const lighthouseAsIndex = asBenchmarkIndex();
  const only = args.only?.split(',').map((s) => s.trim());
  // "Near me" at 1M listings on PostgreSQL and 100k on PGlite (bench/near.ts), databases of its own, only when named.
  if (only?.includes('near')) {
    await (await import('./near')).runNearBench();
    if (only.length === 1) return;
  }
  // The device catalogue's search and facets at 1M listings (bench/devices.ts), in a database of its own, only when named.
  if (only?.includes('devices')) {
    await (await import('./devices')).runDevicesBench();
    if (only.length === 1) return;
  }
  // Photo uploads (bench/upload.ts): a scenario of its own, measured only when named.
  if (only?.includes('upload')) {
    await (await import('./upload')).runUploadBench();
    if (only.length === 1) return;
  }
  // Live events (bench/events.ts) are measured only when named, as a scenario of their own.
  if (only?.includes('events')) {
    await (await import('./events')).runEventsBench();
    if (only.length === 1) return;
  }
  const targets = TARGETS.filter((t) => !only || only.includes(t.id));
  const withFrontend = !only || only.includes('web');
  if (!targets.length && !withFrontend)
    throw new Error(`--only: pick from ${[...TARGETS.map((t) => t.id), 'web', 'events'].join(', ')}`);
  fs.mkdirSync(tmpDir, { recursive: true });
  const t0 = Date.now();
  log(`Loading catalogs (PostgreSQL at ${new URL(PG_URL).host}) ...`);
  for (const t of targets) await ensureLoaded(t);
  log(`\nMeasuring: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run, median of ${ROUNDS} runs per call`);
  const rows: Row[] = [];
  for (const t of targets) rows.push(...(await benchTarget(t)));
  printTable(rows);
  const checks = checkTargets(rows);
  log('\nTargets:');
  for (const c of checks) log(`  ${c.met ? 'met    ' : 'NOT met'}  ${c.target} ${c.call}: ${c.rule} (${c.value})`);

  log('\nFront end:');
  const frontend = withFrontend ? await runFrontendBench() : { skipped: 'not in --only' };
  log('skipped' in frontend ? `  ${frontend.skipped}` : JSON.stringify(frontend, null, 2));
  if (!('skipped' in frontend)) {
    const frontChecks = checkFrontendTargets(frontend);
    log(
      `\nFront-end targets${lighthouseAsIndex ? ` (CPU slowed as for a machine of benchmarkIndex ${lighthouseAsIndex}: LIGHTHOUSE_AS_BENCHMARK_INDEX)` : ''}:`,
    );
    for (const c of frontChecks) log(`  ${c.met ? 'met    ' : 'NOT met'}  ${c.call}: ${c.rule} (${c.value})`);
    checks.push(...frontChecks);
  }

  const summary = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: await pgVersion(),
    },
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      search: SEARCH_Q,
      filter: FILTER,
      lighthouseAsBenchmarkIndex: lighthouseAsIndex,
    },
    rows,
    targets: checks,
    frontend,
  };
  const runFile = path.join(tmpDir, `bench-${summary.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(runFile, JSON.stringify(summary, null, 2));
  if (only) {
    log(
      `\nWrote ${path.relative(process.cwd(), runFile)} in ${Math.round((Date.now() - t0) / 1000)} s (a partial run: results/latest.* unchanged).`,
    );
    return;
  }
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'latest.svg'), renderSvg(rows, summary.machine, summary.settings));
  log(
    `\nWrote ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))} and latest.svg in ${Math.round((Date.now() - t0) / 1000)} s.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
