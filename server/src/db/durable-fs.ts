import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of Emscripten's Node file system (NODEFS, mounted on the data folder) that fsync needs. */
type NodeFsStreamOps = { fsync?: (stream: { nfd: number }) => number };
type WithNodeFs = { NODEFS?: { stream_ops?: NodeFsStreamOps } };

/**
 * PGlite's folder on disk, where an fsync of PostgreSQL reaches the disk. Emscripten's NODEFS has no
 * fsync of its own: PostgreSQL's fsync() calls return success without touching the disk, so an OS
 * crash could lose commits PGlite had acknowledged even with fsync on. This adds it (fs.fsyncSync on
 * the real file). fdatasync() is a no-op in Emscripten whatever the file system, hence
 * wal_sync_method=fsync below.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod) => {
        const ops = (mod as unknown as WithNodeFs).NODEFS?.stream_ops;
        if (!ops)
          throw new Error(
            'PGlite no longer exposes NODEFS.stream_ops: cannot make fsync reach the disk (check the PGlite upgrade).',
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
 */
export function pgliteOnDisk(dir: string, opts: { fsync: boolean }): PGliteOptions {
  if (!opts.fsync) return { dataDir: dir };
  return {
    fs: new DurableNodeFS(dir),
    startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}
