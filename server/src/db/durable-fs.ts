import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's Node file system (NODEFS, mounted on the data folder) changed here. */
type NodeFsStreamOps = { fsync?: (stream: { nfd: number }) => number };
type Chmod = (target: unknown, mode: number) => void;
type DoSetAttr = (arg: unknown, node: unknown, attr: unknown, chmod: Chmod, ...rest: unknown[]) => void;
type WithNodeFs = { NODEFS?: { stream_ops?: NodeFsStreamOps; doSetAttr?: DoSetAttr } };

/**
 * PGlite's folder on disk, its files its user's alone and, with `fsync`, an fsync of PostgreSQL
 * reaching the disk.
 * - Modes: PGlite sets the modes of the files it unpacks (a new database, a restored one) with chmod
 *   (0666), which no umask narrows; every chmod through NODEFS is narrowed to the owner here. Files it
 *   creates otherwise get PostgreSQL's 0600 and the process umask (lib/private-files.ts).
 * - fsync: Emscripten's NODEFS has none of its own: PostgreSQL's fsync() calls return success without
 *   touching the disk, so an OS crash could lose commits PGlite had acknowledged even with fsync on.
 *   This adds it (fs.fsyncSync on the real file). fdatasync() is a no-op in Emscripten whatever the
 *   file system, hence wal_sync_method=fsync below.
 */
class ShopNodeFS extends NodeFS {
  constructor(
    dir: string,
    private readonly fsync: boolean,
  ) {
    super(dir);
  }

  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod) => {
        const nodefs = (mod as unknown as WithNodeFs).NODEFS;
        const setAttr = nodefs?.doSetAttr;
        const ops = nodefs?.stream_ops;
        if (!setAttr || !ops)
          throw new Error(
            'PGlite no longer exposes NODEFS.doSetAttr and NODEFS.stream_ops: cannot keep its files private and make fsync reach the disk (check the PGlite upgrade).',
          );
        nodefs.doSetAttr = (arg, node, attr, chmod, ...rest) =>
          setAttr(arg, node, attr, (target, mode) => chmod(target, mode & ~0o077), ...rest);
        if (this.fsync)
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
  if (!opts.fsync) return { fs: new ShopNodeFS(dir, false) };
  return {
    fs: new ShopNodeFS(dir, true),
    startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}
