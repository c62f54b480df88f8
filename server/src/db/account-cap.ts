import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * The per-account caps, each its own lock: counting one never waits for another. Photos (uploads),
 * saved searches (modules/alerts), reports (trust/moderation), bookings (orders), offers (offers) and account mails
 * (auth/mail-throttle: one verification or reset mail a minute, keyed by kind and account).
 */
export type AccountCap =
  | 'uploads'
  | 'saved-searches'
  | 'reports'
  | 'bookings'
  | 'account-mails'
  | 'offers'
  | 'favorites'
  | 'stolen-reports';

/**
 * Count, then insert, under a per-account cap: `body` runs in a transaction holding a transaction-scoped
 * advisory lock on (cap, account), so two requests of one account for the same cap run one after the
 * other and each counts what the other inserted; other accounts and other caps do not wait. Without it,
 * parallel requests all count the same rows before any inserts (70 parallel uploads all got under a
 * cap of 40). `body` counts, throws past the cap (nothing is written) and inserts.
 *
 * The lock ends with the transaction, so `body` must stay short: slow work (decoding a photo) comes
 * after, with the slot already taken by a row inserted here (modules/uploads reserves one).
 * pg_advisory_xact_lock(int, int) works the same on PGlite (one connection: transactions already run
 * one at a time) and PostgreSQL; its two-int key space is apart from the one-bigint key of migrations.
 */
export async function underAccountCap<T>(db: Db, cap: AccountCap, userId: string, body: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${cap}), hashtext(${userId}))`);
    return body(tx);
  });
}
