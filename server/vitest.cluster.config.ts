import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster test (test-cluster/), apart from the API suite: it needs a
 * build (server/dist), PostgreSQL, Redis and nginx, and runs alone, one file, in order.
 */
export default defineConfig({
  test: {
    include: ['test-cluster/**/*.test.ts'],
    // Generous: on a busy 2-core machine an instance takes up to ~25 s to restart under the load.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
