/** What the benchmarks share: the shop started in production settings, a catalog database, scripts. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase } from '../../src/db/client';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const tmpDir = path.join(serverDir, 'bench', 'results', 'tmp');
export const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (...a: unknown[]) => console.log(...a);

/** The p-th percentile of `xs` (nearest rank). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** The median of `xs` (the upper one of an even count): the 50th percentile. */
export const median = (xs: number[]) => pct(xs, 50);

/** BENCH_PG_URL's server, database `name`. */
export const benchDbUrl = (name: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Runs a tsx script of this package in a child process, output passed through. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * PostgreSQL database `name` holding at least `products` synthetic products under the current
 * migrations: made and loaded once, then reused (only later migrations are applied).
 */
export async function ensureCatalog(name: string, products: number) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = benchDbUrl(name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const n = await c
    .query<{ n: number }>('select count(*)::int as n from product')
    .then((r) => r.rows[0]?.n ?? 0)
    .catch(() => 0);
  await c.end();
  const database = await createDatabase({ kind: 'postgres', url, poolSize: 1 });
  await database.migrate();
  await database.close();
  if (n < products) {
    log(`loading ${products - n} products into ${name} (once)…`);
    await runScript('src/scripts/seed.ts', ['--products', String(products - n)], {
      DATABASE_URL: url,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
  }
}

/**
 * The shop's settings for a benchmark: production, no mail, no jobs, no demo data, no Redis, limits
 * out of the way (the load comes from one address), no built front end. `extra` adds or overrides.
 */
export function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    // Production refuses to start without a mail server; the benchmarks send no mail.
    SMTP_URL: 'smtp://127.0.0.1:1',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Required in production; any address of its own will do.
    BASE_URL: 'http://127.0.0.1',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ALLOW_SIMULATED_PAYMENTS: 'true',
    PAYMENT_PROVIDER: 'simulated',
    RATE_LIMIT_MAX: '1000000000',
    AUTH_RATE_LIMIT_MAX: '1000000000',
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    DATABASE_POOL_SIZE: '10',
    WEB_DIST: path.join(tmpDir, 'no-web'),
  };
  delete env.REDIS_URL;
  delete env.S3_BUCKET;
  return { ...env, ...extra };
}

/** A process's resident memory (VmRSS, Linux /proc) in KB. */
export const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

export type Shop = { port: number; pid: number; stop(): Promise<void> };

/**
 * Node's flags for a server under load, the shop's and the ceiling's alike, as `npm start` and the
 * systemd unit run the shop (test/node-flags.test.ts checks that they have every one of these):
 * - a fixed young generation of 32 MB semi-spaces: left to grow on its own, V8 sometimes settled on
 *   a small one, and that server process spent ~30% of its time in GC instead of ~11%
 *   (docs/decisions/062); at 16 MB the requests in flight outlived two scavenges often enough to
 *   fill the old generation every 2-3 s under load, and the major collections set the p99
 *   (docs/decisions/086).
 * - no allocation-site pretenuring (docs/decisions/081).
 */
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32', '--no-allocation-site-pretenuring'];

/** Starts bench/serve.ts (`mode`: the shop or the ceiling) with `env` and waits for its port. */
export function startShop(env: Record<string, string>, mode: 'app' | 'ceiling' = 'app'): Promise<Shop> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/serve.ts', mode], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    const fail = (code: number | null) => reject(new Error(`bench/serve.ts ${mode} exited with ${code} before listening`));
    child.once('exit', fail);
    rl.once('line', (line) => {
      child.off('exit', fail);
      const { port } = JSON.parse(line) as { port: number };
      resolve({
        port,
        pid: child.pid!,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      });
    });
  });
}

/**
 * `url` asked at a steady `rate` (requests a second, evenly spaced) for `seconds`, whatever the
 * answers' pace (an open loop, as visitors arrive): each latency runs from when its request was due,
 * so a server that falls behind is charged for the wait too. What a buyer waits at that load, where
 * autocannon's connections kept busy measure the queue of a server run flat out.
 */
export async function steadyLoad(url: string, rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failed = 0;
  const ask = (due: number) =>
    new Promise<void>((done) => {
      const req = http.get(url, { agent }, (res) => {
        res.resume();
        // 'close' comes whether the body ended or the connection broke mid-way.
        res.on('close', () => {
          if (res.complete && res.statusCode === 200) latencies.push(performance.now() - due);
          else failed++;
          done();
        });
      });
      // A server that stops answering fails the request instead of hanging the bench.
      req.setTimeout(10_000, () => req.destroy());
      req.on('error', () => {
        failed++;
        done();
      });
    });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(ask(due));
  }
  await Promise.all(pending);
  agent.destroy();
  return { rate, requests: latencies.length, failed, p50: Math.round(pct(latencies, 50)), p99: Math.round(pct(latencies, 99)) };
}
