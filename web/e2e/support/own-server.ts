import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/test/helpers/port';
import { startFlags } from '../../../server/test/helpers/start-flags';

/**
 * The real shop server on a free port with a fresh data directory: the shared one of global-setup,
 * and those a test file starts for itself with the settings it needs (e.g. Google sign-in against a
 * local OIDC provider). `env` overrides the defaults below.
 */

const repoRoot = path.resolve(decodeURIComponent(new URL('.', import.meta.url).pathname), '../../..');

/**
 * Node's arguments for the server: the compiled build named by E2E_SERVER_ENTRY (the journeys' global
 * setup sets it to its copy of server/dist/main.js, run as `npm start` runs it), else the source
 * through tsx (callers that build nothing, such as the front-end bench).
 */
function serverArgs(): string[] {
  const entry = process.env.E2E_SERVER_ENTRY;
  if (entry) return [...startFlags(), entry];
  return ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')];
}

export interface OwnServer {
  baseUrl: string;
  /** Everything the server printed, for a failure message. */
  log(): string;
  stop(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-own-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      RATE_LIMIT_MAX: '100000',
      // The journeys list many items as the few demo sellers: the per-seller upload caps stay out of the way.
      UPLOADS_PER_HOUR: '100000',
      UNUSED_UPLOADS_MAX: '100000',
      // Cheap password hashes for the many people the journeys sign up (decision 075; test mode only).
      ...(!env.NODE_ENV || env.NODE_ENV === 'test' ? { FAST_PASSWORD_HASH: 'true' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.once('exit', r));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`own server exited (${child.exitCode}):\n${out}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`own server not ready after 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, log: () => out, stop };
}
