import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Opaque keyset cursor: the sort key and id of the last row of the previous page. */
export type Cursor = { k: string | number; id: string };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.k, c.id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** A sort key the database will accept: a real timestamp (string keys) or a safe integer (number keys). */
function validKey(k: unknown): k is string | number {
  if (typeof k === 'number') return Number.isSafeInteger(k);
  if (typeof k !== 'string') return false;
  const m = TIMESTAMP.exec(k);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
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
    if (Array.isArray(v) && v.length === 2 && validKey(v[0]) && kindOk && typeof v[1] === 'string' && UUID.test(v[1])) return { k: v[0], id: v[1] };
  } catch {
    /* fall through */
  }
  throw badRequest('cursor', 'is not a valid page cursor');
}

/**
 * Fetches limit+1 rows to learn whether a next page exists, then sets `Link: <...>; rel="next"`
 * (same URL, new cursor) and `X-Total-Count` when a total is given.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor,
  total?: number,
): T[] {
  const page = rows.slice(0, limit);
  if (rows.length > limit && page.length) {
    const url = new URL(request.url, 'http://x');
    url.searchParams.set('cursor', encodeCursor(cursorOf(page[page.length - 1])));
    url.searchParams.set('limit', String(limit));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  if (total !== undefined) reply.header('x-total-count', String(total));
  return page;
}

export const money = {
  toDollars: (cents: number) => Math.round(cents) / 100,
  toCents: (dollars: number) => Math.round(dollars * 100),
};

/** SPEC.md's date: d/m/yyyy (UTC). */
export function dmy(d: Date): string {
  return `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`;
}
