/**
 * Search and filters (docs/product.md#product-lists-search-and-filters) on GET /api/allproducts and
 * /api/products/{category}: text search (name prefix, category, location), category, condition,
 * inclusive price range, location, verified sellers only, the three sorts, keyset pages that walk
 * every match once under any filter, X-Total-Count (exact, or an estimate marked as such), and bad
 * input as 400s.
 */
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { advertisement, product, user } from '../src/db/schema';
import { encodeCursor } from '../src/lib/paging';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { expectError, expectStatus, insertUser, nextLink, walkPages } from './helpers/builders';

type Row = {
  _id: string;
  name: string;
  category: string;
  location: string;
  condition: string;
  price: number;
  sellerStatus: string;
  createdAt: string;
};

/** The listings of this file: [key, name, category, location, condition, price $, verified seller, minutes ago, state]. */
const LISTINGS = [
  ['mba2', 'MacBook Air M2', 'Laptop', 'Dhaka - Mirpur', 'Excellent', 900, true, 1],
  ['mbp', 'MacBook Pro 14', 'Laptop', 'Sylhet', 'Good', 1500, false, 2],
  ['x1', 'ThinkPad X1 Carbon', 'Laptop', 'Dhaka - Gulshan', 'Fair', 500, true, 3],
  ['ip13', 'iPhone 13', 'Mobile', 'Chattogram', 'Excellent', 500, false, 4],
  ['ip12', 'iPhone 12 mini', 'Mobile', 'Dhaka - Uttara', 'Good', 300, true, 5],
  ['px7', 'Pixel 7', 'Mobile', 'Khulna', 'Good', 300, false, 6],
  ['ipad', 'iPad Air', 'iPad', 'Sylhet', 'Excellent', 450, true, 7],
  ['a6400', 'Sony a6400', 'Camera', 'Rajshahi', 'Good', 650, false, 8],
  ['apm', 'AirPods Max', 'Headphone', 'Dhaka - Banani', 'Excellent', 400, true, 9],
  ['aw', 'Apple Watch SE', 'Watch', "Cox's Bazar", 'Fair', 150, false, 10],
  ['gw5', 'Galaxy Watch5', 'Watch', 'Dhaka - Mirpur', 'Good', 299.99, true, 10], // same minute as 'aw': ties break on id
  ['mba1', 'MacBook Air M1', 'Laptop', 'Khulna', 'Good', 700, false, 11, 'sold'],
  ['mbn', 'MacBook Neo', 'Laptop', 'Dhaka', 'Good', 800, true, 12, 'hidden'],
] as const;
type Key = (typeof LISTINGS)[number][0];

let t: TestApp;
let anon: Client;
/** Each listing's product id, chosen up front. */
const id = Object.fromEntries(LISTINGS.map(([k]) => [k, crypto.randomUUID()])) as Record<Key, string>;
const key = new Map<string, Key>();
const now = Date.now();

beforeAll(async () => {
  t = await startTestApp();
  anon = t.client();
  const verified = await insertUser(t, 'seller', { verified: true });
  const plain = await insertUser(t, 'seller');
  const rows = LISTINGS.map(([k, name, category, location, condition, price, isVerified, minutesAgo, state]) => {
    key.set(id[k], k);
    return {
      id: id[k],
      sellerId: isVerified ? verified.id : plain.id,
      name,
      category,
      img: `/images/products/${category.toLowerCase()}-1.svg`,
      location,
      phone: '+880 1700000000',
      condition,
      priceCents: Math.round(price * 100),
      originalPriceCents: Math.round(price * 150),
      usedYears: 1,
      status: state === 'sold' ? ('sold' as const) : ('available' as const),
      hiddenAt: state === 'hidden' ? new Date(now) : null,
      createdAt: new Date(now - minutesAgo * 60_000),
    };
  });
  await t.database.db.insert(product).values(rows);
});
afterAll(() => t?.close());

const keys = (rows: { _id: string }[]) => rows.map((r) => key.get(r._id) ?? r._id);
const listed = LISTINGS.filter((l) => !l[8]);
/** The listed keys in the order a sort must give: newest (ties by id, descending) or by price (ties by id). */
function expected(
  filter: (l: (typeof LISTINGS)[number]) => boolean,
  sort: 'newest' | 'price_asc' | 'price_desc' = 'newest',
): Key[] {
  const ls = listed.filter(filter);
  const cmpId = (a: Key, b: Key) => (id[a] < id[b] ? -1 : id[a] > id[b] ? 1 : 0);
  return ls
    .sort((a, b) => {
      if (sort === 'newest') return a[7] - b[7] || -cmpId(a[0], b[0]);
      const byPrice = (a[5] - b[5]) * (sort === 'price_asc' ? 1 : -1);
      return byPrice || (sort === 'price_asc' ? cmpId(a[0], b[0]) : -cmpId(a[0], b[0]));
    })
    .map((l) => l[0]);
}
async function list(path: string) {
  const r = await anon.get<Row[]>(path);
  expectStatus(r, 200, `GET ${path}`);
  return r;
}
const sameSet = (a: readonly string[], b: readonly string[]) => expect([...a].sort()).toEqual([...b].sort());

describe('text search (q): prefixes of words in the name, the category and the location', () => {
  it('finds by a name prefix, all words required, any case', async () => {
    sameSet(keys((await list('/api/allproducts?q=macb')).body), ['mba2', 'mbp']);
    sameSet(keys((await list('/api/allproducts?q=MAC%20air')).body), ['mba2']);
    sameSet(keys((await list('/api/allproducts?q=air')).body), ['mba2', 'ipad', 'apm']); // AirPods: 'air' is its prefix
    sameSet(keys((await list('/api/allproducts?q=a6400')).body), ['a6400']);
  });

  it('finds by category and by location words', async () => {
    sameSet(keys((await list('/api/allproducts?q=laptop')).body), ['mba2', 'mbp', 'x1']);
    sameSet(keys((await list('/api/allproducts?q=sylhet')).body), ['mbp', 'ipad']);
    sameSet(keys((await list('/api/allproducts?q=dhaka%20mirpur')).body), ['mba2', 'gw5']);
    sameSet(keys((await list("/api/allproducts?q=cox's")).body), ['aw']);
  });

  it('never shows sold or hidden listings, and an unknown word finds nothing (total 0)', async () => {
    const r = await list('/api/allproducts?q=macbook');
    expect(keys(r.body)).not.toContain('mba1');
    expect(keys(r.body)).not.toContain('mbn');
    const none = await list('/api/allproducts?q=zzzzqq');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect(none.headers.get('x-total-count-exact')).toBe('true');
  });

  it('treats punctuation-only text as no search, and tsquery syntax as plain words', async () => {
    expect((await list('/api/allproducts?q=%21%21%20%26%20%7C')).body).toHaveLength(listed.length);
    sameSet(keys((await list("/api/allproducts?q=mac:*%20%26%20!air')")).body), ['mba2']);
  });
});

describe('filters', () => {
  it('category: as a query parameter and as the path, any case', async () => {
    const want = expected((l) => l[2] === 'Mobile');
    expect(keys((await list('/api/allproducts?category=Mobile')).body)).toEqual(want);
    expect(keys((await list('/api/products/mobile')).body)).toEqual(want);
    expect(keys((await list('/api/products/MOBILE?condition=Good')).body)).toEqual(
      expected((l) => l[2] === 'Mobile' && l[4] === 'Good'),
    );
    expectError(await anon.get('/api/products/toaster'), 404, 'unknown category');
  });

  it('condition', async () => {
    expect(keys((await list('/api/allproducts?condition=Excellent')).body)).toEqual(expected((l) => l[4] === 'Excellent'));
  });

  it('price range in dollars, both ends inclusive', async () => {
    expect(keys((await list('/api/allproducts?minPrice=300&maxPrice=500')).body)).toEqual(
      expected((l) => l[5] >= 300 && l[5] <= 500),
    );
    expect(keys((await list('/api/allproducts?minPrice=299.99&maxPrice=299.99')).body)).toEqual(['gw5']);
    expect(keys((await list('/api/allproducts?minPrice=1000')).body)).toEqual(['mbp']);
    expect(keys((await list('/api/allproducts?maxPrice=150')).body)).toEqual(['aw']);
    expect((await list('/api/allproducts?minPrice=600&maxPrice=500')).body).toEqual([]);
  });

  it('location: a part of it, any case; LIKE wildcards are plain characters', async () => {
    expect(keys((await list('/api/allproducts?location=dhaka')).body)).toEqual(expected((l) => l[3].startsWith('Dhaka')));
    expect(keys((await list('/api/allproducts?location=MIRPUR')).body)).toEqual(['mba2', 'gw5']);
    expect((await list('/api/allproducts?location=dh%25a')).body).toEqual([]);
    expect((await list('/api/allproducts?location=_haka')).body).toEqual([]);
  });

  it('verified sellers only (verified=false means everyone)', async () => {
    const r = await list('/api/allproducts?verified=true');
    expect(keys(r.body)).toEqual(expected((l) => l[6]));
    expect(r.body.every((p) => p.sellerStatus === 'verified')).toBe(true);
    expect((await list('/api/allproducts?verified=false')).body).toHaveLength(listed.length);
  });

  it("verified=true follows the seller's verification at once, for new and existing listings", async () => {
    const db = t.database.db;
    const s = await insertUser(t, 'seller');
    const pid = crypto.randomUUID();
    await db.insert(product).values({
      id: pid,
      sellerId: s.id,
      name: 'Nikon Z50',
      category: 'Camera',
      img: '/images/products/camera-2.svg',
      location: 'Bogura',
      phone: '+880 1700000000',
      condition: 'Good',
      priceCents: 60000,
      originalPriceCents: 90000,
      usedYears: 1,
      createdAt: new Date(now - 30 * 60_000),
    });
    try {
      const verifiedIds = async () => (await list('/api/allproducts?verified=true&limit=100')).body.map((p) => p._id);
      expect(await verifiedIds()).not.toContain(pid);
      await db.update(user).set({ verified: true }).where(eq(user.id, s.id));
      expect(await verifiedIds()).toContain(pid);
      expect((await list('/api/allproducts?q=bogura')).body[0]?.sellerStatus).toBe('verified');
      // Nobody can mark a listing verified by hand: the database takes the seller's word only.
      await db.update(user).set({ verified: false }).where(eq(user.id, s.id));
      await db.update(product).set({ sellerVerified: true }).where(eq(product.id, pid));
      expect(await verifiedIds()).not.toContain(pid);
    } finally {
      await db.delete(product).where(eq(product.id, pid));
    }
  });

  it('all together', async () => {
    const r = await list('/api/products/laptop?verified=true&maxPrice=1000&q=dhaka&condition=Fair');
    expect(keys(r.body)).toEqual(['x1']);
    expect(keys((await list('/api/allproducts?category=Laptop&verified=true&maxPrice=1000')).body)).toEqual(['mba2', 'x1']);
  });
});

describe('sorts and keyset pages', () => {
  const sorts = ['newest', 'price_asc', 'price_desc'] as const;
  const filters: [string, (l: (typeof LISTINGS)[number]) => boolean][] = [
    ['', () => true],
    ['category=Laptop', (l) => l[2] === 'Laptop'],
    ['q=dhaka', (l) => l[3].startsWith('Dhaka')],
    ['minPrice=300&maxPrice=650&verified=true', (l) => l[5] >= 300 && l[5] <= 650 && l[6]],
    ['condition=Good&location=a', (l) => l[4] === 'Good' && /a/i.test(l[3])],
  ];

  it('newest first by default; price up and down; equal keys in a stable order', async () => {
    for (const sort of sorts) {
      const r = await list(`/api/allproducts?sort=${sort}`);
      expect(keys(r.body), sort).toEqual(expected(() => true, sort));
    }
    const asc = (await list('/api/allproducts?sort=price_asc')).body.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const newest = (await list('/api/allproducts')).body.map((p) => Date.parse(p.createdAt));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('with any filter and sort, pages of 2 walk every match exactly once, in order', async () => {
    for (const sort of sorts)
      for (const [qs, fn] of filters) {
        const path = `/api/allproducts?limit=2&sort=${sort}${qs ? `&${qs}` : ''}`;
        const walk = await walkPages<Row>(anon, path);
        const want = expected(fn, sort);
        expect(keys(walk.rows), path).toEqual(want);
        expect(walk.pages, path).toBe(Math.max(1, Math.ceil(want.length / 2)));
      }
  });

  it('a cursor keeps working when the listing it points at is sold meanwhile', async () => {
    const first = await list('/api/allproducts?limit=3');
    const cursorRow = first.body[2]?._id;
    const next = nextLink(first);
    assert.isDefined(cursorRow, 'a third listing on the first page');
    assert.isDefined(next, 'a next page after the first');
    await t.database.db.update(product).set({ status: 'sold' }).where(eq(product.id, cursorRow));
    try {
      expect(keys((await list(next)).body)).toEqual(
        expected(() => true)
          .filter((k) => id[k] !== cursorRow)
          .slice(2, 5),
      );
    } finally {
      await t.database.db.update(product).set({ status: 'available' }).where(eq(product.id, cursorRow));
    }
  });
});

describe('list rows', () => {
  // A list page is written with JSON.stringify (catalog/serialize.ts), one product by the app-wide zod
  // serializer, which holds it to the schema: both from the same rows, and they must agree field for
  // field (but for the condition report, which only the product page carries).
  it('each listed product reads exactly as GET /product/{id} gives it, on the plain and the by-id paths', async () => {
    const db = t.database.db;
    // Edge cases: an ad, cents, microseconds just below a second, a one-digit day and month.
    await db.insert(advertisement).values({ productId: id.gw5 });
    await db.execute(sql`update product set created_at = '2026-03-04 05:06:07.999999+00' where id = ${id.apm}`);
    try {
      const all = await list('/api/allproducts?limit=100');
      expect(all.body).toHaveLength(listed.length);
      for (const item of all.body) {
        const one = await anon.get<Row>(`/api/product/${item._id}`);
        expectStatus(one, 200, `GET /api/product/${item._id}`);
        // The page's own fields: the report, and the catalogue model and serial check (issue 28).
        const {
          conditionReport,
          device: _device,
          serialChecked: _checked,
          ...shared
        } = one.body as Row & {
          conditionReport?: unknown;
          device?: unknown;
          serialChecked?: unknown;
        };
        expect(conditionReport, `${key.get(item._id)}: the page carries the report`).toBeNull();
        expect(item, key.get(item._id)).toEqual(shared);
      }
      const apm = all.body.find((p) => p._id === id.apm) as Row & { date: string };
      expect([apm.date, apm.createdAt]).toEqual(['4/3/2026', '2026-03-04T05:06:07.999Z']);
      expect((all.body.find((p) => p._id === id.gw5) as Row & { advertised: boolean }).advertised).toBe(true);
      expect(all.body.find((p) => p._id === id.gw5)!.price).toBe(299.99);
      // The same through the by-id path of filtered lists.
      const filtered = await list('/api/allproducts?q=galaxy');
      const {
        conditionReport: _report,
        device: _d,
        serialChecked: _s,
        ...gw5
      } = (
        await anon.get<Row & { conditionReport?: unknown; device?: unknown; serialChecked?: unknown }>(`/api/product/${id.gw5}`)
      ).body;
      expect(filtered.body).toEqual([gw5]);
    } finally {
      await db.delete(advertisement).where(eq(advertisement.productId, id.gw5));
      await db
        .update(product)
        .set({ createdAt: new Date(now - 9 * 60_000) })
        .where(eq(product.id, id.apm));
    }
    // The ad flag follows the advertisement table only (kept by the database).
    await db.update(product).set({ advertised: true }).where(eq(product.id, id.gw5));
    const [after] = (await list('/api/allproducts?q=galaxy')).body as (Row & { advertised: boolean })[];
    expect(after?.advertised).toBe(false);
  });
});

describe('X-Total-Count', () => {
  it('is exact on every page of the unfiltered and per-category lists', async () => {
    const all = await walkPages<Row>(anon, '/api/allproducts?limit=4');
    expect(all.totals.every((n) => n === String(listed.length))).toBe(true);
    const cat = await walkPages<Row>(anon, '/api/products/laptop?limit=2&sort=price_desc');
    expect(cat.totals.every((n) => n === '3')).toBe(true);
    expect((await list('/api/products/camera')).headers.get('x-total-count-exact')).toBe('true');
  });

  it('follows listings sold, hidden and listed again (the counters are kept by the database)', async () => {
    const total = async (p: string) => Number((await list(p)).headers.get('x-total-count'));
    const db = t.database.db;
    await db
      .update(product)
      .set({ status: 'sold' })
      .where(inArray(product.id, [id.mba2, id.ip13]));
    expect(await total('/api/allproducts')).toBe(listed.length - 2);
    expect(await total('/api/products/laptop')).toBe(2);
    await db.update(product).set({ hiddenAt: new Date() }).where(eq(product.id, id.ip12));
    expect(await total('/api/products/mobile')).toBe(1);
    await db
      .update(product)
      .set({ status: 'available' })
      .where(inArray(product.id, [id.mba2, id.ip13]));
    await db.update(product).set({ hiddenAt: null }).where(eq(product.id, id.ip12));
    expect(await total('/api/allproducts')).toBe(listed.length);
    expect(await total('/api/products/mobile')).toBe(3);
    expect(await total('/api/products/ipad')).toBe(1);
  });

  it('filtered: exact when the first page holds every match; an estimate (marked) when there are more; not repeated on later pages', async () => {
    const one = await list('/api/allproducts?q=macb');
    expect(one.headers.get('x-total-count')).toBe('2');
    expect(one.headers.get('x-total-count-exact')).toBe('true');
    const first = await list('/api/allproducts?condition=Good&limit=2');
    expect(first.headers.get('x-total-count-exact')).toBe('false');
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
    const next = nextLink(first);
    assert.isDefined(next, 'a next page after the first');
    const second = await list(next);
    expect(second.headers.get('x-total-count')).toBeNull();
  });
});

describe('bad input is a 400 naming the parameter', () => {
  it('sort, prices, verified, q length', async () => {
    expectError(await anon.get('/api/allproducts?sort=cheapest'), 400, 'sort', 'sort');
    expectError(await anon.get('/api/allproducts?minPrice=abc'), 400, 'minPrice', 'minPrice');
    expectError(await anon.get('/api/allproducts?maxPrice=-1'), 400, 'maxPrice', 'maxPrice');
    expectError(await anon.get('/api/allproducts?verified=maybe'), 400, 'verified', 'verified');
    expectError(await anon.get(`/api/allproducts?q=${'a'.repeat(101)}`), 400, 'q', 'q');
    expectError(await anon.get('/api/products/laptop?condition=Mint'), 400, 'condition', 'condition');
  });

  it('a tampered cursor, or one from another sort order, never reaches the database', async () => {
    const u = crypto.randomUUID();
    const bad = [
      'not-base64-json',
      encodeCursor({ k: 'yesterday', id: u }),
      encodeCursor({ k: '2026-02-30T10:00:00.000000Z', id: u }),
      encodeCursor({ k: '2026-01-01T10:00:00Z', id: '------------------------------------' }),
      encodeCursor({ k: 1.5, id: u }),
      Buffer.from(JSON.stringify([{}, u])).toString('base64url'),
    ];
    for (const c of bad) expectError(await anon.get(`/api/allproducts?cursor=${c}`), 400, `cursor ${c}`, 'cursor');
    expectError(
      await anon.get(`/api/allproducts?sort=price_asc&cursor=${encodeCursor({ k: '2026-01-01T10:00:00Z', id: u })}`),
      400,
      'newest cursor on price sort',
      'cursor',
    );
    expectError(
      await anon.get(`/api/allproducts?cursor=${encodeCursor({ k: 50000, id: u })}`),
      400,
      'price cursor on newest',
      'cursor',
    );
    expectError(
      await anon.get(`/api/products/watch?q=x&cursor=${encodeCursor({ k: 50000, id: u })}`),
      400,
      'filtered, price cursor on newest',
      'cursor',
    );
  });
});
