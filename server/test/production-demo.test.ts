import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { freePort } from './helpers/port';
import { testDbKind } from './helpers/db';

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
    const serverDir = path.resolve(decodeURIComponent(new URL('.', import.meta.url).pathname), '..');
    const dirs: string[] = [];
    let running: { child: ChildProcess; exited: Promise<unknown> } | undefined;
    afterEach(async () => {
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGTERM');
        await running.exited;
      }
      running = undefined;
    });
    afterAll(() => {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    async function start(dataDir: string, env: Record<string, string> = {}) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const childEnv: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        BETTER_AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
        ALLOW_SIMULATED_PAYMENTS: 'true',
        // Required in production; no mail is sent here (background jobs are off).
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PGLITE_FSYNC: 'off',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      };
      for (const k of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'DEMO_PASSWORD', 'TRUST_PROXY'])
        if (!(k in env)) delete childEnv[k];
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.on('data', (d) => (out += d));
      child.stderr?.on('data', (d) => (out += d));
      const exited = new Promise((r) => child.once('exit', r));
      running = { child, exited };
      const until = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
        try {
          if ((await fetch(`${baseUrl}/api/ready`)).ok && out.includes('Shop running at')) break;
        } catch {
          /* not listening yet */
        }
        if (Date.now() > until) throw new Error(`server not ready after 120 s:\n${out}`);
        await new Promise((r) => setTimeout(r, 150));
      }
      const stop = async () => {
        child.kill('SIGTERM');
        await exited;
      };
      return { baseUrl, output: () => out, stop };
    }

    const signIn = (baseUrl: string, password: string) =>
      fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: 'admin@shop.test', password }),
      });

    it('without SEED_DEMO: no demo account and no demo password printed; the categories are there', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-prod-'));
      dirs.push(dataDir);
      const s = await start(dataDir);
      expect(s.output()).not.toContain('demo-shop-2026');
      expect(s.output()).not.toContain('admin@shop.test');
      expect((await signIn(s.baseUrl, 'demo-shop-2026')).status).toBe(401);
      const categories = (await (await fetch(`${s.baseUrl}/api/category`)).json()) as unknown[];
      expect(categories).toHaveLength(6);
      await s.stop();
    }, 180_000);

    it('with SEED_DEMO=true: a random password, printed once, never the public one', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-prod-'));
      dirs.push(dataDir);
      const first = await start(dataDir, { SEED_DEMO: 'true' });
      const printed = /shown this once: (\S+)\):/.exec(first.output())?.[1];
      expect(printed, first.output()).toBeDefined();
      expect(printed).not.toBe('demo-shop-2026');
      expect(first.output()).not.toContain('demo-shop-2026');
      expect((await signIn(first.baseUrl, 'demo-shop-2026')).status).toBe(401);
      expect((await signIn(first.baseUrl, printed ?? '')).status).toBe(200);
      await first.stop();

      const again = await start(dataDir, { SEED_DEMO: 'true' });
      expect(again.output()).not.toContain(printed ?? '');
      expect(again.output()).not.toContain('demo-shop-2026');
      expect((await signIn(again.baseUrl, printed ?? '')).status).toBe(200);
      await again.stop();
    }, 300_000);
  });
});
