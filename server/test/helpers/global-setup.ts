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
    /** Names this run's PostgreSQL databases, so concurrent runs on one server never drop each other's. */
    pgRunId: string;
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
  project.provide('pgRunId', String(process.pid));

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && tpl) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // Ours (shop_t_<pid>_*, shop_tpl_<pid>), and leftovers of runs whose process is gone; never another live run's.
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname ~ '^shop_(t_[0-9]+_[0-9a-f]{12}|tpl_[0-9]+)$'`);
      for (const r of rows) {
        const pid = Number(/^shop_(?:t|tpl)_(\d+)/.exec(r.datname)![1]);
        if (pid === process.pid || !isAlive(pid)) await admin.query(`drop database if exists ${r.datname} with (force)`);
      }
      await admin.end();
    }
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
