import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The one part of Emscripten's Node file system (NODEFS, mounted on the data folder) changed here. */
type NodeFsStreamOps = { fsync?: (stream: { nfd: number }) => number };
type WithNodeFs = { NODEFS?: { stream_ops?: NodeFsStreamOps } };

/**
 * PGlite's folder on disk with, under `fsync`, an fsync of PostgreSQL reaching the disk.
 *
 * Emscripten's NODEFS has no fsync of its own: PostgreSQL's fsync() calls return success without
 * touching the disk, so an OS crash could lose commits PGlite had acknowledged even with fsync on.
 * This adds it (fs.fsyncSync on the real file). fdatasync() is a no-op in Emscripten whatever the
 * file system, hence wal_sync_method=fsync below. PGlite offers no public way to do this (its
 * `syncToFs` hook runs after every query without knowing which files changed; upstream issue
 * electric-sql/pglite#1107 asks for one): this is the one place the shop reaches past PGlite's
 * API, through its public file-system hook (`Filesystem.init`'s preRun). PGlite's version is
 * pinned exactly for it, and test/db-query.test.ts fails on another; embedded-safety.test.ts
 * checks that a commit reaches fsync(2).
 */
class ShopNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod) => {
        const ops = (mod as unknown as WithNodeFs).NODEFS?.stream_ops;
        if (!ops)
          throw new Error(
            'PGlite no longer exposes NODEFS.stream_ops: cannot make fsync reach the disk (check the PGlite upgrade, db/durable-fs.ts).',
          );
        ops.fsync = (stream) => {
          fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * Options for a PGlite database in `dir`. With `fsync` (the default of the server), every commit is on
 * disk before it is acknowledged; without, PGlite's own default: an OS crash or power cut can lose
 * the last commits (a crash of the process alone cannot: the writes are in the OS already).
 * Once it is open, `keepPrivate(dir)`.
 */
export function pgliteOnDisk(dir: string, opts: { fsync: boolean }): PGliteOptions {
  if (!opts.fsync) return { fs: new NodeFS(dir) };
  return {
    fs: new ShopNodeFS(dir),
    startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}

/**
 * Narrows to the owner the modes of PGlite's files in `dir`: it chmods the files it unpacks (a new
 * database, a restored one) to 0666, which no umask narrows. Files it makes later get PostgreSQL's
 * 0600 under the process umask (lib/private-files.ts), and the data folder around them is 0700 from
 * the start, so nobody else reaches them in between. Called once the database is open.
 */
export function keepPrivate(dir: string) {
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) fs.chmodSync(p, st.mode & 0o700);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
}
