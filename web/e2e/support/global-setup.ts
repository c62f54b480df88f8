import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startOwnServer } from './own-server';

const webRoot = path.resolve(decodeURIComponent(new URL('.', import.meta.url).pathname), '../..');
const repoRoot = path.resolve(webRoot, '..');
export const DEMO_PASSWORD = 'e2e-demo-password';
/** Screenshots (screenshots/*.png) and the shared server's log. */
export const outputDir = path.join(webRoot, 'test-output');

/** Fails with what to do when a build the journeys need is missing (E2E_SKIP_BUILD with nothing built). */
function mustExist(file: string, build: string) {
  if (!fs.existsSync(file)) throw new Error(`${file} not found: run \`${build}\` (or unset E2E_SKIP_BUILD)`);
}

/**
 * Builds what `npm start` runs, the web app and the compiled server (server/dist/main.js), and starts
 * that server, one per worker, each on a free port with a fresh embedded database and the demo data,
 * so the journeys prove the production build works. Each worker takes its own server's address as
 * E2E_BASE_URL and its own copy of the web build as WEB_DIST (fixtures.ts, from E2E_WORKER_ENVS):
 * Playwright starts the worker processes after this, with this process's environment. A journey may
 * change its server's copy of the build (a new sw.js, a new index.html), so no two servers share one.
 * E2E_SKIP_BUILD=1 reuses the builds already there. The returned function is the teardown.
 */
export default async function globalSetup(config: FullConfig) {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
    execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: repoRoot, stdio: 'inherit' });
  }
  mustExist(path.join(webRoot, 'dist', 'index.html'), 'npm run build -w web');
  mustExist(path.join(webRoot, 'dist-ssr', 'entry-server.js'), 'npm run build -w web');
  mustExist(path.join(repoRoot, 'server', 'dist', 'main.js'), 'npm run build -w server');

  // Run private copies of both builds: another build (a second run, a developer, `npm start`) empties
  // web/dist and server/dist and writes new files, which would blank the pages of a run in progress
  // or break a server a test file starts later.
  const copies: string[] = [];
  const copy = (from: string, parent: string, prefix: string) => {
    const to = fs.mkdtempSync(path.join(parent, prefix));
    copies.push(to);
    fs.cpSync(from, to, { recursive: true });
    return to;
  };
  const removeCopies = () => {
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  };
  // The server renderer of public pages (one bundled file tree, it imports nothing from node_modules).
  const webSsr = copy(path.join(webRoot, 'dist-ssr'), os.tmpdir(), 'shop-e2e-ssr-');
  // The server's copy stays inside server/ (ignored by git as server/.scratch*), beside server/dist:
  // its imports resolve from server/node_modules and the source maps' ../src paths still hold.
  const serverDist = copy(path.join(repoRoot, 'server', 'dist'), path.join(repoRoot, 'server'), '.scratch-e2e-');
  // Inherited by the servers a test file starts for itself (startOwnServer passes process.env on).
  process.env.WEB_SSR = path.join(webSsr, 'entry-server.js');
  process.env.E2E_SERVER_ENTRY = path.join(serverDist, 'main.js');

  const webDists = Array.from({ length: Math.max(1, config.workers) }, () =>
    copy(path.join(webRoot, 'dist'), os.tmpdir(), 'shop-e2e-web-'),
  );
  const started = await Promise.allSettled(
    webDists.map((webDist) =>
      startOwnServer({
        WEB_DIST: webDist,
        SEED_DEMO: 'true',
        DEMO_PASSWORD,
        ADMIN_EMAILS: 'admin@shop.test',
        // The shop's commission, so the journeys show a fee (payouts.e2e.ts).
        PLATFORM_FEE_PERCENT: '10',
        PLATFORM_FEE_FIXED_CENTS: '30',
      }),
    ),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    removeCopies();
    throw failed.reason;
  }
  const workerEnvs = servers.map((server, i) => ({ E2E_BASE_URL: server.baseUrl, WEB_DIST: webDists[i] }));
  process.env.E2E_WORKER_ENVS = JSON.stringify(workerEnvs);
  // The first server's, for whoever reads these outside a worker.
  Object.assign(process.env, workerEnvs[0]);

  const screenshots = path.join(outputDir, 'screenshots');
  fs.mkdirSync(screenshots, { recursive: true });
  // A FAILED- screenshot (a screen that never got ready) belongs to the run that wrote it.
  for (const f of fs.readdirSync(screenshots)) {
    if (f.startsWith('FAILED-')) fs.rmSync(path.join(screenshots, f));
  }

  return async () => {
    for (const [i, server] of servers.entries())
      fs.writeFileSync(path.join(outputDir, i ? `server-${i}.log` : 'server.log'), server.log());
    await Promise.all(servers.map((s) => s.stop()));
    removeCopies();
  };
}
