import os from 'node:os';
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
    // Files share nothing global (each starts its own app on its own database), so a worker keeps its
    // loaded modules (Fastify, Better Auth, PGlite's WASM) from file to file: half the CPU of the suite.
    isolate: false,
    // Vitest's default for `run` is one worker per core less one: a single worker on a 2-core machine,
    // while these tests spend much of their time waiting on HTTP and the database.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects,
  },
});
