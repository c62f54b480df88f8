import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { createTestDatabase, testDbKind } from './db';
import { freePort } from './port';

const serverDir = path.resolve(decodeURIComponent(new URL('../..', import.meta.url).pathname));

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Its environment (for a command run beside it, e.g. npm run backup). */
  env: Record<string, string | undefined>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL after 10 s) and drops its database. */
  stop(): Promise<void>;
};

/**
 * The server as `npm run dev` starts it (`src/main.ts`, its own process), on `dataDir`, with the
 * test run's database kind: the embedded one in `dataDir`, or a fresh PostgreSQL database. `env` adds
 * settings (`undefined` removes one); HOST and BETTER_AUTH_SECRET are whatever `env` says (none: the
 * server's defaults). Resolves once it answers /api/ready on 127.0.0.1.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string | undefined> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const database = testDbKind === 'postgres' ? await createTestDatabase() : undefined;
  const databaseUrl = database
    ? String((database.db as unknown as { $client: pg.Pool }).$client.options.connectionString)
    : undefined;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    // As `npm start` has it (vitest sets BASE_URL=/ for Vite in its own environment).
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
  // The server's defaults unless `env` names them: where it listens, and the secret it keeps in DATA_DIR.
  if (!('HOST' in env)) delete childEnv.HOST;
  if (!('BETTER_AUTH_SECRET' in env)) delete childEnv.BETTER_AUTH_SECRET;
  if (!databaseUrl) delete childEnv.DATABASE_URL;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await database?.close();
  };
  const until = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${out}`);
    }
    try {
      // Ready, and the start-up lines printed (they follow the listen).
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok && out.includes('Shop running at')) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`the server did not start in 150 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, env: childEnv, output: () => out, stop };
}
