/**
 * The shop's files are its user's alone, whatever umask it was started with: on a fresh DATA_DIR the
 * server makes the folder 0700 and every file in it 0600 (the embedded database, the demo photos, the
 * auth secret, the control socket), and a backup lands the same way. Another account on the machine
 * reads none of it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDbKind } from './helpers/db';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const serverDir = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));
let work: string;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-modes-'));
  // Not there yet: the server makes it. The demo shop's photos are files in DATA_DIR/media.
  dataDir = path.join(work, 'data');
  server = await startServerProcess(dataDir, { SEED_DEMO: 'true' });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** Every folder and file under `root` (itself included) whose mode lets anyone but the owner in. */
function open(root: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    const mode = st.mode & 0o777;
    const want = st.isDirectory() ? 0o700 : 0o600;
    if (mode !== want) found.push(`${path.relative(work, p) || '.'}: ${mode.toString(8)}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
  };
  visit(root);
  return found;
}

it('a fresh data folder is 0700 and every file in it 0600', () => {
  expect(process.umask() & 0o077, 'the test runs under a permissive umask').not.toBe(0o077);
  const names = fs.readdirSync(dataDir);
  expect(names).toEqual(expect.arrayContaining(['auth-secret', 'media']));
  if (testDbKind === 'pglite') expect(names).toEqual(expect.arrayContaining(['pglite', 'control.sock']));
  expect(fs.readdirSync(path.join(dataDir, 'media')).length).toBeGreaterThan(0);
  expect(open(dataDir)).toEqual([]);
});

it('a backup and the folder made for it are the owner’s alone', { timeout: 120_000 }, async () => {
  const out = path.join(work, 'backups', 'shop.tar');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/backup.ts', '--out', out], {
    cwd: serverDir,
    env: server.env as NodeJS.ProcessEnv,
  });
  expect(fs.statSync(out).size).toBeGreaterThan(0);
  expect(open(path.join(work, 'backups'))).toEqual([]);
  expect(open(dataDir)).toEqual([]);
});
