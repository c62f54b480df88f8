import crypto from 'node:crypto';
import { PRICE_DROP_SHOWN_DAYS, type productQuerySchema } from '@shop/contract';
import type { z } from 'zod';
import { isoText } from '../../db/sql';
import { badRequest } from '../../lib/errors';
import { decodeCursor, money } from '../../lib/paging';
import type { StoredPhoto } from '../uploads/process';

export type ProductFilters = z.output<typeof productQuerySchema>;

/** Posting time as an exact, timezone-free cursor key (microseconds, UTC). */
const TS_SQL = isoText('p.created_at', 'us');

/** A recent price cut, read off the product row itself (listing edits keep it there): lists need no join for it. */
const RECENT_DROP = `p.price_dropped_at > now() - interval '${PRICE_DROP_SHOWN_DAYS} days'`;
const PRICE_DROP_SQL = `case when ${RECENT_DROP} then p.price_before_drop_cents end as price_before_drop_cents,
  case when ${RECENT_DROP} then ${isoText('p.price_dropped_at')} end as price_dropped_at`;

/** One product row as every product query returns it (snake_case, straight from SQL). */
export type ProductRow = {
  id: string;
  name: string;
  category: string;
  img: string;
  location: string;
  condition: string;
  price_cents: number;
  original_price_cents: number;
  used_years: number;
  description: string;
  status: 'available' | 'sold' | 'unlisted';
  /** The price before a cut made in the last PRICE_DROP_SHOWN_DAYS days (null otherwise), and when it was cut (ISO). */
  price_before_drop_cents: number | null;
  price_dropped_at: string | null;
  /** created_at as 'YYYY-MM-DDTHH:MM:SS.uuuuuuZ' (UTC): the cursor key, and the product's dates without a Date per row. */
  ts: string;
  /** Empty when the seller was deleted: their sold items stay, without personal data. */
  seller_name: string;
  seller_verified: boolean;
  seller_id: string;
  /** The seller's review count and star sum, kept on the user row by review writes (modules/trust). */
  rating_count: number;
  rating_sum: number;
  advertised: boolean;
  /** Priced below its model's fair-price band when listed or repriced (modules/devices). */
  good_price: boolean;
  /** The cover photo (modules/uploads StoredPhoto, stored on the row), null for items without uploads. */
  cover: StoredPhoto | null;
  /** Every photo, read only for one product's page (lists show the cover). */
  photos?: StoredPhoto[];
  /** The gazetteer place (modules/places), null when its location named none. */
  place_id: number | null;
};

/** A seller's own product row: the contact details they listed it with (never in public answers). */
export type OwnProductRow = ProductRow & { seller_email: string; phone: string };

/**
 * The columns of ProductRow for a query over `product p join "user" u`. product.advertised is kept by
 * triggers (migration 0007). No email or phone: public answers never carry them (a buyer gets the
 * phone with a booking, and talks to the seller through a conversation).
 */
const PRODUCT_ROW_SQL = `p.id, p.name, p.category, p.img, p.location, p.condition, p.price_cents,
  p.original_price_cents, p.used_years, p.description, p.status, ${TS_SQL} as ts,
  case when u.deleted_at is null then u.name else '' end as seller_name, u.verified as seller_verified,
  u.id as seller_id, u.rating_count, u.rating_sum, p.advertised, p.good_price, ${PRICE_DROP_SQL}, p.cover, p.place_id`;

const FROM_PRODUCT = `from product p join "user" u on u.id = p.seller_id`;

/** One product shown on the site (not hidden with a deleted seller), sold and unlisted ones too, with its condition report. */
export const PRODUCT_BY_ID = {
  name: 'catalog_product_by_id',
  text: `select ${PRODUCT_ROW_SQL}, p.condition_report, p.photos, p.device_id, p.variant, p.storage, p.ram, p.colour,
  p.serial_hash is not null as serial_checked, d.brand as device_brand, d.model as device_model,
  d.release_year as device_year, d.variants as device_variants
${FROM_PRODUCT} left join device d on d.id = p.device_id where p.id = $1 and p.hidden_at is null`,
};

/** A seller's products, newest first, from a cursor on (created_at, id) when there is one. */
export function sellerProductsQuery(limit: number, afterCursor: boolean) {
  const after = afterCursor ? 'and (p.created_at, p.id) < ($2::timestamptz, $3::uuid)' : '';
  return `select ${PRODUCT_ROW_SQL}, u.email as seller_email, p.phone ${FROM_PRODUCT}
where u.email = $1 and p.hidden_at is null ${after} order by p.created_at desc, p.id desc limit ${Math.floor(limit) + 1}`;
}

/** What a seller has on sale now (their public page), newest first (product_seller_idx). */
export function sellerListedQuery(limit: number, afterCursor: boolean) {
  const after = afterCursor ? 'and (p.created_at, p.id) < ($2::timestamptz, $3::uuid)' : '';
  return `select ${PRODUCT_ROW_SQL} ${FROM_PRODUCT}
where p.seller_id = $1 and p.listed ${after} order by p.created_at desc, p.id desc limit ${Math.floor(limit) + 1}`;
}

/** Turns free text into a prefix tsquery ('mac book' -> 'mac:* & book:*'), or null when nothing is left. */
export function toPrefixQuery(q: string | undefined): string | null {
  if (!q) return null;
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
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
/**
 * `search`: the tsquery of the typed query as modules/devices read it (typos, spacing, shorthand);
 * without it the words are taken as typed.
 */
export function productListQuery(f: ProductFilters, search?: string | null) {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ['p.listed'];
  let categoryParam: string | undefined;
  if (f.category) {
    categoryParam = param(f.category);
    where.push(`p.category = ${categoryParam}`);
  }
  if (f.condition) where.push(`p.condition = ${param(f.condition)}`);
  if (f.minPrice !== undefined) where.push(`p.price_cents >= ${param(money.toCents(f.minPrice))}`);
  if (f.maxPrice !== undefined) where.push(`p.price_cents <= ${param(money.toCents(f.maxPrice))}`);
  if (f.location) where.push(`p.location ilike ${param(`%${escapeLike(f.location)}%`)}`);
  // The seller's verification as mirrored on the product (kept by triggers): no join with user.
  if (f.verified) where.push('p.seller_verified');
  // Specs from the device catalogue, copied on the row when listed (facets: GET /facets).
  if (f.deviceId) where.push(`p.device_id = ${param(f.deviceId)}::uuid`);
  if (f.brand) where.push(`p.brand = ${param(f.brand)}`);
  if (f.storage) where.push(`p.storage = ${param(f.storage)}`);
  if (f.ram) where.push(`p.ram = ${param(f.ram)}`);
  if (f.colour) where.push(`p.colour = ${param(f.colour)}`);
  const tsq = search !== undefined ? search : toPrefixQuery(f.q);
  if (tsq) where.push(`p.search @@ to_tsquery('simple', ${param(tsq)})`);
  /** Only category (or nothing) narrows the list: its total is a counter read, and its plan never depends on the values. */
  const plain =
    !f.brand &&
    !f.deviceId &&
    !f.storage &&
    !f.ram &&
    !f.colour &&
    !f.condition &&
    f.minPrice === undefined &&
    f.maxPrice === undefined &&
    !f.location &&
    !f.verified &&
    !tsq;
  const filterWhere = where.join(' and ');
  const filterValues = values.slice();

  // 'distance' is near.ts's (a list with `near` never gets here).
  const o = ORDER[f.sort === 'distance' ? 'newest' : f.sort];
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
    const text = `select ${PRODUCT_ROW_SQL}${total}
${FROM_PRODUCT}
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
    tsq,
    // The estimate's query: the same filters without the cursor.
    countText: `select 1 from product p where ${filterWhere}`,
    countValues: filterValues,
  };
}

/** A newest-first list narrowed by nothing but its words (and perhaps a category): what the search shapes below serve. */
function wordsOnly(f: ProductFilters) {
  return !(
    f.condition ||
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    f.location ||
    f.verified ||
    f.brand ||
    f.deviceId ||
    f.storage ||
    f.ram ||
    f.colour ||
    f.near ||
    f.sort !== 'newest'
  );
}

/** A newest-first list's cursor as newerThan's two values (time, id); a 400 when it is another order's. */
function newestCursor(raw: string | undefined): [string, string] | undefined {
  const cursor = decodeCursor(raw);
  if (!cursor) return undefined;
  if (typeof cursor.k !== 'string') throw badRequest('cursor', 'belongs to another sort order');
  return [cursor.k, cursor.id];
}

/** After the cursor of a newest-first list, its time and id in the parameters `$at` and `$at+1`. */
const newerThan = (at: number) => `(p.created_at, p.id) < ($${at}::timestamptz, $${at + 1}::uuid)`;

/**
 * The newest `limit` listed rows (id, created_at) of each model in the uuid[] parameter `$at`, down
 * product_listed_device_newest_idx (a few index entries per model); `and` narrows each model's walk.
 */
const modelsNewest = (at: number, and: string, limit: number) =>
  `select x.id, x.created_at from unnest($${at}::uuid[]) as d(id) cross join lateral (
    select p.id, p.created_at from product p where p.device_id = d.id and p.listed${and}
    order by p.created_at desc, p.id desc limit ${limit}) as x`;

/**
 * The ids of one page of a newest-first search whose words name catalogue models (modules/devices
 * found `deviceIds`): each model's newest listings from product_listed_device_newest_idx (a few index
 * entries per model), merged with the newest listings not linked to a model that match the words
 * (product_free_text_search_idx, which holds only those). Only for a text search with nothing but
 * a category beside it, newest first; null otherwise (productListQuery serves it).
 */
export function deviceSearchQuery(f: ProductFilters, deviceIds: string[], tsquery: string) {
  if (!wordsOnly(f) || !deviceIds.length || deviceIds.length > 60) return null;
  const values: unknown[] = [deviceIds, tsquery];
  const extra: string[] = [];
  if (f.category) {
    values.push(f.category);
    extra.push(`p.category = $${values.length}`);
  }
  const cursor = newestCursor(f.cursor);
  if (cursor) {
    values.push(...cursor);
    extra.push(newerThan(values.length - 1));
  }
  const and = extra.map((c) => ` and ${c}`).join('');
  const limit = Math.floor(f.limit) + 1;
  return {
    text: `select u.id from (
  ${modelsNewest(1, and, limit)}
  union all
  (select p.id, p.created_at from product p where p.device_id is null and p.listed and p.search @@ to_tsquery('simple', $2)${and}
    order by p.created_at desc, p.id desc limit ${limit})
) as u order by u.created_at desc, u.id desc limit ${limit}`,
    values,
    hasCursor: !!cursor,
    // Not a prepared statement: planned for its words each time, like the filtered lists. Whether
    // walking the newest listings or the text index is faster depends on how common the words are;
    // prepared, PostgreSQL went over to one generic plan after five runs on the 100k catalogue
    // (the text index for every search: 8.1 ms of its CPU per search, against 1.8 ms planned).
  };
}

/**
 * How many of the newest listings a search's window reads (about 0.2 us each, index-only): a page of
 * 24 comes out of it whenever at least 0.6 % of the newest listings match the words.
 */
export const SEARCH_WINDOW_ROWS = 4000;

/**
 * One page of a newest-first search read from a window of the newest listings, rows and all, as a
 * prepared statement (planned once per connection): the walk down product_listed_newest_cover_idx
 * checks the words and the model link inside the index, and stops once it has the page. For a common
 * word this is what the planner would do anyway, without planning each search again and without a
 * second query for the rows. A rare word would make an unbounded walk read the whole index, so the
 * walk stops after `windowRows` listings. With `deviceIds` (a search naming catalogue models) the
 * models' newest listings come in beside the walk, which then takes only listings not linked to a
 * model, as deviceSearchQuery does. Each row carries `complete`: the walk found the whole limit+1, so
 * the newest matches are all inside the window and the page is the search's page. When it is not (a
 * rare word, the last page, a search whose matches are nearly all linked to its models), the caller
 * asks the planned query (deviceSearchQuery or productListQuery); no row at all says the same.
 * Null for anything but words alone, newest first, and no category (whose index holds no words), and
 * for more than 60 models (as deviceSearchQuery).
 */
export function searchWindowQuery(f: ProductFilters, deviceIds: string[], tsquery: string, windowRows = SEARCH_WINDOW_ROWS) {
  if (!wordsOnly(f) || f.category || deviceIds.length > 60) return null;
  const values: unknown[] = [tsquery];
  const cursor = newestCursor(f.cursor);
  let after = '';
  if (cursor) {
    values.push(...cursor);
    after = ` and ${newerThan(2)}`;
  }
  const limit = Math.floor(f.limit) + 1;
  const models = deviceIds.length > 0;
  if (models) values.push(deviceIds);
  // The tsquery as an InitPlan: made once per run, where a generic plan would call to_tsquery for every row.
  const walk = `select w.id, w.created_at from (select p.id, p.created_at, p.device_id, p.search from product p
    where p.listed${after} order by p.created_at desc, p.id desc limit ${Math.floor(windowRows)}) as w
  where ${models ? 'w.device_id is null and ' : ''}w.search @@ (select to_tsquery('simple', $1))
  order by w.created_at desc, w.id desc limit ${limit}`;
  const page = models
    ? `${modelsNewest(values.length, after, limit)}
  union all select f.id, f.created_at from f
  order by 2 desc, 1 desc limit ${limit}`
    : 'select f.id, f.created_at from f';
  const text = `with f as (${walk}), k as (${page})
select ${PRODUCT_ROW_SQL}, (select count(*) from f) = ${limit} as complete
from k join product p on p.id = k.id join "user" u on u.id = p.seller_id order by k.created_at desc, k.id desc`;
  return { name: statementName(text), text, values };
}

/** The rows of a page found by id (an array of uuids), in the order of the ids (nested index lookups, planned once). */
export const BY_IDS = {
  name: 'catalog_by_ids',
  text: `select ${PRODUCT_ROW_SQL} from unnest($1::uuid[]) with ordinality as k(id, n)
join product p on p.id = k.id join "user" u on u.id = p.seller_id order by k.n`,
};

const statementNames = new Map<string, string>();
/** A prepared statement's name: stable for its SQL text (prepared once per connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `catalog_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 5000) statementNames.set(text, name);
  }
  return name;
}
