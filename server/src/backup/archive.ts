import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../db/client';
import { keepPrivate, pgliteOnDisk } from '../db/durable-fs';

/** Bumped when the archive's layout changes; restore refuses formats it does not know. */
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
/** The database inside the archive: PGlite's own data-dir tarball, or pg_dump's custom format. */
const PGLITE_FILE = 'database/pglite.tar.gz';
const POSTGRES_FILE = 'database/postgres.pgdump';
/** Uploaded photos kept on local disk, under this folder of the archive (same relative paths). */
const MEDIA_PREFIX = 'media/';

type FileEntry = { path: string; bytes: number; sha256: string };

export type Manifest = {
  format: 'secondhand-tech-shop-backup';
  formatVersion: number;
  database: 'pglite' | 'postgres';
  createdAt: string;
  /** The last migration applied to the database when it was dumped (drizzle's journal tag). */
  migration: string | null;
  /** PostgreSQL only: the server's major version, so restore can check its pg_restore. */
  postgresMajor?: number;
  /** The photos: copied from the local folder, or left in their S3 bucket (not in the archive). */
  media: { kind: 'local'; files: number } | { kind: 's3'; bucket: string } | { kind: 'none' };
  files: FileEntry[];
};

/** What is backed up: the live database (PGlite in this process, or PostgreSQL by URL) and the photo folder. */
export type BackupSource = {
  database: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Local folder of uploaded photos; skipped when missing. */
  mediaDir?: string;
  /** Photos kept in this S3 bucket instead: named in the manifest, not copied. */
  s3Bucket?: string;
};

export type RestoreTarget = {
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  mediaDir?: string;
  /** Replace a database or photo folder that already holds data (the old folder is kept beside it). */
  force?: boolean;
};

export class BackupError extends Error {}

function journalTags(): { when: number; tag: string }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries;
}

/** drizzle records each migration's journal `when` as created_at: mapped back to its tag. */
function migrationTag(createdAt: unknown): string | null {
  if (createdAt === null || createdAt === undefined) return null;
  const when = Number(createdAt);
  return journalTags().find((e) => e.when === when)?.tag ?? `unknown-${when}`;
}

const LAST_MIGRATION = 'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1';

function run(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          e.code === 'ENOENT' ? `${command} is not installed (or not on PATH).` : `${command} could not start: ${e.message}`,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${command} ${args[0] ?? ''} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/**
 * pg_dump/pg_restore read the password from the environment rather than the command line, where any
 * local user could read it in the process list.
 */
function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

async function toolMajor(tool: string): Promise<number> {
  const out = await run(tool, ['--version']);
  const m = /(\d+)(?:\.\d+)?/.exec(out.replace(/^[^)]*\)/, ''));
  if (!m?.[1]) throw new BackupError(`Could not read the version of ${tool}: ${out.trim()}`);
  return Number(m[1]);
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0]?.v) / 10000);
  } finally {
    await client.end();
  }
}

/** pg_dump refuses a server newer than itself, and pg_restore may not read a newer pg_dump's format. */
async function checkTool(tool: 'pg_dump' | 'pg_restore', major: number) {
  const mine = await toolMajor(tool);
  if (mine < major)
    throw new BackupError(
      `${tool} is version ${mine}, older than the PostgreSQL server (${major}). Put version ${major}'s binaries first on PATH (e.g. PATH=/usr/lib/postgresql/${major}/bin:$PATH).`,
    );
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

function fsyncPath(p: string) {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes one archive (a tar) holding manifest.json, the database and the local photos. The database
 * comes first, then the photos: a photo is uploaded before the listing that shows it is saved, so every
 * photo the dumped database names is already on disk when the folder is copied. The archive is written
 * beside `out` and renamed onto it once complete and on disk, so `out` is never a half-written backup.
 */
export async function createBackup(source: BackupSource, out: string): Promise<Manifest> {
  const target = path.resolve(out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    let migration: string | null;
    let postgresMajor: number | undefined;
    if (source.database.kind === 'pglite') {
      const client = source.database.client;
      const rows = await client.query<{ created_at: unknown }>(LAST_MIGRATION);
      migration = migrationTag(rows.rows[0]?.created_at);
      // A checkpoint first leaves little WAL to replay on restore. The dump then waits for any
      // transaction in progress and blocks the next ones while the files are read: a committed state.
      await client.query('checkpoint');
      const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
      fs.writeFileSync(path.join(staging, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
    } else {
      const { url } = source.database;
      postgresMajor = await serverMajor(url);
      await checkTool('pg_dump', postgresMajor);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        migration = migrationTag((await c.query<{ created_at: unknown }>(LAST_MIGRATION)).rows[0]?.created_at);
      } finally {
        await c.end();
      }
      const { dbname, env } = libpqArgs(url);
      // One snapshot of the whole database (pg_dump reads in a repeatable-read transaction), so writes
      // going on meanwhile are either wholly in or wholly out.
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, POSTGRES_FILE)}`, `--dbname=${dbname}`],
        { env },
      );
    }

    let media: Manifest['media'] = source.s3Bucket ? { kind: 's3', bucket: source.s3Bucket } : { kind: 'none' };
    if (source.mediaDir && fs.existsSync(source.mediaDir)) {
      const files = listFiles(source.mediaDir);
      for (const rel of files) {
        const from = path.join(source.mediaDir, rel);
        const to = path.join(staging, MEDIA_PREFIX, rel);
        fs.mkdirSync(path.dirname(to), { recursive: true });
        try {
          fs.copyFileSync(from, to);
        } catch (err) {
          // Deleted since it was listed (an abandoned upload swept away): nothing names it.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      media = { kind: 'local', files: files.length };
    }

    const files: FileEntry[] = [];
    for (const rel of listFiles(staging)) {
      const full = path.join(staging, rel);
      files.push({ path: rel.split(path.sep).join('/'), bytes: fs.statSync(full).size, sha256: await sha256File(full) });
    }
    if (media.kind === 'local') media.files = files.filter((f) => f.path.startsWith(MEDIA_PREFIX)).length;
    const manifest: Manifest = {
      format: 'secondhand-tech-shop-backup',
      formatVersion: FORMAT_VERSION,
      database: source.database.kind,
      createdAt: new Date().toISOString(),
      migration,
      ...(postgresMajor ? { postgresMajor } : {}),
      media,
      files,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    const partial = `${target}.partial`;
    // The archive holds the whole database (session tokens, password hashes, 2FA secrets, contact details):
    // readable by its owner only. Made empty with that mode first, since tar keeps an existing file's mode.
    fs.rmSync(partial, { force: true });
    fs.writeFileSync(partial, '', { mode: 0o600 });
    await run('tar', ['-cf', partial, '-C', staging, MANIFEST, ...files.map((f) => f.path)]);
    fs.chmodSync(partial, 0o600);
    fsyncPath(partial);
    fs.renameSync(partial, target);
    fsyncPath(path.dirname(target));
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Unpacks an archive into a new temporary folder and checks it: manifest, format, every checksum. */
export async function openArchive(file: string): Promise<{ dir: string; manifest: Manifest; cleanup: () => void }> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await run('tar', ['-xf', path.resolve(file), '-C', dir, '--no-same-owner', '--no-same-permissions']);
    const manifestPath = path.join(dir, MANIFEST);
    if (!fs.existsSync(manifestPath)) throw new BackupError(`${file} is not a shop backup: it has no ${MANIFEST}.`);
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
    if (manifest.format !== 'secondhand-tech-shop-backup')
      throw new BackupError(`${file} is not a shop backup (format: ${String(manifest.format)}).`);
    if (manifest.formatVersion !== FORMAT_VERSION)
      throw new BackupError(
        `${file} is backup format ${manifest.formatVersion}; this version of the shop reads format ${FORMAT_VERSION}.`,
      );
    const known = new Set(listFiles(dir).map((f) => f.split(path.sep).join('/')));
    for (const entry of manifest.files) {
      if (entry.path.split('/').includes('..') || path.isAbsolute(entry.path))
        throw new BackupError(`${file}: the manifest names a path outside the archive (${entry.path}).`);
      const full = path.join(dir, entry.path);
      if (!known.has(entry.path)) throw new BackupError(`${file} is damaged: ${entry.path} is missing.`);
      const actual = await sha256File(full);
      if (actual !== entry.sha256 || fs.statSync(full).size !== entry.bytes)
        throw new BackupError(`${file} is damaged: the checksum of ${entry.path} does not match its manifest.`);
    }
    const tags = journalTags().map((e) => e.tag);
    if (manifest.migration && !tags.includes(manifest.migration))
      throw new BackupError(
        `${file} holds a database at migration ${manifest.migration}, which this version of the shop does not know: restore it with the version that made it (or a newer one).`,
      );
    return { dir, manifest, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}

function isNonEmptyDir(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

function moveAside(dir: string): string {
  const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(dir, aside);
  return aside;
}

async function postgresHasTables(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await c.end();
  }
}

export type RestoreResult = { manifest: Manifest; movedAside: string[] };

/**
 * Restores an archive into an empty database and photo folder (or, with `force`, over full ones: an
 * embedded database or a photo folder is moved aside, a PostgreSQL database's schemas are dropped).
 * Everything is checked before anything is changed. The embedded database's folder must not be in use
 * (the caller holds its lock).
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const { dir, manifest, cleanup } = await openArchive(file);
  try {
    if (manifest.database !== target.database.kind)
      throw new BackupError(
        `${file} is a backup of ${manifest.database === 'pglite' ? 'an embedded (PGlite)' : 'a PostgreSQL'} database; the shop here is configured for ${target.database.kind === 'pglite' ? 'the embedded database (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)'}. Restore it with the same kind.`,
      );
    const full: string[] = [];
    if (target.database.kind === 'pglite' && isNonEmptyDir(target.database.dir)) full.push(target.database.dir);
    if (target.database.kind === 'postgres' && (await postgresHasTables(target.database.url)))
      full.push('the PostgreSQL database (DATABASE_URL)');
    const mediaInArchive = manifest.files.some((f) => f.path.startsWith(MEDIA_PREFIX));
    if (mediaInArchive && target.mediaDir && isNonEmptyDir(target.mediaDir)) full.push(target.mediaDir);
    if (full.length && !target.force)
      throw new BackupError(
        `Refusing to restore over data: ${full.join(', ')} ${full.length > 1 ? 'are' : 'is'} not empty. Restore into an empty shop, or add --force to replace it (an embedded database or photo folder is kept beside it, renamed; a PostgreSQL database's tables are dropped).`,
      );
    if (target.database.kind === 'postgres') await checkTool('pg_restore', manifest.postgresMajor ?? 0);

    const movedAside: string[] = [];
    if (target.database.kind === 'pglite') {
      if (fs.existsSync(target.database.dir)) {
        if (isNonEmptyDir(target.database.dir)) movedAside.push(moveAside(target.database.dir));
        else fs.rmdirSync(target.database.dir);
      }
      const blob = new Blob([fs.readFileSync(path.join(dir, PGLITE_FILE))]);
      const client = new PGlite({
        ...pgliteOnDisk(target.database.dir, { fsync: true }),
        loadDataDir: blob,
        extensions: PGLITE_EXTENSIONS,
      });
      await client.waitReady;
      keepPrivate(target.database.dir);
      await client.query('checkpoint');
      await client.close();
    } else {
      const { url } = target.database;
      if (full.length) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          await c.query('begin');
          await c.query('drop schema if exists drizzle cascade');
          await c.query('drop schema if exists public cascade');
          await c.query('create schema public');
          await c.query('commit');
        } finally {
          await c.end();
        }
      }
      const { dbname, env } = libpqArgs(url);
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${dbname}`,
          path.join(dir, POSTGRES_FILE),
        ],
        { env },
      );
    }

    if (mediaInArchive && target.mediaDir) {
      if (isNonEmptyDir(target.mediaDir)) movedAside.push(moveAside(target.mediaDir));
      for (const entry of manifest.files.filter((f) => f.path.startsWith(MEDIA_PREFIX))) {
        const to = path.join(target.mediaDir, entry.path.slice(MEDIA_PREFIX.length));
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(path.join(dir, entry.path), to);
        fsyncPath(to);
      }
    }
    return { manifest, movedAside };
  } finally {
    cleanup();
  }
}
