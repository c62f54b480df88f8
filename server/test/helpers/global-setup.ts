import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/** Migrates once: a PGlite data dir dumped to a file, and (with TEST_DATABASE_URL) a template database. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const client = new PGlite();
  const database = await createDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  let tpl = '';
  if (url) {
    tpl = `shop_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${tpl}`);
    await admin.query(`create database ${tpl}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${tpl}`;
    const tplDb = await createDatabase({ kind: 'postgres', url: u.toString(), poolSize: 1 });
    await tplDb.migrate();
    await tplDb.close();
  }
  project.provide('pgTemplate', tpl);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && tpl) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'shop_t_%' or datname = $1`, [tpl]);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    }
  };
}
