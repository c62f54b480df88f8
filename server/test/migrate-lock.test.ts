/**
 * Instances started together on an empty PostgreSQL database migrate it once: migrate() takes an
 * advisory lock, so the parallel calls queue and all but the first find nothing to do. (PGlite is
 * one process behind a folder lock, so only PostgreSQL is meaningful here.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrationsFolder } from '../src/db/client';
import { testDbKind } from './helpers/db';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(testDbKind === 'postgres' && url)('migrate on a fresh PostgreSQL database', () => {
  it('eight parallel migrate() calls (eight pools, as eight instances) all succeed and apply each migration once', async () => {
    const name = `shop_mig_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    const instances = await Promise.all(
      Array.from({ length: 8 }, () => createDatabase({ kind: 'postgres', url: u.toString(), poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(instances.map((d) => d.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const db = new pg.Client({ connectionString: u.toString() });
      await db.connect();
      const applied = await db.query<{ n: string }>('select count(*)::text as n from drizzle.__drizzle_migrations');
      const hashes = await db.query<{ n: string }>('select count(distinct hash)::text as n from drizzle.__drizzle_migrations');
      // The lock is released: a later migrate (a restart) neither waits nor applies anything.
      await instances[0]?.migrate();
      const after = await db.query<{ n: string }>('select count(*)::text as n from drizzle.__drizzle_migrations');
      const locks = await db.query<{ n: string }>(
        "select count(*)::text as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      await db.end();
      expect(Number(applied.rows[0]?.n)).toBe(journal.entries.length);
      expect(Number(hashes.rows[0]?.n)).toBe(journal.entries.length);
      expect(Number(after.rows[0]?.n)).toBe(journal.entries.length);
      expect(Number(locks.rows[0]?.n)).toBe(0);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
