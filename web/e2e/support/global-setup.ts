import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOwnServer, type OwnServer } from './own-server';

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
 * that server on a free port with a fresh embedded database and the demo data, so the journeys prove
 * the production build works. Its address reaches the tests as E2E_BASE_URL: Playwright starts the
 * worker processes after this, with this process's environment. E2E_SKIP_BUILD=1 reuses the builds
 * already there. The returned function is the teardown.
 */
export default async function globalSetup() {
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
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-web-'));
  fs.cpSync(path.join(webRoot, 'dist'), webDist, { recursive: true });
  // The server renderer of public pages beside it (one bundled file tree, it imports nothing from node_modules).
  const webSsr = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-ssr-'));
  fs.cpSync(path.join(webRoot, 'dist-ssr'), webSsr, { recursive: true });
  // The server's copy stays inside server/ (ignored by git as server/.scratch*), beside server/dist:
  // its imports resolve from server/node_modules and the source maps' ../src paths still hold.
  const serverDist = fs.mkdtempSync(path.join(repoRoot, 'server', '.scratch-e2e-'));
  fs.cpSync(path.join(repoRoot, 'server', 'dist'), serverDist, { recursive: true });
  // Inherited by the servers a test file starts for itself (startOwnServer passes process.env on).
  process.env.WEB_DIST = webDist;
  process.env.WEB_SSR = path.join(webSsr, 'entry-server.js');
  process.env.E2E_SERVER_ENTRY = path.join(serverDist, 'main.js');
  const removeCopies = () => {
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(webSsr, { recursive: true, force: true });
    fs.rmSync(serverDist, { recursive: true, force: true });
  };

  let server: OwnServer;
  try {
    server = await startOwnServer({
      WEB_DIST: webDist,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      ADMIN_EMAILS: 'admin@shop.test',
      // The shop's commission, so the journeys show a fee (payouts.e2e.ts).
      PLATFORM_FEE_PERCENT: '10',
      PLATFORM_FEE_FIXED_CENTS: '30',
    });
  } catch (error) {
    removeCopies();
    throw error;
  }
  process.env.E2E_BASE_URL = server.baseUrl;

  const screenshots = path.join(outputDir, 'screenshots');
  fs.mkdirSync(screenshots, { recursive: true });
  // A FAILED- screenshot (a screen that never got ready) belongs to the run that wrote it.
  for (const f of fs.readdirSync(screenshots)) {
    if (f.startsWith('FAILED-')) fs.rmSync(path.join(screenshots, f));
  }

  return async () => {
    fs.writeFileSync(path.join(outputDir, 'server.log'), server.log());
    await server.stop();
    removeCopies();
  };
}
