/**
 * The embedded database on disk: one server per data folder (an OS lock that dies with its process),
 * and no acknowledged write lost to a kill -9 or, with fsync on, to an OS crash. PGlite only: these
 * tests run the real server as child processes on folders of their own; PostgreSQL locks and syncs its
 * own data directory, so there is nothing of ours to test there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { DataDirLockedError, lockDataDir } from '../src/db/lock';
import { freePort } from './helpers/port';
import { Client } from './helpers/client';
import { productBody, uploadPhoto } from './helpers/builders';
import { migratedDataDir, testDbKind } from './helpers/db';

const serverDir = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));
const DEMO_PASSWORD = 'demo-shop-2026-test';
const tmpDirs: string[] = [];

function tmpDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-embedded-${label}-`));
  tmpDirs.push(dir);
  return dir;
}

type Server = { child: ChildProcess; baseUrl: string; exited: Promise<number | null>; output: () => string };

/** `npx tsx src/main.ts` as one process (so a signal reaches the server itself), on `dataDir`. */
async function spawnServer(dataDir: string, env: Record<string, string> = {}, prefix: string[] = []): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const argv = [...prefix, process.execPath, '--import', 'tsx', 'src/main.ts'];
  // argv holds at least node and its arguments, so it has a first element.
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      BETTER_AUTH_SECRET: 'embedded-safety-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      // The writers below upload a photo for each listing, more than an hour's cap for one seller.
      UPLOADS_PER_HOUR: '1000000',
      UNUSED_UPLOADS_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, baseUrl, exited, output: () => out };
}

async function startServer(dataDir: string): Promise<Server> {
  const s = await spawnServer(dataDir);
  const until = Date.now() + 40_000;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited (${s.child.exitCode}):\n${s.output()}`);
    try {
      if ((await fetch(`${s.baseUrl}/api/ready`)).ok) return s;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      s.child.kill('SIGKILL');
      throw new Error(`server not ready after 40 s:\n${s.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a server that must refuse to open `dataDir`: exit 1 with a message naming the folder. */
async function expectRefused(dataDir: string, env: Record<string, string> = {}, prefix: string[] = []) {
  const s = await spawnServer(dataDir, env, prefix);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 20_000);
  const code = await s.exited;
  clearTimeout(timer);
  expect(s.output(), 'the refused server names the folder').toContain(
    `The embedded database in ${dataDir} is in use by another process`,
  );
  expect(code, `exit code of the refused server:\n${s.output()}`).toBe(1);
}

async function stopServer(s: Server | undefined) {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  await s.exited;
}

async function signedInSeller(baseUrl: string): Promise<Client> {
  const c = new Client(baseUrl);
  const r = await c.signIn('seller@shop.test', DEMO_PASSWORD);
  expect(r.status, `demo seller sign-in: ${JSON.stringify(r.body)}`).toBe(200);
  return c;
}

const onPglite = testDbKind === 'pglite';
const canUnshare = onPglite && spawnSync('unshare', ['--pid', '--fork', 'true']).status === 0;
const perlDir = (() => {
  const perl = spawnSync('sh', ['-c', 'command -v perl']).stdout?.toString().trim();
  if (!onPglite || !perl) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-perl-only-'));
  tmpDirs.push(dir);
  fs.symlinkSync(perl, path.join(dir, 'perl'));
  return dir;
})();

/** A data folder of its own holding the migrated template database (helpers/db.ts), so a server starts on it at once. */
const preparedDataDir = (label: string) => migratedDataDir(tmpDir(label));

afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!onPglite)('the data folder lock (in process)', () => {
  const releases: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const r of releases.splice(0)) await r();
  });

  it('refuses a second holder, also in the same process, and is free again once released', async () => {
    const dir = tmpDir('lock');
    const release = await lockDataDir(dir);
    // Refused at the first try here (0 ms of trying again; a start waits 3 s for a holder just killed).
    await expect(lockDataDir(dir, 0)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir, 0)).rejects.toThrow(dir);
    await release();
    releases.push(await lockDataDir(dir));
  });

  it.skipIf(!perlDir)('the perl helper (macOS has no flock(1)) and flock(1) exclude each other', async () => {
    const dir = tmpDir('perl');
    const savedPath = process.env.PATH;
    const withPerlOnly = async <T>(fn: () => Promise<T>) => {
      process.env.PATH = perlDir;
      try {
        return await fn();
      } finally {
        process.env.PATH = savedPath;
      }
    };
    const byPerl = await withPerlOnly(() => lockDataDir(dir));
    await expect(lockDataDir(dir, 0), 'flock(1) while perl holds it').rejects.toThrow(DataDirLockedError);
    await byPerl();
    releases.push(await lockDataDir(dir));
    await expect(
      withPerlOnly(() => lockDataDir(dir, 0)),
      'perl while flock(1) holds it',
    ).rejects.toThrow(DataDirLockedError);
  });
});

describe.skipIf(!onPglite)('fsync of the embedded database', () => {
  it('PGLITE_FSYNC is on by default, off on request, and names itself when bad', () => {
    expect(loadConfig({}).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: 'off' }).pgliteFsync).toBe(false);
    expect(loadConfig({ PGLITE_FSYNC: 'on' }).pgliteFsync).toBe(true);
    expect(() => loadConfig({ PGLITE_FSYNC: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ PGLITE_FSYNC: 'maybe' })).toThrow(/PGLITE_FSYNC/);
  });

  it('with fsync on, a commit reaches fsync(2) on the real files; with it off, it does not', async () => {
    // A spy that keeps Node's fsyncSync working: counts the fsync(2) calls that reach the real files.
    const spy = vi.spyOn(fs, 'fsyncSync');
    try {
      const dataDir = await preparedDataDir('fsync');
      for (const fsync of [true, false]) {
        const database = await createDatabase({ kind: 'pglite', dataDir, fsync });
        try {
          const shown = await database.db.execute<{ fsync: string }>(sql`show fsync`);
          expect(shown.rows[0]?.fsync).toBe(fsync ? 'on' : 'off');
          spy.mockClear();
          await database.db.execute(sql`insert into category (name, img, position) values (${`fsync ${fsync}`}, '/x.svg', 99)`);
          if (fsync) expect(spy.mock.calls.length, 'fsync calls for one commit').toBeGreaterThan(0);
          else expect(spy).not.toHaveBeenCalled();
        } finally {
          await database.close();
        }
      }
    } finally {
      spy.mockRestore();
    }
  });
});

describe.skipIf(!onPglite)('the real server on one data folder', () => {
  let dataDir = '';
  let first: Server | undefined;
  let restarted: Server | undefined;
  beforeAll(async () => {
    dataDir = await preparedDataDir('server');
    first = await startServer(dataDir);
  }, 60_000);
  afterAll(async () => {
    await stopServer(first);
    await stopServer(restarted);
  });

  it('refuses a second server, also with every file beside the database deleted; the first keeps working', async () => {
    await expectRefused(dataDir);
    for (const entry of fs.readdirSync(dataDir))
      if (entry !== 'pglite') fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
    await expectRefused(dataDir);

    const seller = await signedInSeller(first!.baseUrl);
    const created = await seller.post<{ insertedId: string }>(
      '/api/products',
      productBody(seller, { name: 'Still open for business', photos: [await uploadPhoto(seller)] }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await seller.get<{ name: string }>(`/api/product/${created.body.insertedId}`);
    expect(read.body.name).toBe('Still open for business');
  }, 30_000);

  it.skipIf(!canUnshare)(
    'refuses a second server in another PID namespace (where a PID file would look stale)',
    async () => {
      await expectRefused(dataDir, {}, ['unshare', '--pid', '--fork']);
    },
    25_000,
  );

  it.skipIf(!perlDir)(
    'refuses a second server that can only lock with perl',
    async () => {
      await expectRefused(dataDir, { PATH: perlDir! });
    },
    25_000,
  );

  it('keeps every acknowledged write through a kill -9 in the middle of a stream of writes, and frees the lock', async () => {
    const server = first!;
    const seller = await signedInSeller(server.baseUrl);
    const acknowledged: { id: string; name: string }[] = [];
    let interrupted = 0;
    let killed = false;
    let failed: unknown;
    const writer = async (lane: number) => {
      for (let i = 0; ; i++) {
        const name = `Crash test ${lane}-${i}`;
        try {
          const photos = [await uploadPhoto(seller)];
          const r = await seller.post<{ insertedId: string }>('/api/products', productBody(seller, { name, photos }));
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          acknowledged.push({ id: r.body.insertedId, name });
        } catch (err) {
          if (!killed) {
            failed ??= err;
            throw err;
          }
          interrupted++;
          return;
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 60 && !failed) await new Promise((r) => setTimeout(r, 10));
    if (failed) throw failed;
    killed = true;
    server.child.kill('SIGKILL');
    await Promise.all(lanes);
    await server.exited;
    expect(interrupted, 'writes cut off by the kill').toBeGreaterThan(0);

    // The dead server's lock is dropped once its helper has read the end of its input: lockDataDir
    // waits for that (it once took longer than the test's first try on a busy machine).
    const release = await lockDataDir(dataDir);
    await release();

    restarted = await startServer(dataDir);
    const reader = new Client(restarted.baseUrl);
    const missing: string[] = [];
    for (const w of acknowledged) {
      const r = await reader.get<{ name: string }>(`/api/product/${w.id}`);
      if (r.status !== 200 || r.body.name !== w.name) missing.push(`${w.name} (${w.id}): ${r.status}`);
    }
    expect(missing, `of ${acknowledged.length} acknowledged writes`).toEqual([]);
  }, 40_000);
});
