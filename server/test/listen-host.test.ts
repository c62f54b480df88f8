/**
 * A shop started without HOST is reachable from this machine only: the demo accounts' password is
 * published and the development outbox (/dev/mail) holds sign-up and password-reset links, so anyone
 * on the network could otherwise take any account. The start-up banner says where it listens. The
 * outbox also answers only to this machine when HOST opens the shop (or a proxy stands in front).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './helpers/app';
import { expectError, expectStatus } from './helpers/builders';
import { migratedDataDir, testDbKind } from './helpers/db';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

/** This machine's first address on a network (not loopback), if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const tmpDirs: string[] = [];
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function reachable(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(5000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

describe('HOST', () => {
  it('is 127.0.0.1 unless set, in every mode; HOST=0.0.0.0 opens it', () => {
    const prod = {
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example:587',
      BASE_URL: 'https://shop.example',
      ALLOW_SIMULATED_PAYMENTS: 'true',
    };
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig(prod).host).toBe('127.0.0.1');
    expect(loadConfig({ ...prod, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  // Where it listens does not depend on the database: the servers run in the PGlite project only.
  describe.runIf(testDbKind === 'pglite')('the server as started, without HOST and with HOST=0.0.0.0', () => {
    let closed: ServerProcess | undefined;
    let open: ServerProcess | undefined;
    beforeAll(async () => {
      // The migrated database ready in each folder: these are about where it listens, not the first start.
      const dirs = await Promise.all(
        ['shop-host-', 'shop-host-open-'].map((p) => migratedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), p)))),
      );
      tmpDirs.push(...dirs);
      const [a, b] = await Promise.allSettled([
        startServerProcess(dirs[0] ?? ''),
        startServerProcess(dirs[1] ?? '', { HOST: '0.0.0.0' }),
      ]);
      closed = a?.status === 'fulfilled' ? a.value : undefined;
      open = b?.status === 'fulfilled' ? b.value : undefined;
      if (a?.status === 'rejected') throw a.reason;
      if (b?.status === 'rejected') throw b.reason;
    }, 180_000);
    afterAll(() => Promise.all([closed?.stop(), open?.stop()]));

    const banner = (s: ServerProcess | undefined) =>
      s
        ?.output()
        .split('\n')
        .find((l) => l.includes('Shop running at'));

    it('without HOST, the banner says it is on this machine only, and how to open it', () => {
      const line = banner(closed);
      expect(line).toContain(`http://localhost:${closed?.port}`);
      expect(line).toContain('on this machine only (127.0.0.1)');
      expect(line).toContain('HOST=0.0.0.0');
    });

    it.runIf(lanAddress)('without HOST, it answers on 127.0.0.1 and not on the network address', async () => {
      expect(await reachable(`http://127.0.0.1:${closed?.port}/api/health`)).toBe(true);
      expect(await reachable(`http://${lanAddress}:${closed?.port}/api/health`)).toBe(false);
    });

    it('with HOST=0.0.0.0, the banner says it is open to the network', () => {
      expect(banner(open)).toContain('open to the network on 0.0.0.0 (HOST)');
    });

    it.runIf(lanAddress)('with HOST=0.0.0.0, it answers on the network but keeps the outbox to this machine', async () => {
      expect(await reachable(`http://${lanAddress}:${open?.port}/api/health`)).toBe(true);
      for (const p of ['/api/dev/mail', '/dev/mail']) {
        expect((await fetch(`http://127.0.0.1:${open?.port}${p}`)).status, `${p} here`).toBe(200);
        const far = await fetch(`http://${lanAddress}:${open?.port}${p}`);
        expect(far.status, `${p} from the network`).toBe(404);
        expect(((await far.json()) as { message: string }).message).toContain('only on the machine');
      }
    });
  });
});

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy on this machine (nginx): the client is the one X-Forwarded-For names.
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('answers this machine and refuses everyone else, behind a proxy too', async () => {
    const c = t.client();
    const [mail] = expectStatus(await c.get<{ id: string }[]>('/api/dev/mail'), 200, 'own machine').body;
    expectStatus(await c.request('GET', '/dev/mail'), 200, 'the page, own machine');
    const lan = { 'x-forwarded-for': '192.168.1.20' };
    const refused = expectError(await c.request('GET', '/api/dev/mail', undefined, lan), 404, 'from the network');
    expect(refused.message).toContain('only on the machine');
    expectError(await c.request('GET', '/dev/mail', undefined, lan), 404, 'the page, from the network');
    expectError(await c.request('GET', `/dev/mail/${mail?.id ?? crypto.randomUUID()}`, undefined, lan), 404, 'one mail');
    expectStatus(await c.request('GET', '/api/dev/mail', undefined, { 'x-forwarded-for': '::1' }), 200, 'proxied from loopback');
  });
});
