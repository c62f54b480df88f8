import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster test (test-cluster/), apart from the API suite: it needs a
 * build (server/dist), PostgreSQL, Redis and nginx, and runs alone, one file, in order.
 */
export default defineConfig({
  test: {
    include: ['test-cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
