import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOwnServer } from './own-server';

const webRoot = path.resolve(decodeURIComponent(new URL('.', import.meta.url).pathname), '../..');
const repoRoot = path.resolve(webRoot, '..');
export const DEMO_PASSWORD = 'e2e-demo-password';
/** Screenshots (screenshots/*.png) and the shared server's log. */
export const outputDir = path.join(webRoot, 'test-output');

/**
 * Builds the web app and starts the real server on a free port with a fresh embedded database and
 * the demo data. Its address reaches the tests as E2E_BASE_URL: Playwright starts the worker
 * processes after this, with this process's environment. The returned function is the teardown.
 */
export default async function globalSetup() {
  if (!process.env.E2E_SKIP_BUILD) execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  // Serve a private copy of the build: another `vite build` (a second run, a developer) empties
  // web/dist and writes new chunk names, which would blank the pages of a run in progress.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-web-'));
  fs.cpSync(path.join(webRoot, 'dist'), webDist, { recursive: true });
  // Inherited by the servers a test file starts for itself (startOwnServer passes process.env on).
  process.env.WEB_DIST = webDist;
  const server = await startOwnServer({ WEB_DIST: webDist, SEED_DEMO: 'true', DEMO_PASSWORD, ADMIN_EMAILS: 'admin@shop.test' });
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
    fs.rmSync(webDist, { recursive: true, force: true });
  };
}
