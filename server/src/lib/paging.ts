import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Opaque keyset cursor: the sort key and id of the last row of the previous page. */
export type Cursor = { k: string | number; id: string };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.k, c.id])).toString('base64url');
}

/** `kind`: the sort key the list expects (a timestamp or an integer); a cursor of another kind is a 400. */
export function decodeCursor(raw: string | undefined, kind?: 'time' | 'int'): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const kindOk = kind === undefined || typeof v?.[0] === (kind === 'time' ? 'string' : 'number');
    if (Array.isArray(v) && v.length === 2 && (typeof v[0] === 'string' || typeof v[0] === 'number') && kindOk && typeof v[1] === 'string' && /^[0-9a-f-]{36}$/i.test(v[1]))
      return { k: v[0], id: v[1] };
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
