import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Socket } from 'node:net';

/** The data folder is held by another process: the embedded database refuses to open it twice. */
export class DataDirLockedError extends Error {}

/** Exit code of a helper that found the lock held by another process. */
const HELD_ELSEWHERE = 75;

/**
 * Node cannot call flock(2) itself, so a small helper process does: it takes a non-blocking exclusive
 * flock on the folder, prints "locked", and keeps the lock until its stdin reaches end of file, which
 * happens when this process exits or dies in any way (even kill -9), since the kernel then closes our
 * end of the pipe. The kernel drops the lock when the helper exits; nothing is left on disk to clean.
 * flock(1) of util-linux (busybox has one too) is on every Linux; perl (shipped with macOS, which has
 * no flock(1)) is the fallback and takes the same flock(2) lock, so the two helpers exclude each other.
 */
const HELPERS: { command: string; args: (dir: string) => string[] }[] = [
  {
    command: 'flock',
    args: (dir) => [
      '--exclusive',
      '--nonblock',
      '--conflict-exit-code',
      String(HELD_ELSEWHERE),
      dir,
      'sh',
      '-c',
      'echo locked && exec cat >/dev/null',
    ],
  },
  {
    command: 'perl',
    args: (dir) => [
      '-MFcntl=:flock',
      '-e',
      `open(my $fh, "<", $ARGV[0]) or die "cannot open $ARGV[0]: $!\\n"; flock($fh, LOCK_EX | LOCK_NB) or exit ${HELD_ELSEWHERE}; $| = 1; print "locked\\n"; 1 while <STDIN>;`,
      dir,
    ],
  },
];

const HELPER_START_TIMEOUT_MS = 10_000;
/** How long a folder found held is tried again before it is refused (lockDataDir). */
const HELD_WAIT_MS = 3000;

type Attempt = { outcome: 'locked'; release: () => Promise<void> } | { outcome: 'held' } | { outcome: 'missing' };

function attempt(helper: (typeof HELPERS)[number], dir: string): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const child = spawn(helper.command, helper.args(dir), { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let settled = false;
    let releasing = false;
    const timer = setTimeout(() => {
      settled = true;
      child.kill('SIGKILL');
      reject(new Error(`Could not lock ${dir}: ${helper.command} did not answer within ${HELPER_START_TIMEOUT_MS / 1000} s.`));
    }, HELPER_START_TIMEOUT_MS);
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    child.once('error', (e: NodeJS.ErrnoException) =>
      settle(() =>
        e.code === 'ENOENT' ? resolve({ outcome: 'missing' }) : reject(new Error(`Could not lock ${dir}: ${e.message}`)),
      ),
    );
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      if (!out.includes('locked')) return;
      settle(() => {
        // The helper must not keep this process alive, nor outlive it.
        child.unref();
        for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket).unref();
        child.once('exit', (code, signal) => {
          if (releasing) return;
          console.error(
            `The lock on the embedded database in ${dir} was lost (its ${helper.command} helper ended: ${signal ?? `exit ${code}`}). ` +
              'Stopping, so that no second server can open the folder beside this one.',
          );
          process.kill(process.pid, 'SIGTERM');
        });
        resolve({
          outcome: 'locked',
          release: async () => {
            if (releasing) return;
            releasing = true;
            if (child.exitCode !== null || child.signalCode !== null) return;
            const exited = new Promise((r) => child.once('exit', r));
            // Waited for, the helper must keep this process alive until it has gone: unreferenced, an
            // awaited release with nothing else pending would end the process right there, silently.
            child.ref();
            child.stdin.end();
            await exited;
          },
        });
      });
    });
    child.once('close', (code) =>
      settle(() =>
        code === HELD_ELSEWHERE
          ? resolve({ outcome: 'held' })
          : reject(new Error(`Could not lock ${dir}: ${helper.command} exited with ${code}${err ? `: ${err.trim()}` : ''}`)),
      ),
    );
  });
}

/**
 * Takes an exclusive OS lock (flock) on the data folder itself, held until the returned release is
 * called or this process ends. The folder is locked rather than a file in it: a lock file can be
 * deleted and made anew, which would let a second process lock the new file beside the first.
 * A folder another process holds (also from another container or PID namespace sharing the volume,
 * as long as both run on one kernel) is refused with DataDirLockedError, after `waitMs` of trying
 * again.
 */
export async function lockDataDir(dataDir: string, waitMs = HELD_WAIT_MS): Promise<() => Promise<void>> {
  // A holder that has just died (kill -9, out of memory) lets go only once its helper has read the
  // end of its input and exited: moments, longer on a busy machine. A restart right after a crash
  // waits that long instead of being refused.
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await lockOnce(dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || Date.now() >= until) throw err;
    }
    await sleep(100);
  }
}

async function lockOnce(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  for (const helper of HELPERS) {
    const result = await attempt(helper, dataDir);
    if (result.outcome === 'locked') return result.release;
    if (result.outcome === 'held')
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another process (it holds the lock on that folder). Stop that process first, or set DATA_DIR to another folder.`,
      );
  }
  throw new Error(
    `Could not lock ${dataDir}: neither flock (util-linux) nor perl is installed, and the embedded database must not be opened by two processes at once. Install one of them, or use PostgreSQL (DATABASE_URL).`,
  );
}
