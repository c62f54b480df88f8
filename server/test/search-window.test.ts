/**
 * A search's window of the newest listings (modules/catalog searchWindowQuery) gives exactly the page
 * the planned queries give (deviceSearchQuery with catalogue models, productListQuery without),
 * whenever it says its page is complete; and says it is not when the window is too small for the
 * words. Every page of every search is walked with small windows, words common and rare, listings
 * linked to models and not, sold ones, and two listings posted in the same microsecond.
 */
import crypto from 'node:crypto';
import { productQuerySchema } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { device, product, user } from '../src/db/schema';
import { encodeCursor } from '../src/lib/paging';
import { catalogService } from '../src/modules/catalog/service';
import { BY_IDS, deviceSearchQuery, productListQuery, searchWindowQuery, type ProductRow } from '../src/modules/catalog/sql';
import { createTestDatabase } from './helpers/db';

let database: Database;
const models = [crypto.randomUUID(), crypto.randomUUID()];
/** A model the searches never name: its listings are neither a named model's nor free text. */
const unnamed = crypto.randomUUID();
const LISTINGS = 90;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const seller = crypto.randomUUID();
  await db.insert(user).values({ id: seller, email: `window-${seller}@example.com`, name: 'Window seller', role: 'seller' });
  await db.insert(device).values(
    [...models, unnamed].map((id, i) => ({
      id,
      category: 'Laptop',
      brand: 'Windowbrand',
      model: `Model ${i} ${id.slice(0, 8)}`,
      releaseYear: 2024,
      searchText: `windowbrand model ${i}`,
    })),
  );
  const now = Date.now();
  await db.insert(product).values(
    Array.from({ length: LISTINGS }, (_, i) => {
      const words = ['kit', i % 2 === 0 && 'common', i % 5 === 0 && 'middling', (i === 7 || i === 80) && 'scarce']
        .filter(Boolean)
        .join(' ');
      return {
        sellerId: seller,
        name: `Laptop ${words} ${i}`,
        category: 'Laptop',
        img: '/images/products/laptop-1.svg',
        location: 'Dhaka',
        phone: '+880 1700000000',
        condition: 'Good' as const,
        priceCents: 10_000 + i,
        originalPriceCents: 20_000,
        usedYears: 1,
        deviceId: i % 3 === 0 ? models[0]! : i % 7 === 0 ? models[1]! : i % 13 === 4 ? unnamed : null,
        status: i % 11 === 10 ? ('sold' as const) : ('available' as const),
        // Listings 40 and 41 share their time: the page order then falls to the id.
        createdAt: new Date(now - (i === 41 ? 40 : i) * 60_000),
      };
    }),
  );
}, 60_000);
afterAll(() => database?.close());

/** One page from the planned queries: the ids query, then the rows by id. */
async function plannedPage(q: string, tsq: string, deviceIds: string[], limit: number, cursor?: string) {
  const f = productQuerySchema.parse({ q, limit, ...(cursor ? { cursor } : {}) });
  const byModel = deviceIds.length ? deviceSearchQuery(f, deviceIds, tsq) : null;
  const idsQuery = byModel ?? productListQuery(f, tsq);
  const ids = (await database.query<{ id: string }>(undefined, idsQuery.text, idsQuery.values)).map((r) => r.id);
  return ids.length ? database.query<ProductRow>(BY_IDS.name, BY_IDS.text, [ids]) : [];
}

describe("a search's window of the newest listings", () => {
  it('gives the planned page whenever it says it is complete, every page, any window', async () => {
    let complete = 0;
    let incomplete = 0;
    let completeWithModels = 0;
    for (const word of ['common', 'middling', 'scarce', 'kit', 'nothingmatches'])
      for (const deviceIds of [[], models])
        for (const limit of [2, 5])
          for (const windowRows of [3, 12, 1000]) {
            let cursor: string | undefined;
            const tsq = `${word}:*`;
            for (let pageNo = 0; pageNo < 60; pageNo++) {
              const label = `${word}, ${deviceIds.length} models, limit ${limit}, window ${windowRows}, page ${pageNo}`;
              const planned = await plannedPage(word, tsq, deviceIds, limit, cursor);
              const f = productQuerySchema.parse({ q: word, limit, ...(cursor ? { cursor } : {}) });
              const w = searchWindowQuery(f, deviceIds, tsq, windowRows);
              if (!w) throw new Error(`${label}: no window query for words alone`);
              const rows = await database.query<ProductRow & { complete: boolean }>(w.name, w.text, w.values);
              if (rows[0]?.complete) {
                complete++;
                if (deviceIds.length) completeWithModels++;
                // The rows are the page's rows, in order, column for column.
                expect(
                  rows.map(({ complete: _, ...r }) => r),
                  label,
                ).toEqual(planned);
              } else incomplete++;
              if (planned.length <= limit) break;
              const last = planned[limit - 1]!;
              cursor = encodeCursor({ k: last.ts, id: last.id });
            }
          }
    // Each answer happened, with and without models: the comparison above was not vacuous.
    expect(complete).toBeGreaterThan(20);
    expect(completeWithModels).toBeGreaterThan(10);
    expect(incomplete).toBeGreaterThan(20);
  }, 120_000);

  it('says a page is incomplete when the window holds too few matches outside the models, however full the page', async () => {
    // 'scarce' names two listings, one linked to a model: the models' listings fill the page of 2,
    // but the walk finds at most one free-text match, and one just past the window could be newer
    // than the page's end: the planned query has to answer.
    const f = productQuerySchema.parse({ q: 'scarce', limit: 2 });
    const w = searchWindowQuery(f, models, 'scarce:*', 12);
    if (!w) throw new Error('words alone: a window query');
    const rows = await database.query<ProductRow & { complete: boolean }>(w.name, w.text, w.values);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => !r.complete)).toBe(true);
    // A word on every listing fills the same page from the window.
    const kit = searchWindowQuery(productQuerySchema.parse({ q: 'kit', limit: 2 }), [], 'kit:*', 12);
    if (!kit) throw new Error('words alone: a window query');
    const full = await database.query<ProductRow & { complete: boolean }>(kit.name, kit.text, kit.values);
    expect(full.map((r) => r.complete)).toEqual([true, true, true]);
    expect(full.map((r) => r.id)).toEqual((await plannedPage('kit', 'kit:*', [], 2)).map((r) => r.id));
  });

  it('the catalog answers from the window or the planned queries alike, and a search end does not turn the window off', async () => {
    const statements: string[] = [];
    const catalog = catalogService({
      ...database,
      query: (name, text, values) => {
        statements.push(text.includes(' as complete') ? 'window' : 'planned');
        return database.query(name, text, values);
      },
    } as Database);
    const cursors: (string | undefined)[] = [];
    const walk = async (q: string, limit: number) => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      cursors.length = 0;
      do {
        cursors.push(cursor);
        const page = await catalog.listProducts(productQuerySchema.parse({ q, limit, ...(cursor ? { cursor } : {}) }));
        pages.push(page.items.map((p) => p._id));
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    };
    const expected = async (q: string, limit: number) => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      for (;;) {
        const rows = await plannedPage(q, `${q}:*`, [], limit, cursor);
        pages.push(rows.slice(0, limit).map((r) => r.id));
        if (rows.length <= limit) return pages;
        cursor = encodeCursor({ k: rows[limit - 1]!.ts, id: rows[limit - 1]!.id });
      }
    };
    const pages = await walk('common', 5);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages).toEqual(await expected('common', 5));
    // The last page is short: the window said so and the planned queries (the ids, the rows) answered it.
    expect(statements.slice(-3)).toEqual(['window', 'planned', 'planned']);
    // The second page again: from the window, though the search's end just missed.
    statements.length = 0;
    const again = await catalog.listProducts(productQuerySchema.parse({ q: 'common', limit: 5, cursor: cursors[1] }));
    expect(again.items.map((p) => p._id)).toEqual(pages[1]);
    expect(statements).toEqual(['window']);
    // Words too rare for a page of the window: planned, and the window is not asked again for them.
    expect(await walk('scarce', 5)).toEqual(await expected('scarce', 5));
    statements.length = 0;
    await walk('scarce', 5);
    expect(statements.filter((s) => s === 'window')).toEqual([]);
  });

  it('is not used for anything but words alone, newest first, without a category', () => {
    const tsq = 'common:*';
    const none = [
      { q: 'common', category: 'Laptop' },
      { q: 'common', sort: 'price_asc' },
      { q: 'common', condition: 'Good' },
      { q: 'common', minPrice: 10 },
      { q: 'common', verified: 'true' },
      { q: 'common', location: 'dhaka' },
    ];
    for (const query of none)
      expect(searchWindowQuery(productQuerySchema.parse(query), [], tsq), JSON.stringify(query)).toBeNull();
    expect(searchWindowQuery(productQuerySchema.parse({ q: 'common' }), [], tsq)).not.toBeNull();
    // More models than the search by model takes: none.
    const many = Array.from({ length: 61 }, () => crypto.randomUUID());
    expect(searchWindowQuery(productQuerySchema.parse({ q: 'common' }), many, tsq)).toBeNull();
  });
});
