import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL fragments more than one module writes, in one place.
 *
 * Timestamps leave the database as ISO 8601 text in UTC ("2026-11-27T05:05:36.123Z"), the form the API
 * answers with: formatted by PostgreSQL, so a row needs no Date round trip (and PGlite's and node-postgres'
 * date parsing never differ). `us` (microseconds) is for keyset cursors, which must order exactly as the
 * column does; what people see is to the millisecond.
 */
const ISO_FORMAT = {
  ms: `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`,
  us: `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`,
  s: `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`,
} as const;

type Precision = keyof typeof ISO_FORMAT;

/** A timestamp column or expression as ISO text, for hand-written SQL: isoText('c.created_at'). */
export const isoText = (expr: string, precision: Precision = 'ms') =>
  `to_char(${expr} at time zone 'UTC', ${ISO_FORMAT[precision]})`;

/** The same for Drizzle's query builder: isoSql(order.createdAt). */
export const isoSql = (col: AnyPgColumn | SQL, precision: Precision = 'ms') =>
  sql<string>`to_char(${col} at time zone 'UTC', ${sql.raw(ISO_FORMAT[precision])})`;
