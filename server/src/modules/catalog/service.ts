import { and, asc, desc, eq, gte, ilike, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type CategoryName, type Product, type productInputSchema, type productQuerySchema } from '@shop/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { advertisement, category, product, user } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { type Cursor, decodeCursor, dmy, money } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';

export type ProductFilters = z.output<typeof productQuerySchema>;
export type ProductInput = z.output<typeof productInputSchema>;

/** Maps a category route parameter to its canonical name ('ipad' -> 'iPad'); unknown is a 404. */
export function canonicalCategory(raw: string): CategoryName {
  const found = CATEGORIES.find((c) => c.toLowerCase() === raw.toLowerCase());
  if (!found) throw notFound(`The category '${raw}'`);
  return found;
}

const productColumns = {
  p: product,
  tsText: sql<string>`${product.createdAt}::text`.as('ts_text'),
  sellerName: user.name,
  sellerEmail: user.email,
  sellerVerified: user.verified,
  adId: advertisement.id,
};
type ProductRow = {
  p: typeof product.$inferSelect;
  tsText: string;
  sellerName: string;
  sellerEmail: string;
  sellerVerified: boolean;
  adId: string | null;
};

export function toProduct(r: ProductRow): Product {
  const p = r.p;
  return {
    _id: p.id,
    name: p.name,
    category: p.category,
    img: p.img,
    location: p.location,
    seller: r.sellerName,
    email: r.sellerEmail,
    number: p.phone,
    condition: p.condition,
    price: money.toDollars(p.priceCents),
    original_price: money.toDollars(p.originalPriceCents),
    used_year: p.usedYears,
    date: dmy(p.createdAt),
    sellerStatus: r.sellerVerified ? 'verified' : '',
    description: p.description,
    status: p.status,
    advertised: r.adId !== null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Turns free text into a prefix tsquery ('mac book' -> 'mac:* & book:*'), or null when nothing is left. */
export function toPrefixQuery(q: string | undefined): string | null {
  if (!q) return null;
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function filterConditions(f: ProductFilters): SQL[] {
  const where: SQL[] = [sql`${product.listed}`];
  if (f.category) where.push(eq(product.category, f.category));
  if (f.condition) where.push(eq(product.condition, f.condition));
  if (f.minPrice !== undefined) where.push(gte(product.priceCents, money.toCents(f.minPrice)));
  if (f.maxPrice !== undefined) where.push(lte(product.priceCents, money.toCents(f.maxPrice)));
  if (f.location) where.push(ilike(product.location, `%${f.location.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (f.verified) where.push(eq(user.verified, true));
  const tsq = toPrefixQuery(f.q);
  if (tsq) where.push(sql`${product.search} @@ to_tsquery('simple', ${tsq})`);
  return where;
}

function keyset(f: ProductFilters, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  if (f.sort === 'newest') {
    if (typeof cursor.k !== 'string') return sql`false`;
    return sql`(${product.createdAt}, ${product.id}) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`;
  }
  const k = Number(cursor.k);
  if (!Number.isInteger(k)) return sql`false`;
  return f.sort === 'price_asc'
    ? sql`(${product.priceCents}, ${product.id}) > (${k}, ${cursor.id}::uuid)`
    : sql`(${product.priceCents}, ${product.id}) < (${k}, ${cursor.id}::uuid)`;
}

function orderBy(f: ProductFilters) {
  if (f.sort === 'price_asc') return [asc(product.priceCents), asc(product.id)];
  if (f.sort === 'price_desc') return [desc(product.priceCents), desc(product.id)];
  return [desc(product.createdAt), desc(product.id)];
}

export function productCursor(f: ProductFilters) {
  return (p: Product & { _ts?: string }): Cursor =>
    f.sort === 'newest' ? { k: p._ts ?? p.createdAt, id: p._id } : { k: Math.round(p.price * 100), id: p._id };
}

/** Above this many matches the total is not counted (the count would cost more than the page). */
export const COUNT_CAP = 10_000;

export function catalogService(db: Db) {
  const baseSelect = () =>
    db
      .select(productColumns)
      .from(product)
      .innerJoin(user, eq(user.id, product.sellerId))
      .leftJoin(advertisement, eq(advertisement.productId, product.id));

  return {
    async categories() {
      const rows = await db.select().from(category).orderBy(asc(category.position), asc(category.name));
      return rows.map((c) => ({ _id: c.id, category: c.name, img: c.img }));
    },

    /** One page of listed products, newest first unless sorted otherwise; limit+1 rows (see sendPage). */
    async listProducts(f: ProductFilters) {
      const cursor = decodeCursor(f.cursor);
      const conds = filterConditions(f);
      const ks = keyset(f, cursor);
      if (ks) conds.push(ks);
      const rows = await baseSelect()
        .where(and(...conds))
        .orderBy(...orderBy(f))
        .limit(f.limit + 1);
      return rows.map((r) => ({ ...toProduct(r), _ts: r.tsText }));
    },

    /** Matching listed products, counted up to COUNT_CAP; undefined when there are more. */
    async countProducts(f: ProductFilters): Promise<number | undefined> {
      const inner = db
        .select({ one: sql`1` })
        .from(product)
        .innerJoin(user, eq(user.id, product.sellerId))
        .where(and(...filterConditions(f)))
        .limit(COUNT_CAP + 1)
        .as('m');
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
      return n > COUNT_CAP ? undefined : n;
    },

    /** Sold products too (links keep working); not those hidden with a deleted seller. */
    async productById(id: string) {
      const [row] = await baseSelect().where(and(eq(product.id, id), isNull(product.hiddenAt)));
      return row ? toProduct(row) : undefined;
    },

    /** A seller's own products, sold ones included (not those hidden with a deleted seller). */
    async sellerProducts(sellerEmail: string, limit: number, rawCursor?: string) {
      const cursor = decodeCursor(rawCursor);
      const conds: SQL[] = [eq(user.email, sellerEmail), sql`${product.hiddenAt} is null`];
      if (cursor) conds.push(sql`(${product.createdAt}, ${product.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const rows = await baseSelect()
        .where(and(...conds))
        .orderBy(desc(product.createdAt), desc(product.id))
        .limit(limit + 1);
      return rows.map((r) => ({ ...toProduct(r), _ts: r.tsText }));
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
