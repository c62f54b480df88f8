import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { pgliteQuery, postgresQuery, type Query } from './query';
import { pgliteOnDisk } from './durable-fs';
import { lockDataDir } from './lock';

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
  /** Plain parameterised SQL, prepared when named (query.ts). */
  query: Query;
  migrate(): Promise<void>;
  ping(): Promise<void>;
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

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'pglite') {
    let unlock = async () => {};
    let client = opts.client;
    if (!client) {
      if (opts.dataDir) unlock = await lockDataDir(opts.dataDir);
      try {
        client = opts.dataDir
          ? new PGlite(pgliteOnDisk(path.join(opts.dataDir, 'pglite'), { fsync: opts.fsync ?? true }))
          : new PGlite();
        await client.waitReady;
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
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
