/**
 * The second factor holds (issue 31):
 *  - an authenticator code is taken once: a code seen over a shoulder, or relayed by a phishing page,
 *    cannot be used again within its 30-second window (two_factor.last_totp_step);
 *  - turning two-factor sign-in on ends the account's other sessions, made with the password alone,
 *    so none of them passes REQUIRE_ADMIN_2FA's gate on the strength of the account's setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ADMIN_EMAIL, admin as adminOf, buyer } from './helpers/builders';
import type { Client } from './helpers/client';
import { secretOf, totp } from './helpers/totp';

const PASSWORD = 'pass-word-123';

/** The code of the next 30-second step: the window accepts it, and it is later than any used so far. */
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

/** Turns two-factor sign-in on for the signed-in `c` with the code of the current step. */
async function enable(c: Client): Promise<string> {
  const r = await c.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const secret = secretOf(r.body.totpURI);
  const v = await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return secret;
}

async function signedInAs(c: Client) {
  return (await c.get<{ user: { email: string } } | null>('/api/auth/get-session')).body?.user.email ?? null;
}

/** A new client at the second step of signing in as `email` (the password was right). */
async function atSecondStep(t: TestApp, email: string) {
  const c = t.client();
  expect((await c.signIn(email)).body).toMatchObject({ twoFactorRedirect: true });
  return c;
}

describe('authenticator codes are taken once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('a code that signed in is refused for another sign-in in its window, as is an older one', async () => {
    const owner = await buyer(t, 'totp-replay');
    const secret = await enable(owner);
    const code = nextCode(secret);

    const first = await atSecondStep(t, owner.email);
    expect((await first.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect(await signedInAs(first)).toBe(owner.email);

    const thief = await atSecondStep(t, owner.email);
    const replay = await thief.post<{ code: string; message: string }>('/api/auth/two-factor/verify-totp', { code });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'CODE_ALREADY_USED', message: expect.stringMatching(/used already/) });
    // The current step's code is older than the one used: refused too.
    expect((await thief.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(401);
    expect(await signedInAs(thief)).toBeNull();
  });

  it('the code that turned two-factor sign-in on does not also sign in', async () => {
    const owner = await buyer(t, 'totp-enable-code');
    const r = await owner.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: PASSWORD });
    const secret = secretOf(r.body.totpURI);
    const code = nextCode(secret);
    expect((await owner.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    const c = await atSecondStep(t, owner.email);
    expect((await c.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(401);
    expect(await signedInAs(c)).toBeNull();
  });

  it('two sign-ins racing with one code: exactly one gets in', async () => {
    const owner = await buyer(t, 'totp-race');
    const secret = await enable(owner);
    const code = nextCode(secret);
    const [a, b] = await Promise.all([atSecondStep(t, owner.email), atSecondStep(t, owner.email)]);
    const answers = await Promise.all([a, b].map((c) => c.post('/api/auth/two-factor/verify-totp', { code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect([await signedInAs(a), await signedInAs(b)].filter(Boolean)).toEqual([owner.email]);
  });
});

describe('turning two-factor sign-in on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUIRE_ADMIN_2FA: 'true' } });
  });
  afterAll(() => t?.close());

  it("ends the account's other sessions, made with the password alone, and keeps this one", async () => {
    const owner = await buyer(t, '2fa-other-sessions');
    const laptop = t.client();
    expect((await laptop.signIn(owner.email)).status).toBe(200);
    expect(await signedInAs(laptop)).toBe(owner.email);

    await enable(owner);
    expect(await signedInAs(owner)).toBe(owner.email);
    expect(await signedInAs(laptop)).toBeNull();
    expect((await laptop.get(`/api/users/buyer/${owner.email}`)).status).toBe(401);
  });

  it('with REQUIRE_ADMIN_2FA, an admin session from before two-factor sign-in was on cannot use the admin tools', async () => {
    const admin = await adminOf(t);
    const older = t.client();
    expect((await older.signIn(ADMIN_EMAIL)).status).toBe(200);
    expect((await older.get('/api/users/allbuyer')).status).toBe(403);

    const secret = await enable(admin);
    expect((await admin.get('/api/users/allbuyer')).status).toBe(200);
    expect((await older.get('/api/users/allbuyer')).status).toBe(401);
    expect((await older.get('/api/audit')).status).toBe(401);
    // Signing in again on that device asks for the code, and then the tools open.
    const again = await atSecondStep(t, ADMIN_EMAIL);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: nextCode(secret) })).status).toBe(200);
    expect((await again.get('/api/users/allbuyer')).status).toBe(200);
  });
});
