import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CATEGORIES, type CategoryName } from '@shop/contract';
import type { Db } from '../db/client';
import { singleRow } from '../db/rows';
import { user } from '../db/schema';
import { gazetteer } from '../modules/places/gazetteer';
import { seedCategories } from './demo';

/**
 * A synthetic catalog for load tests and benchmarks (`npm run seed -- --products N`).
 *
 * Rows are made by PostgreSQL itself (generate_series, one INSERT ... SELECT per batch), so a
 * million products take about a minute on PostgreSQL and 100k a little longer on PGlite; nothing
 * crosses the wire but the batch bounds. Values are derived from hashes of the row number, so two
 * runs give the same spread: every category, condition and location, prices around each
 * category's typical price, posting dates over the last year (newer rows inserted later, as in a
 * real shop), 2% sold, a few hundred sellers of whom every third is verified, and pictures from
 * the shipped /images/products/<category>-<1..8>.svg.
 */

export const SYNTHETIC_DOMAIN = 'synthetic.shop';

const MODELS: Record<CategoryName, string[]> = {
  Laptop: [
    'MacBook Air M2 13"',
    'Dell XPS 13 9310',
    'ThinkPad X1 Carbon Gen 9',
    'HP Spectre x360',
    'ASUS ZenBook 14',
    'MacBook Pro 14" M1 Pro',
    'Acer Swift 3',
    'Surface Laptop 4',
  ],
  Mobile: [
    'iPhone 13',
    'Pixel 7',
    'Galaxy S22',
    'iPhone 12 mini',
    'OnePlus 10 Pro',
    'Xperia 5 III',
    'Galaxy A54',
    'iPhone SE (2022)',
  ],
  iPad: [
    'iPad Air (5th gen)',
    'iPad Pro 11" M1',
    'iPad mini 6',
    'iPad (9th gen)',
    'iPad Pro 12.9" (2020)',
    'iPad Air (4th gen)',
    'iPad (10th gen)',
    'iPad mini 5',
  ],
  Camera: [
    'Sony a6400',
    'Fujifilm X-T30',
    'Canon EOS RP',
    'Nikon Z50',
    'Olympus OM-D E-M10 IV',
    'Canon EOS 90D',
    'Panasonic Lumix G9',
    'Sony RX100 VI',
  ],
  Headphone: [
    'Sony WH-1000XM4',
    'Bose QuietComfort 45',
    'AirPods Max',
    'Sennheiser Momentum 4',
    'Beats Studio3',
    'Jabra Elite 85h',
    'AKG K371',
    'Audio-Technica ATH-M50x',
  ],
  Watch: [
    'Apple Watch Series 7',
    'Galaxy Watch5',
    'Garmin Forerunner 255',
    'Fitbit Sense 2',
    'Apple Watch SE',
    'Garmin Venu 2',
    'Pixel Watch',
    'Withings ScanWatch',
  ],
};
/** Four variants per category, appended to the model name. */
const VARIANTS: Record<CategoryName, string[]> = {
  Laptop: ['8 GB 256 GB', '16 GB 512 GB', 'Silver', 'Space Grey'],
  Mobile: ['128 GB', '256 GB', 'Black', 'Blue'],
  iPad: ['64 GB Wi-Fi', '256 GB Cellular', 'Space Grey', 'with Pencil'],
  Camera: ['body only', 'with kit lens', 'with two lenses', 'low shutter count'],
  Headphone: ['Black', 'Silver', 'with case', 'boxed'],
  Watch: ['41 mm', '45 mm', 'GPS', 'with extra strap'],
};
const BASE_PRICE: Record<CategoryName, number> = { Laptop: 650, Mobile: 320, iPad: 280, Camera: 520, Headphone: 160, Watch: 180 };
export const SYNTHETIC_LOCATIONS = [
  'Dhaka - Mirpur',
  'Dhaka - Gulshan',
  'Dhaka - Dhanmondi',
  'Dhaka - Uttara',
  'Dhaka - Mohammadpur',
  'Dhaka - Banani',
  'Chattogram',
  'Sylhet',
  'Khulna',
  'Rajshahi',
  'Barishal',
  'Rangpur',
  'Mymensingh',
  'Cumilla',
  'Gazipur',
  'Narayanganj',
  'Bogura',
  "Cox's Bazar",
  'Jessore',
  'Dinajpur',
];
const FIRST = [
  'Rahim',
  'Karim',
  'Nusrat',
  'Farhana',
  'Tanvir',
  'Sadia',
  'Arif',
  'Mitu',
  'Imran',
  'Joya',
  'Rafiq',
  'Shirin',
  'Hasan',
  'Lamia',
  'Sabbir',
  'Tania',
];
const LAST = ['Ahmed', 'Hossain', 'Islam', 'Rahman', 'Chowdhury', 'Khan', 'Akter', 'Uddin', 'Sarkar', 'Das'];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: (string | number)[]) => `(ARRAY[${xs.map((x) => (typeof x === 'number' ? String(x) : lit(x))).join(',')}])`;

export type SyntheticOptions = {
  products: number;
  sellers?: number;
  /** Rows per INSERT ... SELECT (one transaction each). */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
};

/** The synthetic sellers (created when missing): `seller-0001@synthetic.shop` ..., every third verified. */
export async function ensureSyntheticSellers(db: Db, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, k) => ({
    id: crypto.randomUUID(),
    email: `seller-${String(k + 1).padStart(4, '0')}@${SYNTHETIC_DOMAIN}`,
    name: `${FIRST[k % FIRST.length]} ${LAST[Math.floor(k / FIRST.length) % LAST.length]}`,
    role: 'seller' as const,
    roleConfirmed: true,
    emailVerified: true,
    verified: k % 3 === 0,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(user)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: user.email });
}

/** Adds `products` synthetic listings (plus categories and sellers when missing). Returns how many were added. */
export async function seedSynthetic(db: Db, opts: SyntheticOptions): Promise<number> {
  const total = Math.max(0, Math.floor(opts.products));
  const sellers = opts.sellers ?? 300;
  const batch = opts.batch ?? 50_000;
  await seedCategories(db);
  await ensureSyntheticSellers(db, sellers);

  // Each location's gazetteer place ('Dhaka - Mirpur' is Dhaka): every synthetic listing has one.
  const places = SYNTHETIC_LOCATIONS.map((l) => {
    const p = gazetteer.resolve(l);
    if (!p) throw new Error(`synthetic location ${l} names no place of the gazetteer`);
    return p;
  });
  const names = CATEGORIES.flatMap((c) => MODELS[c].flatMap((m) => VARIANTS[c].map((v) => `${m} ${v}`)));
  const slugs = CATEGORIES.map((c) => c.toLowerCase());
  // One year of postings, newest last, a little jitter inside each row's slot.
  const spanUs = 365 * 24 * 3600 * 1e6;
  const slotUs = Math.max(1, Math.floor(spanUs / Math.max(total, 1)));
  const startedAt = Date.now() * 1000 - spanUs; // microseconds since the epoch

  const { n: already } = singleRow((await db.execute<{ n: number }>(sql`select count(*)::int as n from product`)).rows);
  for (let from = 0; from < total; from += batch) {
    const to = Math.min(total, from + batch) - 1;
    const salt = already; // different rows on a second run into the same database
    await db.execute(
      sql.raw(`
      with s as (
        select array_agg(id order by email) as ids from "user" where email like '%@${SYNTHETIC_DOMAIN}' and role = 'seller'
      ), g as (
        select i,
               (abs(hashint4(i + ${salt})) % 1000003)::bigint as h1,
               (abs(hashint4(i * 7 + 13 + ${salt})) % 1000033)::bigint as h2,
               i % 6 as c
        from generate_series(${from}, ${to}) as i
      ), r as (
        select g.*, (h1 % 8)::int as m, (h2 % 4)::int as v, (h2 % 3)::int as k,
               ${arr(Object.values(BASE_PRICE))}[c + 1] * (0.35 + (h2 % 1300) / 1000.0) as base
        from g
      )
      insert into product (seller_id, name, category, description, img, location, place_id, lat, lng, phone, condition,
                           price_cents, original_price_cents, used_years, status, created_at, cover)
      select s.ids[1 + (r.h1 * 31 + r.h2) % array_length(s.ids, 1)],
             ${arr(names)}[1 + c * 32 + m * 4 + v],
             ${arr([...CATEGORIES])}[c + 1],
             ${arr(['Excellent', 'Good', 'Fair'])}[k + 1] || ' condition, used ' || (k + (h1 % 3))::text ||
               ' year(s). Comes with the original charger or accessories. Meet in a public place to check it before paying.',
             '/images/products/' || ${arr(slugs)}[c + 1] || '-' || (m + 1)::text || '.svg',
             ${arr(SYNTHETIC_LOCATIONS)}[1 + (h1 / 8) % ${SYNTHETIC_LOCATIONS.length}],
             ${arr(places.map((p) => p.id))}[1 + (h1 / 8) % ${SYNTHETIC_LOCATIONS.length}],
             (${arr(places.map((p) => p.lat))}::float8[])[1 + (h1 / 8) % ${SYNTHETIC_LOCATIONS.length}],
             (${arr(places.map((p) => p.lng))}::float8[])[1 + (h1 / 8) % ${SYNTHETIC_LOCATIONS.length}],
             '+880 1' || (3 + h1 % 7)::text || lpad((h2 * 97 % 100000000)::text, 8, '0'),
             ${arr(['Excellent', 'Good', 'Fair'])}[k + 1],
             greatest(500, round(base)::int * 100),
             greatest(500, round(base)::int * 100) * (125 + h1 % 90) / 100,
             k + (h1 % 3),
             case when h2 % 50 = 0 then 'sold' else 'available' end,
             'epoch'::timestamptz + (${startedAt} + i::bigint * ${slotUs} + (h2 * 7919) % ${slotUs}) * interval '1 microsecond',
             -- A cover as an upload stores it (its files are not made): lists carry and serialize it as for real listings.
             jsonb_build_object('id', gen_random_uuid(), 'w', 1600, 'h', 1200, 'ws', '[400,800,1600]'::jsonb, 'av', '[400,800]'::jsonb,
               'ph', '')
      from r, s`),
    );
    opts.onProgress?.(to + 1, total);
  }
  return total;
}

/** A few recent synthetic listings advertised (the home page carousel). */
export async function seedSyntheticAds(db: Db, count = 12): Promise<void> {
  await db.execute(
    sql.raw(`
    insert into advertisement (product_id, created_at)
    select p.id, p.created_at from product p join "user" u on u.id = p.seller_id
    where p.listed and u.email like '%@${SYNTHETIC_DOMAIN}'
      and not exists (select 1 from advertisement a where a.product_id = p.id)
    order by p.created_at desc limit ${count}`),
  );
}
