import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoPassword: string;
    outputDir: string;
  }
}

const webRoot = path.resolve(decodeURIComponent(new URL('.', import.meta.url).pathname), '../..');
const repoRoot = path.resolve(webRoot, '..');
export const DEMO_PASSWORD = 'e2e-demo-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, log: () => string) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const r = await fetch(`${url}/api/ready`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not ready after 90 s:\n${log()}`);
}

/** Builds the web app, starts the real server on a free port with a fresh embedded database. */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  // Serve a private copy of the build: another `vite build` (a second run, a developer) empties
  // web/dist and writes new chunk names, which would blank the pages of a run in progress.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-web-'));
  fs.cpSync(path.join(webRoot, 'dist'), webDist, { recursive: true });
  process.env.WEB_DIST = webDist;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      ADMIN_EMAILS: 'admin@shop.test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  await waitReady(baseUrl, child, () => out);

  const outputDir = path.join(webRoot, 'test-output');
  fs.mkdirSync(path.join(outputDir, 'screenshots'), { recursive: true });
  // A FAILED- screenshot (a screen that never got ready) belongs to the run that wrote it.
  for (const f of fs.readdirSync(path.join(outputDir, 'screenshots'))) {
    if (f.startsWith('FAILED-')) fs.rmSync(path.join(outputDir, 'screenshots', f));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('demoPassword', DEMO_PASSWORD);
  project.provide('outputDir', outputDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    fs.writeFileSync(path.join(outputDir, 'server.log'), out);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  };
}
