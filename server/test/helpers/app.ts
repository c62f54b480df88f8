import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client';
import { user } from '../../src/db/schema';
import { seedCategories } from '../../src/seed/demo';
import type { Payments } from '../../src/modules/payments/providers';
import { createTestDatabase } from './db';
import { Client } from './client';
import { freePort } from './port';

export type TestApp = {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  database: Database;
  /** A new signed-out HTTP client for this server. */
  client(): Client;
  close(): Promise<void>;
};

/**
 * The settings of a test app, its files in `dataDir`; `env` adds settings as the process environment
 * would. Background jobs are off unless `env` turns them on (JOBS_ENABLED).
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // Cheap password hashes (decision 075): the suite signs thousands of people up and in.
    FAST_PASSWORD_HASH: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ADMIN_EMAILS: 'admin@test.shop',
    // Tests sign many users up from one IP: abuse limits are out of the way unless a test sets them.
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_EMAIL_HOURLY_MAX: '1000000',
    UPLOADS_PER_HOUR: '1000000',
    UNUSED_UPLOADS_MAX: '1000000',
    BOOKINGS_OPEN_UNPAID_MAX: '1000000',
    BOOKINGS_PER_DAY_MAX: '1000000',
    JOBS_ENABLED: 'false',
    ...env,
  });
}

/** What following the verification link does to the account, written straight to the database. */
export async function markEmailVerified(database: Database, userId: string) {
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/**
 * The real app on a real port over a fresh database (categories seeded, no demo users).
 * `env` adds settings as the process environment would (e.g. ADMIN_EMAILS). BASE_URL, the only
 * origin the shop trusts, is the server's own address unless `env` names another.
 * `logStream` receives the log lines (with LOG_LEVEL set in `env`).
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    payments?: (db: Database) => Payments;
    logStream?: { write(line: string): void };
    /** The time the app's jobs and hand-offs go by (tests move it on instead of sleeping). */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedCategories(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-app-'));
  const port = opts.env?.PORT ?? (opts.env?.BASE_URL ? '0' : String(await freePort()));
  const config = testConfig(dataDir, { PORT: port, BASE_URL: `http://127.0.0.1:${port}`, ...opts.env });
  const app = await buildApp({
    config,
    database,
    payments: opts.payments?.(database),
    logStream: opts.logStream,
    clock: opts.clock,
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    config,
    database,
    client: () => new Client(baseUrl, baseUrl, (id) => markEmailVerified(database, id)),
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on `t`'s PostgreSQL database, on a port of its own (its own pool and data folder), as
 * another instance of the shop would run: for what must cross instances (NOTIFY, Redis).
 */
export async function startSecondInstance(t: TestApp, env: Record<string, string> = {}) {
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const database = await createDatabase({ kind: 'postgres', url: String(pool.options.connectionString), poolSize: 4 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-b-'));
  const app = await buildApp({ config: testConfig(dir, { PORT: '0', BASE_URL: t.baseUrl, ...env }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For files whose tests each need an app of their own settings: `app(env)` starts one, and every app a
 * test started is closed after it.
 */
export function appPerTest(defaults: Record<string, string> = {}) {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  return async (env: Record<string, string> = {}, logStream?: { write(line: string): void }) => {
    const a = await startTestApp({ env: { ...defaults, ...env }, logStream });
    apps.push(a);
    return a;
  };
}

/** A client that the proxy in front of the shop (127.0.0.1, as TRUST_PROXY names it) says comes from `ip`. */
export function fromIp(a: TestApp, ip: string): Client {
  const c = a.client();
  const request = c.request.bind(c);
  c.request = <T>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    request<T>(method, p, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}
