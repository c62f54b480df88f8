import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { migratedDataDir, testDbKind } from './helpers/db';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

/** A production start is never a demo: no public demo password, demo data only when asked, with a random password. */

describe('production is never a demo', () => {
  it('the public demo password is refused in production', () => {
    const prod = {
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/shop-review-config',
      BASE_URL: 'https://shop.example.test',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      ALLOW_SIMULATED_PAYMENTS: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    expect(() => loadConfig({ ...prod, DEMO_PASSWORD: 'demo-shop-2026' })).toThrow(/DEMO_PASSWORD/);
    const c = loadConfig(prod);
    expect(c.seedDemo).toBe(false);
    expect(c.demoPassword).not.toBe('demo-shop-2026');
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  // The server process itself (src/main.ts) on the embedded database, as `npm start` runs it.
  describe.skipIf(testDbKind === 'postgres')('the server started with NODE_ENV=production (embedded database)', () => {
    const dirs: string[] = [];
    let running: ServerProcess | undefined;
    afterEach(async () => {
      await running?.stop();
      running = undefined;
    });
    afterAll(() => {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    /**
     * `npm start` in production on the embedded database: no demo settings but those in `env`. The
     * folders hold the migrated database already (helpers/db.ts): these are about the demo, not initdb.
     */
    async function start(dataDir: string, env: Record<string, string> = {}) {
      running = await startServerProcess(dataDir, {
        NODE_ENV: 'production',
        WEB_DIST: path.join(dataDir, 'no-web'),
        BETTER_AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
        ALLOW_SIMULATED_PAYMENTS: 'true',
        // Required in production; no mail is sent here (background jobs are off).
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PGLITE_FSYNC: 'off',
        SEED_DEMO: undefined,
        DEMO_PASSWORD: undefined,
        REDIS_URL: undefined,
        TRUST_PROXY: undefined,
        ...env,
      });
      const s = running;
      // Its BASE_URL is http://localhost:<port>, the origin a write must come from.
      return { baseUrl: `http://127.0.0.1:${s.port}`, origin: `http://localhost:${s.port}`, output: s.output, stop: s.stop };
    }

    const signIn = (s: { baseUrl: string; origin: string }, password: string) =>
      fetch(`${s.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.origin },
        body: JSON.stringify({ email: 'admin@shop.test', password }),
      });

    it('without SEED_DEMO: no demo account and no demo password printed; the categories are there', async () => {
      const dataDir = await migratedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-prod-')));
      dirs.push(dataDir);
      const s = await start(dataDir);
      expect(s.output()).not.toContain('demo-shop-2026');
      expect(s.output()).not.toContain('admin@shop.test');
      expect((await signIn(s, 'demo-shop-2026')).status).toBe(401);
      const categories = (await (await fetch(`${s.baseUrl}/api/category`)).json()) as unknown[];
      expect(categories).toHaveLength(6);
      await s.stop();
    }, 180_000);

    it('with SEED_DEMO=true: a random password, printed once, never the public one', async () => {
      const dataDir = await migratedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-prod-')));
      dirs.push(dataDir);
      const first = await start(dataDir, { SEED_DEMO: 'true' });
      const printed = /shown this once: (\S+)\):/.exec(first.output())?.[1];
      expect(printed, first.output()).toBeDefined();
      expect(printed).not.toBe('demo-shop-2026');
      expect(first.output()).not.toContain('demo-shop-2026');
      expect((await signIn(first, 'demo-shop-2026')).status).toBe(401);
      expect((await signIn(first, printed ?? '')).status).toBe(200);
      await first.stop();

      const again = await start(dataDir, { SEED_DEMO: 'true' });
      expect(again.output()).not.toContain(printed ?? '');
      expect(again.output()).not.toContain('demo-shop-2026');
      expect((await signIn(again, printed ?? '')).status).toBe(200);
      await again.stop();
    }, 300_000);
  });
});
