import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { pgliteQuery, postgresQuery, type Query } from './query';
import { keepPrivate, pgliteOnDisk } from './durable-fs';
import { lockDataDir } from './lock';

/**
 * The extensions the migrations use, loaded into every embedded database (PGlite ships them as
 * contrib builds; PostgreSQL has them installed): pg_trgm for the forgiving search (modules/devices).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * One type for both drivers. The PGlite database is a PgDatabase with the same query API; it is
 * typed as the node-postgres one so modules need not care which is underneath.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: what services accept. */
export type Executor = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The embedded database itself (PGlite only): a backup of a running shop dumps its data dir. */
  pglite?: PGlite;
  /** Plain parameterised SQL, prepared when named (query.ts). */
  query: Query;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** PostgreSQL's connection pool right now (metrics); PGlite is one in-process connection, no pool. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Commits are on disk before they are acknowledged (default true); false for throwaway demos. */
      fsync?: boolean;
      client?: PGlite;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export { DataDirLockedError } from './lock';

/** Names the advisory lock that serialises migrations: any fixed 64-bit number of the shop's own. */
const MIGRATE_LOCK_KEY = 7_301_946_288_112_001n;

/**
 * Migrates under a PostgreSQL advisory lock, on the one connection that holds it: instances started
 * together queue here, the first applies the migrations and the others find nothing left to do. Without
 * it they race on drizzle's bookkeeping (CREATE SCHEMA/TABLE IF NOT EXISTS are not safe concurrently)
 * and on the migrations themselves. A session lock, so a crashed instance's lock ends with its connection.
 */
async function migrateLocked(pool: pg.Pool) {
  const conn = await pool.connect();
  let broken = false;
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATE_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg({ client: conn }), { migrationsFolder });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY.toString()]).catch(() => {
        broken = true;
      });
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection that may still hold the lock is closed, never handed back to the pool.
    conn.release(broken);
  }
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'pglite') {
    let unlock = async () => {};
    let client = opts.client;
    if (!client) {
      if (opts.dataDir) unlock = await lockDataDir(opts.dataDir);
      try {
        client = opts.dataDir
          ? new PGlite({
              ...pgliteOnDisk(path.join(opts.dataDir, 'pglite'), { fsync: opts.fsync ?? true }),
              extensions: PGLITE_EXTENSIONS,
            })
          : new PGlite({ extensions: PGLITE_EXTENSIONS });
        await client.waitReady;
        if (opts.dataDir) keepPrivate(path.join(opts.dataDir, 'pglite'));
      } catch (err) {
        await unlock();
        throw err;
      }
    }
    const pglite = client;
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      pglite,
      query: pgliteQuery(pglite),
      migrate: () => migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder }),
      ping: async () => {
        await pglite.query('select 1');
      },
      close: async () => {
        if (!pglite.closed) await pglite.close();
        await unlock();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  pool.on('error', () => {
    /* idle client errors are reported by the next query */
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    query: postgresQuery(pool),
    migrate: () => migrateLocked(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ max: opts.poolSize ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
