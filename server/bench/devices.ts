/**
 * `npm run bench -- --only devices`: the forgiving search and the facet counts of issue 28 at 1M
 * listings on PostgreSQL, one shop instance in production settings (as the catalog bench).
 *
 * 1. Its own database, shop_devices_1m on BENCH_PG_URL's server (never the shared catalogs), loaded
 *    once with 1M listings of catalogue models: name "Brand Model Variant", the model, variant,
 *    storage, RAM and colour as a seller picking them in "What are you selling?" leaves them;
 *    prices around each category's typical price, a year of posting dates, 2% sold.
 * 2. Each call below with autocannon (CONNECTIONS connections, DURATION s, after a warm-up), ROUNDS
 *    times: every run's p50/p99 and req/s, and the median of the runs; the machine's load average
 *    (`uptime`) before each run, since other work shares its 2 cores.
 * Results are printed and written to results/tmp/devices-<date>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import { seedCategories } from '../src/seed/demo';
import { ensureSyntheticSellers, SYNTHETIC_DOMAIN, SYNTHETIC_LOCATIONS } from '../src/seed/synthetic';
import { benchDbUrl, log, median, PG_URL, productionEnv, startShop, tmpDir } from './lib/shop';

const DB = 'shop_devices_1m';
const PRODUCTS = Number(process.env.BENCH_DEVICES_PRODUCTS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_DEVICES_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = 100_000;

/** Typed queries, as people type them, and facet requests. */
const CALLS: [string, string][] = [
  ['search "iphnoe 13"', '/api/allproducts?q=iphnoe%2013'],
  ['search "macbok air"', '/api/allproducts?q=macbok%20air'],
  ['search "iphone13"', '/api/allproducts?q=iphone13'],
  ['search "mbp 14"', '/api/allproducts?q=mbp%2014'],
  ['search "samsng galaxy s23 ultra"', '/api/allproducts?q=samsng%20galaxy%20s23%20ultra'],
  ['search "sony" (common word)', '/api/allproducts?q=sony'],
  ['suggest "iphnoe 1"', '/api/search/suggest?q=iphnoe%201'],
  ['devices "macbok"', '/api/devices?q=macbok'],
  ['facets (all)', '/api/facets'],
  ['facets Mobile, brand Apple', '/api/facets?category=Mobile&brand=Apple'],
  ['facets Laptop, 16 GB RAM, 512 GB', '/api/facets?category=Laptop&ram=16%20GB&storage=512%20GB'],
  ['facets "iphnoe 13"', '/api/facets?q=iphnoe%2013'],
  ['list Mobile, 256 GB (spec filter)', '/api/allproducts?category=Mobile&storage=256%20GB'],
];

const BASE_PRICE: Record<string, number> = { Laptop: 650, Mobile: 320, iPad: 280, Camera: 520, Headphone: 160, Watch: 180 };
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The database loaded with PRODUCTS catalogue listings (once; migrations applied each time). */
async function ensureLoaded(url: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  if (!(await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount)
    await admin.query(`create database ${DB}`);
  await admin.end();
  const database = await createDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  await seedCategories(database.db);
  await ensureSyntheticSellers(database.db, 300);
  const [{ n } = { n: 0 }] = await database.query<{ n: number }>(undefined, 'select count(*)::int as n from product');
  const prices = `jsonb_build_object(${Object.entries(BASE_PRICE)
    .map(([k, v]) => `${lit(k)}, ${v}`)
    .join(', ')})`;
  for (let from = n; from < PRODUCTS; from += BATCH) {
    const to = Math.min(PRODUCTS, from + BATCH) - 1;
    const t0 = Date.now();
    await database.query(
      undefined,
      `with s as (select array_agg(id order by email) as ids from "user" where email like '%@${SYNTHETIC_DOMAIN}' and role = 'seller'),
      dv as (select d.*, (row_number() over (order by brand, model) - 1)::int as k, count(*) over ()::int as n from device d),
      g as (select i, abs(hashint4(i))::bigint as h1, abs(hashint4(i * 7 + 13))::bigint as h2 from generate_series(${from}, ${to}) as i),
      r as (
        select g.*, dv.id as device_id, dv.category, dv.brand, dv.model,
          dv.variants -> (g.h2 % jsonb_array_length(dv.variants))::int as v,
          dv.colours ->> (g.h1 % greatest(1, jsonb_array_length(dv.colours)))::int as colour,
          (${prices} ->> dv.category)::int * (0.35 + (g.h2 % 1300) / 1000.0) as base
        from g join dv on dv.k = g.h1 % dv.n
      )
      insert into product (seller_id, name, category, description, img, location, phone, condition, price_cents,
        original_price_cents, used_years, status, created_at, device_id, variant, brand, storage, ram, colour)
      select s.ids[1 + (r.h1 * 31 + r.h2) % array_length(s.ids, 1)],
        r.brand || ' ' || r.model || case when r.v ->> 'key' = 'std' then '' else ' ' || (r.v ->> 'label') end,
        r.category, 'Bench listing.', '/images/products/' || lower(r.category) || '-1.svg',
        (array[${SYNTHETIC_LOCATIONS.map(lit).join(',')}])[1 + (r.h1 / 8) % ${SYNTHETIC_LOCATIONS.length}],
        '+880 1700000000', (array['Excellent','Good','Fair'])[1 + r.h2 % 3],
        greatest(500, round(r.base)::int * 100), greatest(500, round(r.base)::int * 100) * 3 / 2, (r.h1 % 4)::int,
        case when r.h2 % 50 = 0 then 'sold' else 'available' end,
        now() - interval '365 days' + (r.i::float8 / ${PRODUCTS}) * interval '365 days',
        r.device_id, r.v ->> 'key', r.brand, r.v ->> 'storage', r.v ->> 'ram', r.colour
      from r, s`,
    );
    log(`  loaded ${to + 1} of ${PRODUCTS} (${Date.now() - t0} ms)`);
  }
  await database.query(undefined, 'vacuum analyze product');
  await database.close();
}

/** What `uptime` prints: the time, how long the machine is up and its load averages (other helpers share its cores). */
const uptime = () =>
  `${new Date().toISOString().slice(11, 19)} up ${Math.round(os.uptime() / 60)} min, load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

type Run = { reqPerSec: number; p50: number; p99: number; non2xx: number; load1: number };

async function measure(base: string, p: string): Promise<Run> {
  const load1 = os.loadavg()[0]!;
  const r = await autocannon({ url: `${base}${p}`, connections: CONNECTIONS, duration: DURATION });
  return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, load1 };
}

export async function runDevicesBench() {
  const url = benchDbUrl(DB);
  log(`devices bench: ${PRODUCTS} listings in ${DB}; ${uptime()}`);
  await ensureLoaded(url);
  const shop = await startShop(productionEnv({ DATABASE_URL: url }));
  const base = `http://127.0.0.1:${shop.port}`;
  const results: { call: string; path: string; runs: Run[]; medianP99: number; medianP50: number; uptime: string[] }[] = [];
  try {
    for (const [call, p] of CALLS) {
      const check = await fetch(`${base}${p}`);
      if (check.status !== 200) throw new Error(`${call}: ${check.status} ${await check.text()}`);
      await autocannon({ url: `${base}${p}`, connections: CONNECTIONS, duration: 2 }); // warm-up
      const runs: Run[] = [];
      const ups: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        ups.push(uptime());
        runs.push(await measure(base, p));
      }
      const row = {
        call,
        path: p,
        runs,
        medianP99: median(runs.map((r) => r.p99)),
        medianP50: median(runs.map((r) => r.p50)),
        uptime: ups,
      };
      results.push(row);
      log(
        `${call.padEnd(36)} p99 ${runs.map((r) => r.p99).join('/')} ms (median ${row.medianP99}), p50 median ${row.medianP50} ms, ` +
          `req/s ${runs.map((r) => r.reqPerSec).join('/')}, load ${runs.map((r) => r.load1.toFixed(1)).join('/')}`,
      );
    }
  } finally {
    await shop.stop();
  }
  fs.mkdirSync(tmpDir, { recursive: true });
  const out = path.join(tmpDir, `devices-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      { products: PRODUCTS, connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, cpus: os.cpus().length, results },
      null,
      2,
    ),
  );
  log(`written ${out}; ${uptime()}`);
}
