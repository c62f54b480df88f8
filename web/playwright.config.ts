import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

/**
 * Browser journeys: Debian's Chromium (/usr/bin/chromium; nothing is downloaded) against the production
 * build of the web app served by the compiled server (server/dist, as `npm start` runs it) on a free
 * port, with a fresh embedded database and the demo data (e2e/support/global-setup.ts): one server per
 * worker, and the journeys of a file run in order in one worker on that worker's server.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Two workers: with one, the journeys (browser, server, test runner) kept the two cores of the CI
  // machine 72 % busy and took 322 s; with two, 88-94 % and 269 s. E2E_WORKERS=1 runs one file at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Each test's new context would install the service worker (125 files precached) and route every
    // request through it: seven journey files took 155-164 s with it, 143-145 s without, on two cores.
    // The journeys about it (service-worker-pages, phone.e2e.ts's offline and new-version ones) allow it.
    serviceWorkers: 'block',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Recording a trace (a screencast and a DOM snapshot per action) cost a third of the journeys' CPU
    // on the two-core CI machine: CI records one on a failed journey's retry, a local run for every
    // failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
