/**
 * `npm run bench -- --only near`: "Near me" (GET /api/allproducts?near=LAT,LNG&radiusKm=N, nearest
 * first or with the other sorts) at 1M listings on PostgreSQL and 100k on embedded PGlite, one shop
 * instance in production settings (as the catalog bench).
 *
 * 1. Databases of its own (never the shared catalogs): shop_near_1m on BENCH_PG_URL's server and a
 *    PGlite folder results/tmp/pglite-near-100k, loaded once by `npm run seed -- --products N` (the
 *    synthetic catalog: 20 Bangladeshi locations, each listing placed in its gazetteer town, Dhaka's
 *    six neighbourhoods all in Dhaka: about 300,000 listings in one place at 1M).
 * 2. Each call with autocannon (CONNECTIONS connections, DURATION s, after a warm-up), ROUNDS times:
 *    every run's p50/p99 and req/s, the median of the runs, and the uptime and load averages before each run (other work
 *    shares this machine's cores).
 * Results are printed and written to results/tmp/near-<date>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDbUrl, ensureCatalog, log, median, productionEnv, runScript, startShop, tmpDir } from './lib/shop';

const PG_DB = 'shop_near_1m';
const PG_PRODUCTS = Number(process.env.BENCH_NEAR_PG_PRODUCTS ?? 1_000_000);
const LITE_PRODUCTS = Number(process.env.BENCH_NEAR_PGLITE_PRODUCTS ?? 100_000);
const LITE_DIR = path.join(tmpDir, 'pglite-near-100k');
const CONNECTIONS = Number(process.env.BENCH_NEAR_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A person in Dhaka (about 5 km from its centre) asking for what is near, as the web app's "Near me" does. */
const DHAKA = '23.750,90.380';
const CALLS: [string, string][] = [
  // The same page without `near`, measured beside them on the same (shared, loaded) machine.
  ['baseline: all, newest (no near)', '/api/allproducts'],
  ['near me 10 km, nearest first', `/api/allproducts?near=${DHAKA}&radiusKm=10&sort=distance`],
  ['near me 50 km, nearest first', `/api/allproducts?near=${DHAKA}&sort=distance`],
  ['near me 250 km, nearest first', `/api/allproducts?near=${DHAKA}&radiusKm=250&sort=distance`],
  ['near me 50 km, newest', `/api/allproducts?near=${DHAKA}`],
  ['near me 100 km, Laptop, price low-high', `/api/allproducts?near=${DHAKA}&radiusKm=100&category=Laptop&sort=price_asc`],
  ['near Sylhet 25 km, nearest first', '/api/allproducts?near=24.9,91.87&radiusKm=25&sort=distance'],
  ['near me 25 km, search "macbook"', `/api/allproducts?near=${DHAKA}&radiusKm=25&sort=distance&q=macbook`],
];

/** What `uptime` prints: the time, how long the machine is up and its load averages (other work shares its cores). */
const uptime = () =>
  `${new Date().toISOString().slice(11, 19)} up ${Math.round(os.uptime() / 60)} min, load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
type Run = { reqPerSec: number; p50: number; p99: number; non2xx: number; uptime: string };
async function ensurePglite() {
  const marker = path.join(LITE_DIR, 'near-loaded.txt');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === String(LITE_PRODUCTS)) return;
  fs.rmSync(LITE_DIR, { recursive: true, force: true });
  log(`loading ${LITE_PRODUCTS} products into ${LITE_DIR} (once)…`);
  await runScript('src/scripts/seed.ts', ['--products', String(LITE_PRODUCTS)], {
    DATA_DIR: LITE_DIR,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  fs.writeFileSync(marker, String(LITE_PRODUCTS));
}

async function benchShop(label: string, env: Record<string, string>) {
  const shop = await startShop(env);
  const base = `http://127.0.0.1:${shop.port}`;
  const results: { call: string; path: string; runs: Run[]; medianP99: number; medianP50: number; rows: number }[] = [];
  log(`\n${label}`);
  try {
    for (const [call, p] of CALLS) {
      const check = await fetch(`${base}${p}`);
      const body = (await check.json()) as { distanceKm?: number }[];
      if (check.status !== 200 || !Array.isArray(body))
        throw new Error(`${call}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
      await autocannon({ url: `${base}${p}`, connections: CONNECTIONS, duration: 2 }); // warm-up
      const runs: Run[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const up = uptime();
        const r = await autocannon({ url: `${base}${p}`, connections: CONNECTIONS, duration: DURATION });
        runs.push({
          reqPerSec: Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
          uptime: up,
        });
      }
      const row = {
        call,
        path: p,
        runs,
        rows: body.length,
        medianP99: median(runs.map((r) => r.p99)),
        medianP50: median(runs.map((r) => r.p50)),
      };
      results.push(row);
      log(
        `  ${call.padEnd(40)} ${String(body.length).padStart(2)} rows  p99 ${runs.map((r) => r.p99).join('/')} ms (median ${row.medianP99}), ` +
          `p50 median ${row.medianP50} ms, req/s ${runs.map((r) => r.reqPerSec).join('/')}` +
          (runs.some((r) => r.non2xx) ? `, non-2xx ${runs.map((r) => r.non2xx).join('/')}` : ''),
      );
      for (const r of runs) log(`      ${r.uptime}`);
    }
  } finally {
    await shop.stop();
  }
  return results;
}

export async function runNearBench() {
  log(`near bench: ${PG_PRODUCTS} listings on PostgreSQL (${PG_DB}), ${LITE_PRODUCTS} on PGlite; ${uptime()}`);
  const only = process.env.BENCH_NEAR_ONLY;
  const out: Record<string, unknown> = { connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, cpus: os.cpus().length };
  if (only !== 'pglite') {
    await ensureCatalog(PG_DB, PG_PRODUCTS);
    out.postgres = await benchShop(
      `PostgreSQL, ${PG_PRODUCTS.toLocaleString('en')} listings`,
      productionEnv({ DATABASE_URL: benchDbUrl(PG_DB) }),
    );
  }
  if (only !== 'postgres') {
    await ensurePglite();
    const env = productionEnv({ DATA_DIR: LITE_DIR });
    delete env.DATABASE_URL;
    out.pglite = await benchShop(`Embedded PGlite, ${LITE_PRODUCTS.toLocaleString('en')} listings`, env);
  }
  fs.mkdirSync(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `near-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2));
  log(`written ${file}; ${uptime()}`);
}
