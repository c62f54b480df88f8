import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrationsFolder, PGLITE_EXTENSIONS } from '../../src/db/client';
import { hashFiles } from './files-hash';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    /** Names this run's PostgreSQL databases, so concurrent runs on one server never drop each other's. */
    pgRunId: string;
  }
}

/** The PGlite version and every migration file: what the migrated template depends on. */
function templateKey(): string {
  const h = crypto.createHash('sha256');
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  h.update(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version ?? '');
  hashFiles(h, migrationsFolder, migrationsFolder);
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data dir dumped to a file. Its initdb costs seconds, so it is kept under the OS
 * temp dir, keyed by the migrations and the PGlite version, and reused by later runs (written
 * atomically, so concurrent runs share it safely).
 */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `shop-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = await createDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  fs.renameSync(tmp, file);
  // Templates of older migrations, unused for a day, are only disk space.
  for (const f of fs.readdirSync(os.tmpdir())) {
    const old = path.join(os.tmpdir(), f);
    if (/^shop-pglite-template-[0-9a-f]{16}\.tar/.test(f) && old !== file && Date.now() - fs.statSync(old).atimeMs > 86_400_000)
      fs.rmSync(old, { force: true });
  }
  return file;
}

/** Migrates once: a PGlite data dir dumped to a file, and (with TEST_DATABASE_URL) a template database. */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());

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
    if (url && tpl) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // Ours (shop_t_<pid>_*, shop_tpl_<pid>), and leftovers of runs whose process is gone; never another live run's.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname ~ '^shop_(t_[0-9]+_[0-9a-f]{12}|tpl_[0-9]+)$'`,
      );
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
