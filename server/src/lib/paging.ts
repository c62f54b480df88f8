import type { FastifyReply, FastifyRequest } from 'fastify';
import { idSchema } from '@shop/contract';
import { badRequest } from './errors';

/** Opaque keyset cursor: the sort key and id of the last row of the previous page. */
export type Cursor = { k: string | number; id: string };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.k, c.id])).toString('base64url');
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Number keys are integer columns (prices in cents): PostgreSQL's `integer` range. */
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** A sort key the database will accept: a real timestamp (string keys) or an `integer` (number keys). */
function validKey(k: unknown): k is string | number {
  if (typeof k === 'number') return Number.isInteger(k) && k >= INT_MIN && k <= INT_MAX;
  if (typeof k !== 'string') return false;
  const m = TIMESTAMP.exec(k);
  if (!m) return false;
  // Groups 1 to 6 are not optional, so they are always there; NaN would fail every check below.
  const [y = NaN, mo = NaN, d = NaN, h = NaN, mi = NaN, sec = NaN] = m.slice(1, 7).map(Number);
  // setUTCFullYear, not Date.UTC, which takes years 0-99 for 1900-1999; there is no year 0 (PostgreSQL).
  if (y < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  const offset = m[8] && m[8] !== 'Z' ? m[8].slice(1).replace(':', '') : '';
  const offsetOk = !offset || (Number(offset.slice(0, 2)) <= 15 && Number(offset.slice(2) || 0) < 60);
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && sec < 60 && offsetOk;
}

/** `kind`: the sort key the list expects (a timestamp or an integer); a cursor of another kind is a 400. */
export function decodeCursor(raw: string | undefined, kind?: 'time' | 'int'): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    // Checked here so a tampered cursor is a 400, never a database error.
    const kindOk = kind === undefined || typeof v?.[0] === (kind === 'time' ? 'string' : 'number');
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      validKey(v[0]) &&
      kindOk &&
      typeof v[1] === 'string' &&
      idSchema.safeParse(v[1]).success
    )
      return { k: v[0], id: v[1] };
  } catch {
    /* fall through */
  }
  throw badRequest('cursor', 'is not a valid page cursor');
}

/** One page of a keyset-paginated list: what services return and routes send. */
export type Page<T> = { items: T[]; nextCursor?: string };

/**
 * Services fetch limit+1 rows to learn whether a next page exists: this keeps the first `limit`
 * and, when there were more, the cursor after the last one kept.
 */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return rows.length > limit && last ? { items, nextCursor: encodeCursor(keyOf(last)) } : { items };
}

/** A path the URL parser would give back as it is: no dot segments, escapes or other characters to normalise. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_\-/]*$/;

/** The address of the next page: `url` (a path with its query) with `cursor` set, as the Link header names it. */
export function nextPageHref(url: string, cursor: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // The common case without parsing a whole URL (a list's every page): the same answer as below.
  if (PLAIN_PATH.test(path) && !url.includes('#')) {
    const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    params.set('cursor', cursor);
    return `${path}?${params}`;
  }
  const next = new URL(url, 'http://x');
  next.searchParams.set('cursor', cursor);
  return `${next.pathname}${next.search}`;
}

/**
 * Writes a page's headers: `Link: <same URL with the next cursor>; rel="next"` when there is a next
 * page, and `X-Total-Count` when a total is given. Returns the items, for the route to answer with.
 */
export function sendKeysetPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>, total?: number): T[] {
  if (page.nextCursor) reply.header('link', `<${nextPageHref(request.url, page.nextCursor)}>; rel="next"`);
  if (total !== undefined) reply.header('x-total-count', String(total));
  return page.items;
}

export const money = {
  toDollars: (cents: number) => Math.round(cents) / 100,
  toCents: (dollars: number) => Math.round(dollars * 100),
};
