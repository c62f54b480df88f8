/**
 * Backups (npm run backup / restore, src/backup): a shop backed up while buyers book and sellers advertise
 * over HTTP, restored into an empty database, holds every write acknowledged before the backup began;
 * a backup of the quiet shop restores to the same rows in every table (row count and a hash of the
 * rows in primary-key order). Restore refuses a full target without force, and a damaged archive.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  BackupError,
  createBackup,
  openArchive,
  restoreBackup,
  type BackupSource,
  type RestoreTarget,
} from '../src/backup/archive';
import { createDatabase, type Database } from '../src/db/client';
import { product } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { buyer, orderBody, seller, type InsertResult } from './helpers/builders';
import { testDbKind } from './helpers/db';
import { brokenInvariants } from './fuzz/invariants';
import { controlSocketPath, requestBackup, serveControlSocket } from '../src/backup/control-socket';

let t: TestApp;
let work: string;
let sellers: Client[];
let buyers: Client[];
const mediaDir = () => path.join(work, 'media-src');

/** Every table of the shop and of the migrations' bookkeeping, with its primary key's columns. */
async function tables(d: Database): Promise<{ name: string; pk: string[] }[]> {
  const rows = await d.query<{ schema: string; table: string; pk: string[] | null }>(
    undefined,
    `select n.nspname as schema, c.relname as table,
            (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
               from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as pk
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')
      order by 1, 2`,
  );
  return rows.map((r) => ({ name: `"${r.schema}"."${r.table}"`, pk: r.pk ?? [] }));
}

/** Row count and an md5 of every row (as text) in primary-key order, per table. */
async function contents(d: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { name, pk } of await tables(d)) {
    const order = pk.length ? pk.map((c) => `x."${c}"`).join(', ') : 'x::text';
    const [row] = await d.query<{ n: number; h: string }>(
      undefined,
      `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by ${order})), '') as h from ${name} x`,
    );
    out[name] = `${row?.n}:${row?.h}`;
  }
  return out;
}

function source(): BackupSource {
  if (t.database.pglite) return { database: { kind: 'pglite', client: t.database.pglite }, mediaDir: mediaDir() };
  return { database: { kind: 'postgres', url: pgUrl(sourceDbName) }, mediaDir: mediaDir() };
}

let sourceDbName = '';
function pgUrl(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

/** An empty place to restore into: a new folder, or a new empty PostgreSQL database (dropped at the end). */
const emptyDatabases: string[] = [];
async function emptyTarget(): Promise<{ target: RestoreTarget; open: () => Promise<Database> }> {
  const dir = fs.mkdtempSync(path.join(work, 'target-'));
  const mediaTarget = path.join(dir, 'media');
  if (testDbKind === 'pglite')
    return {
      target: { database: { kind: 'pglite', dir: path.join(dir, 'pglite') }, mediaDir: mediaTarget },
      open: () => createDatabase({ kind: 'pglite', dataDir: dir }),
    };
  // Named like the helpers' databases, so a run that dies leaves nothing the next run does not drop.
  const name = `shop_t_${inject('pgRunId')}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  emptyDatabases.push(name);
  return {
    target: { database: { kind: 'postgres', url: pgUrl(name) }, mediaDir: mediaTarget },
    open: () => createDatabase({ kind: 'postgres', url: pgUrl(name), poolSize: 2 }),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
  if (!t.database.pglite)
    sourceDbName = (await t.database.query<{ n: string }>(undefined, 'select current_database() as n'))[0]?.n ?? '';
  sellers = await Promise.all([seller(t), seller(t)]);
  buyers = await Promise.all([buyer(t), buyer(t), buyer(t)]);
  fs.mkdirSync(path.join(mediaDir(), 'p', 'upload-1'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir(), 'p', 'upload-1', '400.webp'), crypto.randomBytes(2048));
});

afterAll(async () => {
  await t?.close();
  if (emptyDatabases.length) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of emptyDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

type Ack = { kind: 'order' | 'advertisement'; id: string; at: number };

/** Listed products of the sellers, written straight to the database: what the load books and advertises. */
async function listProducts(n: number): Promise<{ id: string; seller: Client }[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    sellerId: sellers[i % sellers.length]!.id,
    name: `Load item ${i}`,
    category: 'Laptop',
    img: '/media/p/none/400.webp',
    location: 'Dhaka',
    phone: '+880 1700 000000',
    condition: 'Good' as const,
    priceCents: 10_000 + i,
    originalPriceCents: 20_000,
    usedYears: 1,
  }));
  const inserted = await t.database.db.insert(product).values(rows).returning({ id: product.id, sellerId: product.sellerId });
  return inserted.map((r) => ({ id: r.id, seller: sellers.find((s) => s.id === r.sellerId)! }));
}

/** Buyers book and sellers advertise over HTTP, as fast as the server answers, until `stop()`. */
function writeLoad(items: { id: string; seller: Client }[]) {
  const acks: Ack[] = [];
  const failures: string[] = [];
  let next = 0;
  let running = true;
  const loop = async () => {
    while (running && next < items.length) {
      const k = next++;
      const item = items[k]!;
      const advertise = k % 4 === 0;
      const b = buyers[k % buyers.length]!;
      const r = advertise
        ? await item.seller.post<InsertResult>('/api/advertise', { _id: item.id, email: item.seller.email, name: 'ad' })
        : await b.post<InsertResult>('/api/orders', orderBody(b, item.id));
      if (r.status === 201) acks.push({ kind: advertise ? 'advertisement' : 'order', id: r.body.insertedId, at: Date.now() });
      else failures.push(`${r.status} ${JSON.stringify(r.body)}`);
    }
  };
  const loops = [0, 1, 2, 3].map(loop);
  return {
    acks,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function hasRows(d: Database, table: 'advertisement' | 'orders', ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await d.query<{ n: number }>(undefined, `select count(*)::int as n from ${table} where id = any($1::uuid[])`, [
    ids,
  ]);
  return row?.n ?? 0;
}

// A PGlite dump and restore take seconds each, and many more on a loaded machine.
describe(`backup and restore (${testDbKind})`, { timeout: 120_000 }, () => {
  let loadArchive = '';
  let quietArchive = '';
  let restoredUnderLoad: { target: RestoreTarget; open: () => Promise<Database> };

  it('a backup taken while buyers book and sellers advertise holds every write acknowledged before it began', async () => {
    const load = writeLoad(await listProducts(3000));
    // Let the load get going: some writes acknowledged, more in flight.
    while (load.acks.length < 20) await new Promise((r) => setTimeout(r, 20));
    const before = [...load.acks];
    const startedAt = Date.now();
    loadArchive = path.join(work, 'under-load.tar');
    const manifest = await createBackup(source(), loadArchive);
    const backupMs = Date.now() - startedAt;
    const during = load.acks.length - before.length;
    await load.stop();
    expect(load.failures, 'every write of the load succeeds, backup or not').toEqual([]);
    expect(manifest.database).toBe(testDbKind);
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(manifest.media).toEqual({ kind: 'local', files: 1 });

    restoredUnderLoad = await emptyTarget();
    const restoreStarted = Date.now();
    await restoreBackup(loadArchive, restoredUnderLoad.target);
    const restoreMs = Date.now() - restoreStarted;
    const d = await restoredUnderLoad.open();
    try {
      const ads = before.filter((a) => a.kind === 'advertisement').map((a) => a.id);
      const orders = before.filter((a) => a.kind === 'order').map((a) => a.id);
      expect(await hasRows(d, 'advertisement', ads)).toBe(ads.length);
      expect(await hasRows(d, 'orders', orders)).toBe(orders.length);
      // The restored shop is one moment of the source: its counters agree with its rows, and so on.
      expect(await brokenInvariants(d)).toEqual([]);
    } finally {
      await d.close();
    }
    expect(fs.readFileSync(path.join(restoredUnderLoad.target.mediaDir!, 'p', 'upload-1', '400.webp'))).toEqual(
      fs.readFileSync(path.join(mediaDir(), 'p', 'upload-1', '400.webp')),
    );
    console.log(
      `[${testDbKind}] backup under load: ${backupMs} ms (${fs.statSync(loadArchive).size} bytes; ${before.length} writes acknowledged before, ${during} during); restore ${restoreMs} ms`,
    );
  });

  it('a backup of the quiet shop restores to the same rows in every table', async () => {
    quietArchive = path.join(work, 'quiet.tar');
    await createBackup(source(), quietArchive);
    // It holds session tokens and password hashes: readable by its owner only, whatever the umask.
    expect(fs.statSync(quietArchive).mode & 0o777).toBe(0o600);
    const expected = await contents(t.database);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    const restored = await emptyTarget();
    await restoreBackup(quietArchive, restored.target);
    const d = await restored.open();
    try {
      expect(await contents(d)).toEqual(expected);
    } finally {
      await d.close();
    }
  });

  it('restore refuses a target that holds data unless forced, and then replaces it', async () => {
    await expect(restoreBackup(quietArchive, restoredUnderLoad.target)).rejects.toThrow(/Refusing to restore over data/);
    const { movedAside } = await restoreBackup(quietArchive, { ...restoredUnderLoad.target, force: true });
    expect(movedAside.length).toBe(testDbKind === 'pglite' ? 2 : 1);
    const d = await restoredUnderLoad.open();
    try {
      expect(await contents(d)).toEqual(await contents(t.database));
    } finally {
      await d.close();
    }
  });

  it('restore refuses a damaged archive before touching anything', async () => {
    const unpacked = await openArchive(quietArchive);
    const damaged = path.join(work, 'damaged.tar');
    try {
      const media = path.join(unpacked.dir, 'media', 'p', 'upload-1', '400.webp');
      fs.writeFileSync(media, Buffer.concat([fs.readFileSync(media).subarray(1), Buffer.from([0])]));
      execFileSync('tar', ['-cf', damaged, '-C', unpacked.dir, '.']);
    } finally {
      unpacked.cleanup();
    }
    const target = await emptyTarget();
    await expect(restoreBackup(damaged, target.target)).rejects.toThrow(BackupError);
    await expect(restoreBackup(damaged, target.target)).rejects.toThrow(/checksum of media\/p\/upload-1\/400.webp/);
    expect(fs.existsSync(target.target.mediaDir!)).toBe(false);
  });
});

describe.runIf(testDbKind === 'pglite')('backup of a running embedded-database server', () => {
  it('npm run backup asks the server holding DATA_DIR over its control socket', async () => {
    const dataDir = fs.mkdtempSync(path.join(work, 'running-'));
    const stop = await serveControlSocket({
      dataDir,
      client: t.database.pglite!,
      media: { mediaDir: mediaDir() },
      log: { info: () => {}, error: () => {} },
    });
    try {
      expect((fs.statSync(controlSocketPath(dataDir)).mode & 0o777).toString(8)).toBe('600');
      const out = path.join(work, 'asked.tar');
      const manifest = await requestBackup(dataDir, out);
      expect(manifest.database).toBe('pglite');
      expect((await openArchive(out)).manifest.files.length).toBe(manifest.files.length);
      await expect(requestBackup(dataDir, 'relative.tar')).rejects.toThrow(/Unknown request/);
    } finally {
      await stop();
    }
    await expect(requestBackup(dataDir, path.join(work, 'x.tar'))).rejects.toThrow(/does not answer/);
  });
});
