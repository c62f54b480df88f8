import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError, createBackup, type BackupSource, type Manifest } from './archive';

/**
 * The embedded database lives inside the server process, and its folder is locked against every other
 * process: a backup of a running shop must be taken by the server itself. `npm run backup` asks it over
 * this Unix socket in DATA_DIR. Only the server's own user can connect (the socket is mode 0600), who
 * could copy the data anyway.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

type Request = { command: 'backup'; out: string };
type Reply = { ok: true; manifest: Manifest } | { ok: false; error: string };

/** Listens for backup requests of the CLI while the server runs on the embedded database. */
export async function serveControlSocket(opts: {
  dataDir: string;
  client: PGlite;
  media: Omit<BackupSource, 'database'>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Promise<() => Promise<void>> {
  const file = controlSocketPath(opts.dataDir);
  // The data dir is locked by this process: a socket file left there is from a server that died.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let buf = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buf += chunk;
      if (buf.length > 64 * 1024) socket.destroy();
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      const line = buf.slice(0, nl);
      buf = '';
      void (async () => {
        let reply: Reply;
        try {
          const req = JSON.parse(line) as Request;
          if (req.command !== 'backup' || typeof req.out !== 'string' || !path.isAbsolute(req.out))
            throw new BackupError('Unknown request.');
          const started = Date.now();
          const manifest = await createBackup({ database: { kind: 'pglite', client: opts.client }, ...opts.media }, req.out);
          opts.log.info({ out: req.out, ms: Date.now() - started }, 'backup written');
          reply = { ok: true, manifest };
        } catch (err) {
          opts.log.error({ err }, 'backup failed');
          reply = { ok: false, error: (err as Error).message };
        }
        socket.end(`${JSON.stringify(reply)}\n`);
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
    });
}

/** Asks the server holding `dataDir` to write a backup to `out` (an absolute path). */
export function requestBackup(dataDir: string, out: string): Promise<Manifest> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let buf = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup', out } satisfies Request)}\n`));
    socket.on('data', (d) => (buf += d));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
            ? `A server holds ${dataDir} but does not answer on ${controlSocketPath(dataDir)} (an older version?). Stop it and run the backup again.`
            : `Could not reach the server: ${err.message}`,
        ),
      ),
    );
    socket.on('end', () => {
      try {
        const reply = JSON.parse(buf) as Reply;
        if (reply.ok) resolve(reply.manifest);
        else reject(new BackupError(`The server could not write the backup: ${reply.error}`));
      } catch {
        reject(new BackupError('The server closed the connection without an answer.'));
      }
    });
  });
}
