import { defineConfig } from 'vitest/config';

/**
 * The API suite runs on PGlite always and, when TEST_DATABASE_URL is set (CI), on PostgreSQL too.
 * Each test file gets its own database, cloned from one migrated template (see test/helpers).
 */
const projects = [
  {
    extends: true as const,
    test: { name: 'pglite', env: { TEST_DB: 'pglite' } },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }]
    : []),
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects,
  },
});
