/**
 * database.query: parameterised SQL, prepared when named, on the database of this project (PGlite,
 * or PostgreSQL when TEST_DATABASE_URL is set). Values travel as parameters (quotes, backslashes and
 * arrays arrive as they were), columns come back typed, a named statement is planned once and runs
 * again with other values, and a database error is a rejection that leaves the connection usable.
 * On PGlite (one connection) a query never runs inside another caller's open transaction, and the
 * PGlite version is the one this was checked against (db/query.ts, db/durable-fs.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDbKind } from './helpers/db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('database.query', () => {
  it('binds values as parameters and parses the columns by type, named or not', async () => {
    const text = `select $1::text as t, $2::int as n, $3::boolean as b, $4::text as missing, array_length($5::uuid[], 1) as ids`;
    const tricky = `it's "quoted" \\ back'slashed'; drop table product; -- মিরপুর 💻`;
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const name of ['test_query_types', undefined]) {
      const [row] = await database.query<{ t: string; n: number; b: boolean; missing: null; ids: number }>(name, text, [
        tricky,
        42,
        true,
        null,
        ids,
      ]);
      expect(row, String(name)).toEqual({ t: tricky, n: 42, b: true, missing: null, ids: 2 });
    }
  });

  it('runs a named statement again with other values, and refuses the name for another text', async () => {
    const text = 'select id from unnest($1::int[]) as u(id) where id > $2 order by id';
    expect(await database.query('test_query_reuse', text, [[1, 2, 3], 1])).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await database.query('test_query_reuse', text, [[5, 6], 5])).toEqual([{ id: 6 }]);
    expect(await database.query('test_query_reuse', text, [[], 0])).toEqual([]);
    await expect(database.query('test_query_reuse', 'select 1 as one', [])).rejects.toThrow();
  });

  it('reads an answer larger than one chunk of the embedded database, row for row', async () => {
    const text = `select g as n, repeat('ab', 5000) || g as s from generate_series(1, $1::int) g`;
    const rows = await database.query<{ n: number; s: string }>('test_query_large', text, [400]);
    expect(rows).toHaveLength(400);
    expect(
      rows.every((r, i) => r.n === i + 1 && r.s.length === 10_000 + String(i + 1).length && r.s.endsWith(String(i + 1))),
    ).toBe(true);
  });

  it('rejects with the database error code, and the next query still works', async () => {
    for (const name of ['test_query_error', undefined]) {
      const err = await database.query(name, 'select $1::uuid as id', ['not-a-uuid']).catch((e: unknown) => e);
      expect(err, String(name)).toBeInstanceOf(Error);
      expect((err as { code?: string }).code, String(name)).toBe('22P02');
      const id = crypto.randomUUID();
      expect(await database.query(name, 'select $1::uuid as id', [id])).toEqual([{ id }]);
    }
    const syntax = await database.query(undefined, 'selec 1', []).catch((e: unknown) => e);
    expect((syntax as { code?: string }).code).toBe('42601');
    expect(await database.query(undefined, 'select 2 as two', [])).toEqual([{ two: 2 }]);
  });

  it("never runs inside another caller's open transaction: its write outlives that transaction's rollback", async () => {
    const [kept, rolledBack] = [`kept ${crypto.randomUUID()}`, `rolled back ${crypto.randomUUID()}`];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into category (name, img) values (${rolledBack}, '/x.svg')`);
        opened();
        await held;
        throw new Error('roll back');
      })
      .catch((e: unknown) => e);
    await open;
    // Sent while the transaction is open, between its statements.
    const write = database.query('test_query_outside_tx', 'insert into category (name, img) values ($1, $2) returning name', [
      kept,
      '/x.svg',
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await tx).toEqual(new Error('roll back'));
    expect(await write).toEqual([{ name: kept }]);
    const names = await database.query<{ name: string }>(undefined, 'select name from category where name = any($1::text[])', [
      [kept, rolledBack],
    ]);
    expect(names).toEqual([{ name: kept }]);
  });
});

describe.skipIf(testDbKind !== 'pglite')('the PGlite this was checked against', () => {
  it('is the version package.json pins, exactly', () => {
    const require = createRequire(import.meta.url);
    // Its package.json is not among its exports: read beside its entry point (dist/).
    const entry = require.resolve('@electric-sql/pglite');
    const installed = (
      JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
    const pinned = (require('../package.json') as { dependencies: Record<string, string> }).dependencies['@electric-sql/pglite'];
    // On an upgrade, check before changing the pin: db/query.ts (execProtocolRawStream's chunks are
    // the backend's messages; isInTransaction; runExclusive) and db/durable-fs.ts (NODEFS still has
    // no fsync of its own, stream_ops.fsync is still what PostgreSQL's fsync calls): then run this
    // file, embedded-safety.test.ts and data-permissions.test.ts, and `npm run bench -- --only pglite-100k`.
    expect(pinned, 'PGlite is pinned to one exact version').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, 'the installed PGlite is not the version db/query.ts and db/durable-fs.ts were checked against').toBe(
      pinned,
    );
  });
});
