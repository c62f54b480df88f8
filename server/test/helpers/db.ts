import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * The migrated template's dump (43 MB), read once per worker: a Blob is immutable, and every PGlite
 * the worker starts copies its files out of it.
 */
let template: { file: string; blob: Blob } | undefined;
export function pgliteTemplateBlob(): Blob {
  const file = inject('pgliteTemplate');
  if (template?.file !== file) template = { file, blob: new Blob([fs.readFileSync(file)]) };
  return template.blob;
}

let unpacked: { file: string; dir: Promise<string> } | undefined;
/**
 * Puts the migrated template database into `dataDir` (made if missing) as the embedded database of a
 * data folder: what a server's first start there would make with initdb and the migrations, 7-9 s of
 * CPU each time, for the cost of a copy. For tests that start the real server or a command on a data
 * folder and are not about that first start. Unpacked once per worker, removed as it exits.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const file = inject('pgliteTemplate');
  if (unpacked?.file !== file) {
    const dir = (async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-template-dir-'));
      process.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
      const pglite = new PGlite({
        dataDir: path.join(tmp, 'pglite'),
        loadDataDir: pgliteTemplateBlob(),
        extensions: PGLITE_EXTENSIONS,
      });
      await pglite.waitReady;
      await pglite.close();
      return tmp;
    })();
    unpacked = { file, dir };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(await unpacked.dir, dataDir, { recursive: true });
  return dataDir;
}

/** A fresh, migrated database of its own for one test file, on PGlite or PostgreSQL. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const client = new PGlite({ loadDataDir: pgliteTemplateBlob(), extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    return createDatabase({ kind: 'pglite', client });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `shop_t_${inject('pgRunId')}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: u.toString(), poolSize: 20 });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
