import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOwnServer } from './own-server';

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

/** Builds the web app, starts the real server on a free port with a fresh embedded database. */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  // Serve a private copy of the build: another `vite build` (a second run, a developer) empties
  // web/dist and writes new chunk names, which would blank the pages of a run in progress.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-web-'));
  fs.cpSync(path.join(webRoot, 'dist'), webDist, { recursive: true });
  process.env.WEB_DIST = webDist;
  const server = await startOwnServer({ WEB_DIST: webDist, SEED_DEMO: 'true', DEMO_PASSWORD, ADMIN_EMAILS: 'admin@shop.test' });
  const baseUrl = server.baseUrl;

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
    fs.writeFileSync(path.join(outputDir, 'server.log'), server.log());
    await server.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
  };
}
