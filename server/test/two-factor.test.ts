/**
 * Two-factor sign-in (Better Auth's twoFactor plugin) over HTTP: turning it on with a code from an
 * authenticator app (computed here from the secret, RFC 6238), the second step of signing in, one-time
 * recovery codes, turning it off, and REQUIRE_ADMIN_2FA for admin calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './helpers/app';
import { ADMIN_EMAIL, admin as adminOf, buyer, type ErrorBody } from './helpers/builders';
import type { Client } from './helpers/client';
import { secretOf, totp } from './helpers/totp';

const PASSWORD = 'pass-word-123';
const GATE_MESSAGE = 'Turn on two-factor sign-in on your profile page to use admin tools.';

type Enabled = { totpURI: string; backupCodes: string[] };
type SessionBody = { user: { email: string; twoFactorEnabled?: boolean } } | null;

/** A wrong code for `secret` now: the right one with its last digit changed. */
const wrongCode = (secret: string) => {
  const right = totp(secret);
  return right.slice(0, 5) + String((Number(right[5]) + 1) % 10);
};

/**
 * The code of the next 30-second step. Each code is taken once (second-factor.test.ts), so signing in
 * right after turning two-factor sign-in on takes the next one, which the window accepts too.
 */
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

/** Turns two-factor sign-in on for the signed-in `c`: password, then a code from the app. */
async function enable(c: Client): Promise<{ secret: string; backupCodes: string[] }> {
  const r = await c.post<Enabled>('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const secret = secretOf(r.body.totpURI);
  const v = await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return { secret, backupCodes: r.body.backupCodes };
}

async function session(c: Client): Promise<SessionBody> {
  return (await c.get<SessionBody>('/api/auth/get-session')).body;
}

describe('two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('turns on only with the password and a correct code from the app', async () => {
    const c = await buyer(t, '2fa-on');
    expect((await c.post('/api/auth/two-factor/enable', { password: 'not-my-password' })).status).toBe(400);

    const r = await c.post<Enabled>('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.totpURI).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(r.body.backupCodes).toHaveLength(10);
    // Not on until a code from the app confirms the secret was saved.
    expect((await session(c))?.user.twoFactorEnabled).toBe(false);

    const secret = secretOf(r.body.totpURI);
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status).toBe(401);
    expect((await session(c))?.user.twoFactorEnabled).toBe(false);

    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    expect((await session(c))?.user.twoFactorEnabled).toBe(true);
  });

  it('asks for the code after a correct password, and signs in only with it', async () => {
    const owner = await buyer(t, '2fa-signin');
    const { secret } = await enable(owner);

    const c = t.client();
    const first = await c.signIn(owner.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // No session yet: the password alone opens nothing.
    expect(await session(c)).toBeNull();
    expect((await c.get(`/api/users/buyer/${owner.email}`)).status).toBe(401);

    expect((await c.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status).toBe(401);
    expect(await session(c)).toBeNull();

    const ok = await c.post('/api/auth/two-factor/verify-totp', { code: nextCode(secret) });
    expect(ok.status).toBe(200);
    expect((await session(c))?.user.email).toBe(owner.email);
    expect((await c.get(`/api/users/buyer/${owner.email}`)).status).toBe(200);

    // A wrong password never reaches the second step.
    const wrong = await t.client().signIn(owner.email, 'not-my-password');
    expect(wrong.status).toBe(401);
  });

  it('takes a recovery code instead of the app, each code once', async () => {
    const owner = await buyer(t, '2fa-recovery');
    const { backupCodes } = await enable(owner);
    const code = backupCodes[0] ?? '';

    const c = t.client();
    await c.signIn(owner.email);
    expect((await c.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(200);
    expect((await session(c))?.user.email).toBe(owner.email);

    const again = t.client();
    await again.signIn(owner.email);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(401);
    expect(await session(again)).toBeNull();
    // The next code still works.
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(200);
  });

  it('new recovery codes replace the old ones', async () => {
    const owner = await buyer(t, '2fa-regen');
    const { backupCodes } = await enable(owner);
    const r = await owner.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.backupCodes).toHaveLength(10);
    expect(r.body.backupCodes).not.toContain(backupCodes[0]);

    const c = t.client();
    await c.signIn(owner.email);
    expect((await c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(401);
    expect((await c.post('/api/auth/two-factor/verify-backup-code', { code: r.body.backupCodes[0] })).status).toBe(200);
  });

  it('turns off only with the password; then the password alone signs in', async () => {
    const owner = await buyer(t, '2fa-off');
    await enable(owner);
    expect((await owner.post('/api/auth/two-factor/disable', { password: 'not-my-password' })).status).toBe(400);
    expect((await session(owner))?.user.twoFactorEnabled).toBe(true);

    expect((await owner.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect((await session(owner))?.user.twoFactorEnabled).toBe(false);

    const c = t.client();
    const r = await c.signIn(owner.email);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('twoFactorRedirect');
    expect((await session(c))?.user.email).toBe(owner.email);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('defaults to on in production only, and the setting wins', () => {
    // What production requires besides (a secret, mail, the public origin, real payments or the opt-in).
    const base = {
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      ALLOW_SIMULATED_PAYMENTS: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      BASE_URL: 'https://shop.example.test',
    };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', REQUIRE_ADMIN_2FA: 'false' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development', REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
    expect(() => loadConfig({ ...base, REQUIRE_ADMIN_2FA: 'maybe' })).toThrow(/REQUIRE_ADMIN_2FA/);
  });

  describe('on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { REQUIRE_ADMIN_2FA: 'true' } });
    });
    afterAll(() => t?.close());

    it('refuses admin calls until the admin has two-factor sign-in on', async () => {
      const admin = await adminOf(t);
      for (const path of ['/api/users/allbuyer', '/api/payments', '/api/audit']) {
        const r = await admin.get<ErrorBody>(path);
        expect(r.status, path).toBe(403);
        expect(r.body, path).toEqual({ error: 'two_factor_required', message: GATE_MESSAGE, requestId: expect.any(String) });
      }
      // Not an admin: the usual 403, nothing about two-factor.
      const b = await buyer(t, 'gate-buyer');
      expect((await b.get<ErrorBody>('/api/users/allbuyer')).body.error).toBe('forbidden');
      // Calls anyone may make are not gated.
      expect((await admin.get(`/api/users/admin/${ADMIN_EMAIL}`)).status).toBe(200);

      const { secret } = await enable(admin);
      for (const path of ['/api/users/allbuyer', '/api/payments', '/api/audit'])
        expect((await admin.get(path)).status, path).toBe(200);

      // On another device: nothing before the code, the admin tools after it.
      const again = t.client();
      await again.signIn(ADMIN_EMAIL);
      expect((await again.get('/api/users/allbuyer')).status).toBe(401);
      expect((await again.post('/api/auth/two-factor/verify-totp', { code: nextCode(secret) })).status).toBe(200);
      expect((await again.get('/api/users/allbuyer')).status).toBe(200);
    });
  });

  describe('off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('lets an admin without two-factor sign-in use the admin tools', async () => {
      expect(t.config.requireAdmin2fa).toBe(false);
      const admin = await adminOf(t);
      expect((await session(admin))?.user.twoFactorEnabled).toBe(false);
      expect((await admin.get('/api/users/allbuyer')).status).toBe(200);
      expect((await admin.get('/api/audit')).status).toBe(200);
    });
  });
});
