import crypto from 'node:crypto';
import pg from 'pg';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type CategoryName, type Product, type productInputSchema, type productQuerySchema } from '@shop/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { advertisement, category, product, user } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { type Cursor, decodeCursor, money } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
export type ProductFilters = z.output<typeof productQuerySchema>;
export type ProductInput = z.output<typeof productInputSchema>;

/** Maps a category route parameter to its canonical name ('ipad' -> 'iPad'); unknown is a 404. */
export function canonicalCategory(raw: string): CategoryName {
  const found = CATEGORIES.find((c) => c.toLowerCase() === raw.toLowerCase());
  if (!found) throw notFound(`The category '${raw}'`);
  return found;
}

/** Posting time as an exact, timezone-free cursor key (microseconds, UTC). */
const TS_SQL = `to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One product row as every product query returns it (snake_case, straight from SQL). */
export type ProductRow = {
  id: string;
  name: string;
  category: string;
  img: string;
  location: string;
  phone: string;
  condition: string;
  price_cents: number;
  original_price_cents: number;
  used_years: number;
  description: string;
  status: 'available' | 'sold';
  /** created_at as 'YYYY-MM-DDTHH:MM:SS.uuuuuuZ' (UTC): the cursor key, and the dates below without a Date per row. */
  ts: string;
  seller_name: string;
  seller_email: string;
  seller_verified: boolean;
  advertised: boolean;
};

/** The columns of ProductRow for a query over `product p join "user" u`. product.advertised is kept by triggers (migration 0007). */
const PRODUCT_ROW_SQL = `p.id, p.name, p.category, p.img, p.location, p.phone, p.condition, p.price_cents,
  p.original_price_cents, p.used_years, p.description, p.status, ${TS_SQL} as ts,
  u.name as seller_name, u.email as seller_email, u.verified as seller_verified,
  p.advertised`;

/**
 * The embedded database's list rows: the product's JSON text made by the database (all but the
 * two dates, which productJson appends from ts), beside its sort keys. On PGlite a list request
 * otherwise spends most of its time decoding ~450 fields in JavaScript; this halves it. (On
 * PostgreSQL the same move would shift CPU from the app, which scales out, to the database, which
 * does not, for no saving in total: there the rows stay plain.) Must read exactly as toProduct;
 * catalog-filters.test.ts compares the two on PGlite.
 */
type JsonRow = { id: string; ts: string; price_cents: number; j: string };
const JSON_ROW_SQL = `p.id, ${TS_SQL} as ts, p.price_cents, '{"_id":"' || p.id || '","name":' || to_json(p.name)
  || ',"category":' || to_json(p.category) || ',"img":' || to_json(p.img) || ',"location":' || to_json(p.location)
  || ',"seller":' || to_json(u.name) || ',"email":' || to_json(u.email) || ',"number":' || to_json(p.phone)
  || ',"condition":' || to_json(p.condition) || ',"price":' || (p.price_cents::float8 / 100)
  || ',"original_price":' || (p.original_price_cents::float8 / 100) || ',"used_year":' || p.used_years
  || ',"sellerStatus":"' || case when u.verified then 'verified' else '' end || '","description":' || to_json(p.description)
  || ',"status":' || to_json(p.status) || ',"advertised":' || p.advertised as j`;
const productJson = (r: JsonRow) =>
  `${r.j},"date":"${Number(r.ts.slice(8, 10))}/${Number(r.ts.slice(5, 7))}/${r.ts.slice(0, 4)}","createdAt":"${r.ts.slice(0, 23)}Z"}`;

/** A page entry: its cursor keys, and the product as an object (PostgreSQL) or as JSON text (PGlite). */
export type ListItem = { _id: string; _ts: string; priceCents: number; product?: Product; json?: string };
const fromRow = (r: ProductRow): ListItem => ({ _id: r.id, _ts: r.ts, priceCents: r.price_cents, product: toProduct(r) });
const fromJsonRow = (r: JsonRow): ListItem => ({ _id: r.id, _ts: r.ts, priceCents: r.price_cents, json: productJson(r) });

/** A product row as the API shows it: exactly productSchema's fields (list pages send it without re-validating). */
export function toProduct(r: ProductRow): Product {
  return {
    _id: r.id,
    name: r.name,
    category: r.category,
    img: r.img,
    location: r.location,
    seller: r.seller_name,
    email: r.seller_email,
    number: r.phone,
    condition: r.condition,
    price: money.toDollars(r.price_cents),
    original_price: money.toDollars(r.original_price_cents),
    used_year: r.used_years,
    date: `${Number(r.ts.slice(8, 10))}/${Number(r.ts.slice(5, 7))}/${r.ts.slice(0, 4)}`,
    sellerStatus: r.seller_verified ? 'verified' : '',
    description: r.description,
    status: r.status,
    advertised: r.advertised,
    createdAt: `${r.ts.slice(0, 23)}Z`,
  };
}

/** Turns free text into a prefix tsquery ('mac book' -> 'mac:* & book:*'), or null when nothing is left. */
export function toPrefixQuery(q: string | undefined): string | null {
  if (!q) return null;
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

export function productCursor(f: ProductFilters) {
  return (p: ListItem): Cursor => (f.sort === 'newest' ? { k: p._ts, id: p._id } : { k: p.priceCents, id: p._id });
}

/** X-Total-Count: exact, or the planner's estimate (rounded) when counting would cost more than the page. */
export type Total = { n: number; exact: boolean };

type Raw = (text: string, values: unknown[], name?: string) => Promise<Record<string, unknown>[]>;

/**
 * Plain SQL on either driver. On PostgreSQL a `name` makes it a prepared statement, planned once
 * per connection: the unfiltered and per-category lists are the hottest queries of the shop and
 * planning their join costs more than running it.
 */
function rawQuery(db: Db): Raw {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (text, values, name) => (await client.query(name ? { name, text, values } : { text, values })).rows;
  }
  // PGlite has no named statements in its query API; SQL PREPARE/EXECUTE gives the same saving
  // (about a third of an embedded list query's CPU). EXECUTE takes SQL literals, so only plain
  // numbers and strings are passed that way (quotes doubled; standard_conforming_strings is on in
  // every supported PostgreSQL), anything else goes the ordinary way.
  const lite = client as {
    query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    exec(text: string): Promise<unknown>;
  };
  const prepared = new Map<string, Promise<unknown>>();
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const literalOk = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && !v.includes('\0'));
  return async (text, values, name) => {
    if (!name || !values.every(literalOk)) return (await lite.query(text, values)).rows;
    let ready = prepared.get(name);
    if (!ready) {
      ready = lite.exec(`prepare ${name} as ${text}`);
      prepared.set(name, ready);
      ready.catch(() => prepared.delete(name));
    }
    await ready;
    return (await lite.query(values.length ? `execute ${name}(${values.map(literal).join(', ')})` : `execute ${name}`)).rows;
  };
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`);
const ORDER = {
  newest: { inner: 'p.created_at desc, p.id desc', key: 'p.created_at', cmp: '<', cast: 'timestamptz' },
  price_asc: { inner: 'p.price_cents asc, p.id asc', key: 'p.price_cents', cmp: '>', cast: 'int' },
  price_desc: { inner: 'p.price_cents desc, p.id desc', key: 'p.price_cents', cmp: '<', cast: 'int' },
} as const;

/**
 * The SQL of one page of a product list (limit+1 rows), each shape served by an index: newest
 * first walks product_listed_newest_cover_idx (or the category one), price sorts the price
 * indexes, keyset cursors continue where the last page ended. Filtered shapes find the page's ids
 * first (an index-only scan when the cover index holds the filtered columns), then join only those.
 */
export function productListQuery(f: ProductFilters, opts: { json?: boolean } = {}) {
  const columns = opts.json ? JSON_ROW_SQL : PRODUCT_ROW_SQL;
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ['p.listed'];
  let categoryParam: string | undefined;
  if (f.category) where.push(`p.category = ${(categoryParam = param(f.category))}`);
  if (f.condition) where.push(`p.condition = ${param(f.condition)}`);
  if (f.minPrice !== undefined) where.push(`p.price_cents >= ${param(money.toCents(f.minPrice))}`);
  if (f.maxPrice !== undefined) where.push(`p.price_cents <= ${param(money.toCents(f.maxPrice))}`);
  if (f.location) where.push(`p.location ilike ${param(`%${escapeLike(f.location)}%`)}`);
  // The seller's verification as mirrored on the product (kept by triggers): no join with user.
  if (f.verified) where.push('p.seller_verified');
  const tsq = toPrefixQuery(f.q);
  if (tsq) where.push(`p.search @@ to_tsquery('simple', ${param(tsq)})`);
  /** Only category (or nothing) narrows the list: its total is a counter read, and its plan never depends on the values. */
  const plain = !f.condition && f.minPrice === undefined && f.maxPrice === undefined && !f.location && !f.verified && !tsq;
  const filterWhere = where.join(' and ');
  const filterValues = values.slice();

  const o = ORDER[f.sort];
  const cursor = decodeCursor(f.cursor);
  if (cursor) {
    if (f.sort === 'newest' ? typeof cursor.k !== 'string' : typeof cursor.k !== 'number')
      throw badRequest('cursor', 'belongs to another sort order');
    where.push(`(${o.key}, p.id) ${o.cmp} (${param(cursor.k)}::${o.cast}, ${param(cursor.id)}::uuid)`);
  }
  const total = plain
    ? `, (select coalesce(sum(c.listed), 0)::int from catalog_count c${categoryParam ? ` where c.category = ${categoryParam}` : ''}) as total`
    : '';
  // The limit is a validated integer, written into the SQL so that a prepared statement's generic
  // plan knows it (with `limit $n` PostgreSQL assumes a large share of the table and re-plans).
  const limit = Math.floor(f.limit) + 1;
  if (plain) {
    // Nothing to filter beyond an indexed category: the index order is the page, join as we go.
    // A prepared statement (planned once per connection): planning this join costs more than running it.
    const text = `select ${columns}${total}
from product p join "user" u on u.id = p.seller_id
where ${where.join(' and ')} order by ${o.inner} limit ${limit}`;
    return { plain, text, values, name: statementName(text), hasCursor: !!cursor };
  }
  // Filters: the page's ids come first from a one-table query (index-only where an index holds
  // the filtered columns), planned for its values: how common the words of a search are, how wide a
  // price range is, how many sellers are verified all change the best plan, and a generic plan
  // once sorted 1,900 rows where walking the price index would stop after 75. Then the rows of
  // those ids come from one prepared statement (BY_IDS). Planning only the one-table query costs
  // about half as much as planning the join too.
  return {
    plain,
    text: `select p.id from product p where ${where.join(' and ')} order by ${o.inner} limit ${limit}`,
    values,
    hasCursor: !!cursor,
    // The estimate's query: the same filters without the cursor.
    countText: `select 1 from product p where ${filterWhere}`,
    countValues: filterValues,
  };
}

/** The rows of a page found by id, in the order of the ids (nested index lookups, planned once). */
const byIds = (columns: string) =>
  `select ${columns} from unnest($1::uuid[]) with ordinality as k(id, n)
join product p on p.id = k.id join "user" u on u.id = p.seller_id order by k.n`;
export const BY_IDS = { name: 'catalog_by_ids', text: byIds(PRODUCT_ROW_SQL) };
const BY_IDS_JSON = { name: 'catalog_by_ids_json', text: byIds(JSON_ROW_SQL) };

const statementNames = new Map<string, string>();
/** A prepared statement's name: stable for its SQL text (node-postgres prepares it once per connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `catalog_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 5000) statementNames.set(text, name);
  }
  return name;
}

const ESTIMATE_TTL_MS = 5 * 60_000;
const ESTIMATE_CACHE_SIZE = 2000;

/** Rounds an estimate to two significant digits (12,345 -> 12,000): it is not exact, so it should not look it. */
function roundEstimate(n: number) {
  if (n < 100) return Math.round(n);
  const p = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / p) * p;
}

export function catalogService(db: Db) {
  const raw = rawQuery(db);
  const jsonRows = !((db as unknown as { $client: unknown }).$client instanceof pg.Pool);
  const productRows = async (where: string, values: unknown[]) =>
    (await raw(`select ${PRODUCT_ROW_SQL} from product p join "user" u on u.id = p.seller_id where ${where}`, values)) as ProductRow[];

  /**
   * The planner's row estimate for a filtered list, kept a few minutes per distinct filter: it is
   * an estimate anyway, and popular searches repeat.
   */
  const estimates = new Map<string, { n: number; at: number }>();
  const estimateRows = async (text: string, values: unknown[]): Promise<number> => {
    const key = `${text}\u0000${JSON.stringify(values)}`;
    const hit = estimates.get(key);
    if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return hit.n;
    const r = await raw(`explain (format json) ${text}`, values);
    const plan = r[0]['QUERY PLAN'] as [{ Plan: { 'Plan Rows': number } }] | string;
    const n = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'];
    if (estimates.size >= ESTIMATE_CACHE_SIZE) estimates.delete(estimates.keys().next().value!);
    estimates.set(key, { n, at: Date.now() });
    return n;
  };

  return {
    async categories() {
      const rows = await db.select().from(category).orderBy(asc(category.position), asc(category.name));
      return rows.map((c) => ({ _id: c.id, category: c.name, img: c.img }));
    },

    /**
     * One page of listed products (limit+1 rows, see sendPage) and, where cheap, the total:
     * exact from catalog_count for the unfiltered and per-category lists (every page); for
     * filtered lists on their first page, exact when it is the only page, else the planner's
     * estimate (counting a million matches would cost more than the page).
     */
    async listProducts(f: ProductFilters): Promise<{ items: ListItem[]; total?: Total }> {
      const qy = productListQuery(f, { json: jsonRows });
      const toItem = (r: Record<string, unknown>) => (jsonRows ? fromJsonRow(r as JsonRow) : fromRow(r as ProductRow));
      if (qy.plain) {
        const rows = await raw(qy.text, qy.values, qy.name);
        let total: Total | undefined;
        if (rows.length) total = { n: rows[0].total as number, exact: true };
        else if (!qy.hasCursor) total = { n: 0, exact: true };
        return { items: rows.map(toItem), total };
      }
      const page = async (): Promise<Record<string, unknown>[]> => {
        const ids = (await raw(qy.text, qy.values)).map((r) => r.id as string);
        if (!ids.length) return [];
        const q = jsonRows ? BY_IDS_JSON : BY_IDS;
        return raw(q.text, [`{${ids.join(',')}}`], q.name);
      };
      const [rows, est] = await Promise.all([page(), qy.hasCursor ? undefined : estimateRows(qy.countText, qy.countValues)]);
      let total: Total | undefined;
      if (!qy.hasCursor)
        total = rows.length <= f.limit ? { n: rows.length, exact: true } : { n: roundEstimate(Math.max(est ?? 0, rows.length)), exact: false };
      return { items: rows.map(toItem), total };
    },

    async productById(id: string) {
      const rows = await productRows('p.id = $1 and p.hidden_at is null', [id]);
      return rows.length ? toProduct(rows[0]) : undefined;
    },

    /** A seller's own products, sold ones included (not those hidden with a deleted seller). */
    async sellerProducts(sellerEmail: string, limit: number, rawCursor?: string) {
      const cursor = decodeCursor(rawCursor);
      if (cursor && typeof cursor.k !== 'string') throw badRequest('cursor', 'is not a valid page cursor');
      const after = cursor ? 'and (p.created_at, p.id) < ($2::timestamptz, $3::uuid)' : '';
      const rows = await productRows(
        `u.email = $1 and p.hidden_at is null ${after} order by p.created_at desc, p.id desc limit ${Math.floor(limit) + 1}`,
        cursor ? [sellerEmail, cursor.k, cursor.id] : [sellerEmail],
      );
      return rows.map((r) => ({ ...toProduct(r), _ts: r.ts }));
    },

    async addProduct(seller: SessionUser, input: ProductInput) {
      const [row] = await db
        .insert(product)
        .values({
          sellerId: seller.id,
          name: input.name,
          category: input.category,
          description: input.description ?? '',
          img: input.img,
          location: input.location,
          phone: input.number,
          condition: input.condition,
          priceCents: money.toCents(input.price),
          originalPriceCents: money.toCents(input.original_price),
          usedYears: input.used_year,
        })
        .returning({ id: product.id });
      return row.id;
    },

    async listAds(limit: number, rawCursor?: string) {
      const cursor = decodeCursor(rawCursor);
      if (cursor && typeof cursor.k !== 'string') throw badRequest('cursor', 'is not a valid page cursor');
      const conds: SQL[] = [sql`${product.listed}`];
      if (cursor)
        conds.push(sql`(${advertisement.createdAt}, ${advertisement.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const rows = await db
        .select({
          id: advertisement.id,
          tsText: sql<string>`${advertisement.createdAt}::text`,
          productId: product.id,
          name: product.name,
          img: product.img,
          category: product.category,
          priceCents: product.priceCents,
        })
        .from(advertisement)
        .innerJoin(product, eq(product.id, advertisement.productId))
        .where(and(...conds))
        .orderBy(desc(advertisement.createdAt), desc(advertisement.id))
        .limit(limit + 1);
      return rows.map((r) => ({
        _id: r.id,
        name: r.name,
        img: r.img,
        category: r.category,
        productId: r.productId,
        price: money.toDollars(r.priceCents),
        _ts: r.tsText,
      }));
    },

    /** Advertise one's own unsold product; twice is a 409. */
    async advertise(seller: SessionUser, productId: string) {
      const [p] = await db
        .select({ sellerId: product.sellerId, listed: product.listed })
        .from(product)
        .where(eq(product.id, productId));
      if (!p) throw notFound('The product');
      if (p.sellerId !== seller.id) throw forbidden('You can only advertise your own products.');
      if (!p.listed) throw conflict('product_sold', 'This product is sold and can no longer be advertised.');
      const [ad] = await db
        .insert(advertisement)
        .values({ productId })
        .onConflictDoNothing({ target: advertisement.productId })
        .returning({ id: advertisement.id });
      if (!ad) throw conflict('already_advertised', 'This product is already advertised.');
      return ad.id;
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
