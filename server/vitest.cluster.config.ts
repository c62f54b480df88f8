import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster test (test-cluster/), apart from the API suite: it needs a
 * build (server/dist), PostgreSQL, Redis and nginx, and runs alone, one file, in order.
 */
export default defineConfig({
  test: {
    include: ['test-cluster/**/*.test.ts'],
    // Generous: a test waits for progress, not for fixed times, and on a 2-core machine running other
    // work (npm run test:cluster -- --busy) an instance took up to ~45 s to restart under the
    // 150-client load, which made some 15 requests a second; a test took up to ~2.5 minutes.
    testTimeout: 900_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
