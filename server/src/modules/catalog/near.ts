import crypto from 'node:crypto';
import { DEFAULT_RADIUS_KM } from '@shop/contract';
import type { Query } from '../../db/query';
import { badRequest } from '../../lib/errors';
import { decodeCursor, encodeCursor, money } from '../../lib/paging';
import { gazetteer } from '../places/gazetteer';
import { BY_IDS, toPrefixQuery, type ProductFilters, type ProductRow } from './sql';

/**
 * "Within N km of" a point, and sorting by distance. A listing's coordinates are its place's (a town
 * of the gazetteer), so the places within the radius come first, from the gazetteer in memory with
 * the exact great-circle distance; then the listings of those places from
 * product_listed_place_newest_idx (place_id, created_at desc, id desc) WHERE listed. The same btree
 * on PGlite and PostgreSQL: no earthdistance/cube or PostGIS needed.
 *
 * Sorted by distance, the places are read nearest first in growing batches, each place's newest
 * listings through the index (a LATERAL join, `limit` rows per place at most), until a page is full:
 * the cost follows the page and the number of places in reach, not the number of listings.
 * The cursor is the position of the last row's place in that list and the row's id.
 */
export type NearResult = { rows: (ProductRow & { distance_km: number })[]; nextCursor?: string; total?: number };

export async function nearProducts(query: Query, f: ProductFilters): Promise<NearResult> {
  const center = f.near!;
  const radiusKm = f.radiusKm ?? DEFAULT_RADIUS_KM;
  const places = gazetteer.within(center, radiusKm);
  const kmOf = new Map(places.map((p) => [p.id, p.km]));
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  // The catalogue's other filters, as in productListQuery (sql.ts).
  const where = ['p.listed'];
  if (f.category) where.push(`p.category = ${param(f.category)}`);
  if (f.condition) where.push(`p.condition = ${param(f.condition)}`);
  if (f.minPrice !== undefined) where.push(`p.price_cents >= ${param(money.toCents(f.minPrice))}`);
  if (f.maxPrice !== undefined) where.push(`p.price_cents <= ${param(money.toCents(f.maxPrice))}`);
  if (f.location) where.push(`p.location ilike ${param(`%${f.location.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)}`);
  if (f.verified) where.push('p.seller_verified');
  const tsq = toPrefixQuery(f.q);
  if (tsq) where.push(`p.search @@ to_tsquery('simple', ${param(tsq)})`);
  const limit = Math.floor(f.limit) + 1;
  const withRows = async (ids: string[], placeIndex: Map<string, number>): Promise<NearResult> => {
    const rows = ids.length ? await query<ProductRow & { place_id: number }>(BY_IDS.name, BY_IDS.text, [ids]) : [];
    const out = rows.map((r) => ({ ...r, distance_km: Math.round((kmOf.get(r.place_id) ?? 0) * 10) / 10 }));
    const page = out.slice(0, f.limit);
    const last = page[page.length - 1];
    if (out.length > f.limit && last) {
      const k = f.sort === 'distance' ? placeIndex.get(last.id)! : f.sort === 'newest' ? last.ts : last.price_cents;
      return { rows: page, nextCursor: encodeCursor({ k, id: last.id }) };
    }
    return { rows: page, total: f.cursor ? undefined : page.length };
  };
  if (!places.length) return { rows: [], total: f.cursor ? undefined : 0 };

  if (f.sort !== 'distance') {
    const order = {
      newest: { by: 'p.created_at desc, p.id desc', key: 'p.created_at', cmp: '<', cast: 'timestamptz' },
      price_asc: { by: 'p.price_cents asc, p.id asc', key: 'p.price_cents', cmp: '>', cast: 'int' },
      price_desc: { by: 'p.price_cents desc, p.id desc', key: 'p.price_cents', cmp: '<', cast: 'int' },
    }[f.sort];
    const cursor = decodeCursor(f.cursor, f.sort === 'newest' ? 'time' : 'int');
    where.push(`p.place_id = any(${param(places.map((p) => p.id))}::int[])`);
    if (cursor) where.push(`(${order.key}, p.id) ${order.cmp} (${param(cursor.k)}::${order.cast}, ${param(cursor.id)}::uuid)`);
    const ids = await query<{ id: string }>(
      undefined,
      `select p.id from product p where ${where.join(' and ')} order by ${order.by} limit ${limit}`,
      values,
    );
    return withRows(
      ids.map((r) => r.id),
      new Map(),
    );
  }

  // Nearest first: batches of places, each place's listings newest first from the place index.
  const cursor = decodeCursor(f.cursor, 'int');
  let at = 0;
  let after: { ts: string; id: string } | undefined;
  if (cursor) {
    if (typeof cursor.k !== 'number' || cursor.k < 0 || cursor.k >= places.length)
      throw badRequest('cursor', 'is not a valid page cursor');
    at = cursor.k;
    const [row] = await query<{ ts: string }>(undefined, 'select created_at::text as ts from product where id = $1', [cursor.id]);
    if (!row) throw badRequest('cursor', 'is not a valid page cursor');
    after = { ts: row.ts, id: cursor.id };
  }
  const found: { id: string; n: number }[] = [];
  const placeIndex = new Map<string, number>();
  for (let batch = 16; at < places.length && found.length < limit; batch *= 4) {
    const chunk = places.slice(at, at + batch);
    const v = values.slice();
    const p = (x: unknown) => {
      v.push(x);
      return `$${v.length}`;
    };
    const idsParam = p(chunk.map((c) => c.id));
    const afterSql = after ? ` and (pl.n > 1 or (p.created_at, p.id) < (${p(after.ts)}::timestamptz, ${p(after.id)}::uuid))` : '';
    const text = `select x.id, pl.n from unnest(${idsParam}::int[]) with ordinality as pl(place_id, n)
cross join lateral (select p.id, p.created_at from product p
  where p.place_id = pl.place_id and ${where.join(' and ')}${afterSql}
  order by p.created_at desc, p.id desc limit ${limit}) x
order by pl.n, x.created_at desc, x.id desc limit ${limit - found.length}`;
    // Prepared once per connection and SQL text (the filters' shape): planning costs more than running it.
    const rows = await query<{ id: string; n: string | number }>(statementName(text), text, v);
    for (const r of rows) {
      found.push({ id: r.id, n: at + Number(r.n) - 1 });
      placeIndex.set(r.id, at + Number(r.n) - 1);
    }
    at += chunk.length;
    after = undefined;
  }
  return withRows(
    found.map((r) => r.id),
    placeIndex,
  );
}

const names = new Map<string, string>();
/** A prepared statement's name, stable for its SQL text (a few shapes: the filters used and the page size). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `near_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < 2000) names.set(text, name);
  }
  return name;
}
