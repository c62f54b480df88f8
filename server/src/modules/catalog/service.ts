import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  ratingAverage,
  type Advertisement,
  type CategoryName,
  type ConditionReport,
  type DeviceVariant,
  type Product,
  type ProductDetail,
} from '@shop/contract';
import type { Database } from '../../db/client';
import { singleRow } from '../../db/rows';
import type { DevicesService } from '../devices/service';
import { advertisement, category, product } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { decodeCursor, keysetPage, money, type Page } from '../../lib/paging';
import { ttlCache } from '../../lib/ttl-cache';
import { gazetteer } from '../places/gazetteer';
import { toProductPhoto, type StoredPhoto } from '../uploads/process';
import { nearProducts } from './near';
import {
  BY_IDS,
  deviceSearchQuery,
  PRODUCT_BY_ID,
  productListQuery,
  searchWindowQuery,
  sellerListedQuery,
  sellerProductsQuery,
  type OwnProductRow,
  type ProductFilters,
  type ProductRow,
} from './sql';

/** A category's canonical name for any spelling of it ('ipad' -> 'iPad'), or undefined for none. */
export function findCategory(raw: string): CategoryName | undefined {
  return CATEGORIES.find((c) => c.toLowerCase() === raw.toLowerCase());
}

/** Maps a category route parameter to its canonical name ('ipad' -> 'iPad'); unknown is a 404. */
export function canonicalCategory(raw: string): CategoryName {
  const found = findCategory(raw);
  if (!found) throw notFound(`The category '${raw}'`);
  return found;
}

/**
 * A product row as the API shows it: exactly productSchema's fields. `email` and `number` keep their
 * place in the shape (the original client reads them) but are empty unless the row is the caller's own.
 */
function toProduct(r: ProductRow | OwnProductRow): Product {
  return {
    _id: r.id,
    name: r.name,
    category: r.category,
    img: r.img,
    photos: r.photos ? r.photos.map(toProductPhoto) : r.cover ? [toProductPhoto(r.cover)] : [],
    location: r.location,
    place: r.place_id === null ? null : (gazetteer.byId(r.place_id) ?? null),
    ...('distance_km' in r ? { distanceKm: r.distance_km as number } : {}),
    seller: r.seller_name,
    sellerId: r.seller_id,
    sellerRating: ratingAverage(r.rating_sum, r.rating_count),
    sellerReviews: r.rating_count,
    email: 'seller_email' in r ? r.seller_email : '',
    number: 'phone' in r ? r.phone : '',
    condition: r.condition,
    price: money.toDollars(r.price_cents),
    original_price: money.toDollars(r.original_price_cents),
    used_year: r.used_years,
    date: `${Number(r.ts.slice(8, 10))}/${Number(r.ts.slice(5, 7))}/${r.ts.slice(0, 4)}`,
    sellerStatus: r.seller_verified ? 'verified' : '',
    description: r.description,
    status: r.status,
    advertised: r.advertised,
    goodPrice: r.good_price,
    priceBeforeDrop: r.price_before_drop_cents === null ? null : money.toDollars(r.price_before_drop_cents),
    priceDroppedAt: r.price_dropped_at,
    createdAt: `${r.ts.slice(0, 23)}Z`,
  };
}

/** X-Total-Count: exact, or the planner's estimate (rounded) when counting would cost more than the page. */
type Total = { n: number; exact: boolean };

const ESTIMATE_TTL_MS = 5 * 60_000;
const ESTIMATE_CACHE_SIZE = 2000;

/** Rounds an estimate to two significant digits (12,345 -> 12,000): it is not exact, so it should not look it. */
function roundEstimate(n: number) {
  if (n < 100) return Math.round(n);
  const p = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / p) * p;
}

/** The cursor of a product list: the sort key and id of a row. */
const productKey = (sort: ProductFilters['sort']) => (r: ProductRow) => ({
  k: sort === 'newest' ? r.ts : r.price_cents,
  id: r.id,
});

/** Reading the catalog: products, categories and ads (writing listings is modules/listing's). */
/** What the catalog reads of modules/devices: the forgiving reading of typed queries, and counting popular searches. */
type SearchReading = Pick<DevicesService, 'reader' | 'noteSearch' | 'recordView' | 'modelsOf'>;

/** A product page's row: the list columns, its report and photos, and its catalogue model. */
type DetailRow = ProductRow & {
  condition_report: ConditionReport | null;
  device_id: string | null;
  variant: string | null;
  storage: string | null;
  ram: string | null;
  colour: string | null;
  serial_checked: boolean;
  device_brand: string | null;
  device_model: string | null;
  device_year: number | null;
  device_variants: DeviceVariant[] | null;
};

export function catalogService(database: Database, devices?: SearchReading) {
  const { db, query } = database;

  /**
   * The planner's row estimate for a filtered list, kept a few minutes per distinct filter: it is
   * an estimate anyway, and popular searches repeat.
   */
  const estimates = ttlCache<number>({ ttlMs: ESTIMATE_TTL_MS, size: ESTIMATE_CACHE_SIZE });
  const estimateRows = async (text: string, values: unknown[]): Promise<number> => {
    const key = `${text}\u0000${JSON.stringify(values)}`;
    const hit = estimates.get(key);
    if (hit !== undefined) return hit;
    const r = singleRow(await query(undefined, `explain (format json) ${text}`, values));
    const plan = r['QUERY PLAN'] as [{ Plan: { 'Plan Rows': number } }] | string;
    const n = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'];
    estimates.set(key, n);
    return n;
  };
  /** Searches whose window of newest listings held no full page lately (searchWindowQuery): they go to the planner. */
  const windowMisses = ttlCache<true>({ ttlMs: ESTIMATE_TTL_MS, size: ESTIMATE_CACHE_SIZE });

  return {
    async categories() {
      const rows = await db.select().from(category).orderBy(asc(category.position), asc(category.name));
      return rows.map((c) => ({ _id: c.id, category: c.name, img: c.img }));
    },

    /**
     * One page of listed products and, where cheap, the total: exact from catalog_count for the
     * unfiltered and per-category lists (every page); for filtered lists on their first page, exact
     * when it is the only page, else the planner's estimate (counting a million matches would cost
     * more than the page).
     */
    async listProducts(f: ProductFilters): Promise<Page<Product> & { total?: Total }> {
      if (!f.near && f.sort === 'distance') throw badRequest('near', 'is required to sort by distance');
      if (!f.near && f.radiusKm !== undefined) throw badRequest('near', 'is required with radiusKm');
      if (f.near) {
        const r = await nearProducts(query, f);
        return {
          items: r.rows.map(toProduct),
          nextCursor: r.nextCursor,
          total: r.total === undefined ? undefined : { n: r.total, exact: true },
        };
      }
      // Typos, spacing and shorthand read against the catalogue's words (modules/devices).
      const read = devices && f.q ? await devices.reader.read(f.q) : undefined;
      const qy = productListQuery(f, read?.matchTsquery);
      // A search that names catalogue models: each model's newest listings and the free-text rest (deviceSearchQuery).
      const models = read?.tsquery && devices ? await devices.modelsOf(read, f.category) : [];
      const byModel = read?.matchTsquery && models.length ? deviceSearchQuery(f, models, read.matchTsquery) : null;
      const toPage = (rows: ProductRow[]) => {
        const page = keysetPage(rows, f.limit, productKey(f.sort));
        return { items: page.items.map(toProduct), nextCursor: page.nextCursor };
      };
      if (qy.plain) {
        const rows = await query<ProductRow & { total: number }>(qy.name, qy.text, qy.values);
        const [first] = rows;
        let total: Total | undefined;
        if (first) total = { n: first.total, exact: true };
        else if (!qy.hasCursor) total = { n: 0, exact: true };
        return { ...toPage(rows), total };
      }
      const pageRows = async (): Promise<ProductRow[]> => {
        // Words alone, newest first: the newest listings' window first, the planned query when it holds no full page.
        // Per search (its words, page size and whether models came in), whatever the page: a first page's miss spares the deep ones.
        const missKey = `${f.limit}\u0000${!!byModel}\u0000${qy.tsq}`;
        const windowed = qy.tsq && !windowMisses.get(missKey) ? searchWindowQuery(f, byModel ? models : [], qy.tsq) : null;
        if (windowed) {
          const rows = await query<ProductRow & { complete: boolean }>(windowed.name, windowed.text, windowed.values);
          if (rows[0]?.complete) return rows;
          // Only a first page says the words are rare: a deep page misses at the search's end, always short.
          if (!qy.hasCursor) windowMisses.set(missKey, true);
        }
        const idsQuery = byModel ?? qy;
        const ids = (await query<{ id: string }>(undefined, idsQuery.text, idsQuery.values)).map((r) => r.id);
        return ids.length ? query<ProductRow>(BY_IDS.name, BY_IDS.text, [ids]) : [];
      };
      const [rows, est] = await Promise.all([pageRows(), qy.hasCursor ? undefined : estimateRows(qy.countText, qy.countValues)]);
      if (read && !qy.hasCursor) devices?.noteSearch(read, rows.length > 0);
      let total: Total | undefined;
      if (!qy.hasCursor)
        total =
          rows.length <= f.limit
            ? { n: rows.length, exact: true }
            : { n: roundEstimate(Math.max(est ?? 0, rows.length)), exact: false };
      return { ...toPage(rows), total };
    },

    async productById(id: string): Promise<ProductDetail | undefined> {
      const [row] = await query<DetailRow>(PRODUCT_BY_ID.name, PRODUCT_BY_ID.text, [id]);
      if (!row) return undefined;
      const device =
        row.device_id && row.device_brand && row.device_model
          ? {
              id: row.device_id,
              brand: row.device_brand,
              model: row.device_model,
              releaseYear: row.device_year ?? 0,
              variant: row.variant,
              variantLabel: row.device_variants?.find((v) => v.key === row.variant)?.label ?? null,
              storage: row.storage,
              ram: row.ram,
              colour: row.colour,
            }
          : null;
      return { ...toProduct(row), conditionReport: row.condition_report, device, serialChecked: row.serial_checked };
    },

    /**
     * Counts a view of a product for its seller's insights (modules/devices), unless the seller is
     * looking at their own item: the API's GET /product/{id} and the server's product page both.
     */
    async noteView(product: { _id: string; sellerId: string }, viewerId: string | undefined) {
      if (viewerId !== product.sellerId) await devices?.recordView(product._id);
    },

    /** A seller's own products, sold ones included (not those hidden with a deleted seller), with the contact details they gave. */
    async sellerProducts(sellerEmail: string, limit: number, rawCursor?: string): Promise<Page<Product>> {
      const cursor = decodeCursor(rawCursor, 'time');
      const rows = await query<OwnProductRow>(
        undefined,
        sellerProductsQuery(limit, !!cursor),
        cursor ? [sellerEmail, cursor.k, cursor.id] : [sellerEmail],
      );
      const page = keysetPage(rows, limit, productKey('newest'));
      return { items: page.items.map(toProduct), nextCursor: page.nextCursor };
    },

    /** What a seller has on sale now, for their public page. */
    async listedBySeller(sellerId: string, limit: number, rawCursor?: string): Promise<Page<Product>> {
      const cursor = decodeCursor(rawCursor, 'time');
      const rows = await query<ProductRow>(
        undefined,
        sellerListedQuery(limit, !!cursor),
        cursor ? [sellerId, cursor.k, cursor.id] : [sellerId],
      );
      const page = keysetPage(rows, limit, productKey('newest'));
      return { items: page.items.map(toProduct), nextCursor: page.nextCursor };
    },

    async listAds(limit: number, rawCursor?: string): Promise<Page<Advertisement>> {
      const cursor = decodeCursor(rawCursor, 'time');
      const conds: SQL[] = [sql`${product.listed}`];
      if (cursor)
        conds.push(
          sql`(${advertisement.createdAt}, ${advertisement.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`,
        );
      const rows = await db
        .select({
          id: advertisement.id,
          tsText: sql<string>`${advertisement.createdAt}::text`,
          productId: product.id,
          name: product.name,
          img: product.img,
          category: product.category,
          priceCents: product.priceCents,
          cover: product.cover,
        })
        .from(advertisement)
        .innerJoin(product, eq(product.id, advertisement.productId))
        .where(and(...conds))
        .orderBy(desc(advertisement.createdAt), desc(advertisement.id))
        .limit(limit + 1);
      const page = keysetPage(rows, limit, (r) => ({ k: r.tsText, id: r.id }));
      return {
        items: page.items.map((r) => ({
          _id: r.id,
          name: r.name,
          img: r.img,
          category: r.category,
          productId: r.productId,
          price: money.toDollars(r.priceCents),
          photo: r.cover ? toProductPhoto(r.cover as StoredPhoto) : null,
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
