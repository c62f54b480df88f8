import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: real Chromium (Debian's /usr/bin/chromium) through playwright-core, against the
 * production build served by the real server on a free port with a fresh embedded database.
 */
export default defineConfig({
  test: {
    root: decodeURIComponent(new URL('.', import.meta.url).pathname),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: process.env.CI ? 1 : 0,
    allowOnly: !process.env.CI,
  },
});
