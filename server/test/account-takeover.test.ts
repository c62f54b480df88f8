/**
 * Taking over an account through its email address (issue 31):
 *  - pre-hijacking: someone signs up with an address they do not own (one of ADMIN_EMAILS, say), with
 *    their own password and their own authenticator app, and stays signed in. When the owner follows
 *    the "Confirm your email" link, nothing the stranger set may survive: their sessions end, their
 *    password and two-factor sign-in go, and the owner chooses the password. The admin grant comes
 *    only then.
 *  - sign-up with a taken address: answered exactly as a new one (no "already exists" to probe
 *    addresses with), and the owner is mailed instead.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auditLog, twoFactor, user, verification } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { buyer, uniqueEmail } from './helpers/builders';
import type { Client } from './helpers/client';
import { type Mailbox, type ReceivedMail, startMailbox } from './helpers/mailbox';
import { secretOf, totp } from './helpers/totp';

let mailbox: Mailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestApp({
    env: { SMTP_URL: mailbox.url, JOBS_ENABLED: 'true', ADMIN_EMAILS: 'admin@test.shop, chief@test.shop' },
  });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const CONFIRM = 'Confirm your email address';
const ATTEMPT = 'Someone tried to sign up with your email address';

function verifyLink(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.startsWith(`${t.config.baseUrl}/api/auth/verify-email?`));
  expect(link, `a verification link in ${mail.text}`).toBeDefined();
  return link!;
}

async function sessionOf(c: Client) {
  return (await c.get<{ user: { email: string } } | null>('/api/auth/get-session')).body;
}

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  return row!;
}

describe('pre-hijacking: an account opened with an address its maker does not own', () => {
  it("following the link ends the stranger's sessions, voids their password and 2FA, and leads the owner to choose a password; the admin grant comes only then", async () => {
    const email = 'chief@test.shop';
    const strangerPassword = 'stranger-pass-31';
    // The stranger signs up with the chief's address, turns on 2FA with their own app and keeps a
    // second session on another device.
    const stranger = await t.client().signUp(email, { verified: false, password: strangerPassword });
    const enabled = await stranger.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
      password: strangerPassword,
    });
    expect(enabled.status).toBe(200);
    const secret = secretOf(enabled.body.totpURI);
    expect((await stranger.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    const elsewhere = t.client();
    expect((await elsewhere.signIn(email, strangerPassword)).body).toMatchObject({ twoFactorRedirect: true });
    expect((await elsewhere.post('/api/auth/two-factor/verify-backup-code', { code: enabled.body.backupCodes[0] })).status).toBe(
      200,
    );
    expect(await sessionOf(stranger)).toMatchObject({ user: { email } });
    expect(await sessionOf(elsewhere)).toMatchObject({ user: { email } });
    expect((await userRow(email)).role).not.toBe('admin');

    // The real owner opens the mail (on their phone: a browser of its own).
    const owner = t.client();
    const nav = await owner.navigate(verifyLink(await mailbox.waitFor(email, { subject: CONFIRM })));
    expect(nav.landed.pathname).toBe('/reset-password');
    expect(nav.landed.searchParams.get('verified')).toBe('1');
    const token = nav.landed.searchParams.get('token');
    expect(token).toBeTruthy();
    // Nobody was signed in by the link, and the stranger is signed out everywhere.
    expect(await sessionOf(owner)).toBeNull();
    expect(await sessionOf(stranger)).toBeNull();
    expect(await sessionOf(elsewhere)).toBeNull();
    expect((await stranger.get('/api/users/allbuyer')).status).toBe(401);
    // Their password opens nothing, and their 2FA is gone with its recovery codes.
    expect((await t.client().signIn(email, strangerPassword)).status).toBe(401);
    const row = await userRow(email);
    expect(row.emailVerified).toBe(true);
    expect(row.twoFactorEnabled).toBe(false);
    expect(await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, row.id))).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(account)
        .where(and(eq(account.userId, row.id), eq(account.providerId, 'credential'))),
    ).toHaveLength(0);

    // The owner chooses the password (the page the link led to), then signs in with no stranger's code.
    expect((await owner.post('/api/auth/reset-password', { token, newPassword: 'owners-own-pass-9' })).status).toBe(200);
    const signIn = await owner.signIn(email, 'owners-own-pass-9');
    expect(signIn.status).toBe(200);
    expect(signIn.body).not.toHaveProperty('twoFactorRedirect');
    expect((await owner.get<{ isAdmin: boolean }>(`/api/users/admin/${email}`)).body).toEqual({ isAdmin: true });
    expect((await owner.get('/api/users/allbuyer')).status).toBe(200);
    const grants = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, row.id));
    expect(grants.map((g) => g.action)).toContain('role.granted');
    // The stranger's password still opens nothing.
    expect((await t.client().signIn(email, strangerPassword)).status).toBe(401);
  });

  it('the password link it leads to works once; the verification link opened again leads to no new one', async () => {
    const email = uniqueEmail('twice');
    await t.client().signUp(email, { verified: false });
    const link = verifyLink(await mailbox.waitFor(email, { subject: CONFIRM }));
    const first = await t.client().navigate(link);
    const token = first.landed.searchParams.get('token');
    const again = await t.client().navigate(link);
    expect(again.landed.pathname).toBe('/email-verified');
    expect(again.landed.searchParams.has('token')).toBe(false);
    const c = t.client();
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'first-choice-77' })).status).toBe(200);
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'second-choice-77' })).status).toBe(400);
    expect((await c.signIn(email, 'first-choice-77')).status).toBe(200);
  });
});

describe('pre-hijacking, the owner coming back through "Forgot password"', () => {
  it("a reset by the mailed link also removes the stranger's two-factor sign-in, so the owner signs in with the new password alone", async () => {
    const email = uniqueEmail('forgot');
    const strangerPassword = 'stranger-pass-77';
    const stranger = await t.client().signUp(email, { verified: false, password: strangerPassword });
    const enabled = await stranger.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: strangerPassword });
    expect(enabled.status).toBe(200);
    expect((await stranger.post('/api/auth/two-factor/verify-totp', { code: totp(secretOf(enabled.body.totpURI)) })).status).toBe(
      200,
    );

    // The owner never saw the sign-up: they ask for a new password, which also proves the mailbox.
    const owner = t.client();
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const mail = await mailbox.waitFor(email, { subject: 'Reset your password' });
    const link = mail.links.find((l) => l.startsWith(`${t.config.baseUrl}/api/auth/reset-password/`));
    expect(link, `a reset link in ${mail.text}`).toBeDefined();
    const token = (await owner.navigate(link!)).landed.searchParams.get('token');
    expect(token).toBeTruthy();
    expect((await owner.post('/api/auth/reset-password', { token, newPassword: 'owners-new-pass-77' })).status).toBe(200);

    // The stranger's app is no second factor of the owner's account: the password alone signs in.
    const signIn = await owner.signIn(email, 'owners-new-pass-77');
    expect(signIn.body).not.toMatchObject({ twoFactorRedirect: true });
    expect(await sessionOf(owner)).toMatchObject({ user: { email } });
    expect(await sessionOf(stranger)).toBeNull();
    expect((await userRow(email)).twoFactorEnabled).toBe(false);
    const [u] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, u!.id))).toHaveLength(0);
  });
});

describe('sign-up with an address that already has an account', () => {
  type SignUpAnswer = { token: string | null; user: Record<string, unknown> };
  const signUp = (c: Client, email: string, password = 'someone-elses-99') =>
    c.post<SignUpAnswer>('/api/auth/sign-up/email', { name: 'Someone', email, password });

  it('is answered as for a new address (200, same body shape, no session), and its owner is mailed', async () => {
    const owner = await buyer(t, 'taken');
    const fresh = await signUp(t.client(), uniqueEmail('fresh'));
    const prober = t.client();
    const taken = await signUp(prober, owner.email);
    expect(taken.status).toBe(200);
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(taken.body.token).toBe(fresh.body.token);
    expect(taken.body.user).toMatchObject({ email: owner.email, emailVerified: false, role: 'buyer' });
    expect(taken.body.user.id).not.toBe(owner.id);
    expect(await sessionOf(prober)).toBeNull();

    const mail = await mailbox.waitFor(owner.email, { subject: ATTEMPT });
    expect(mail.text).toMatch(/If it was you, log in instead/);
    expect(mail.links).toContain(`${t.config.baseUrl}/forgot-password`);
    // Nothing about the account changed: the owner's password works, the prober's does not.
    expect((await t.client().signIn(owner.email)).status).toBe(200);
    expect((await t.client().signIn(owner.email, 'someone-elses-99')).status).toBe(401);
    // Tried again at once: the same answer, and no second mail within the minute.
    expect((await signUp(t.client(), owner.email)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.all().filter((m) => m.to.includes(owner.email) && m.subject === ATTEMPT)).toHaveLength(1);
  });

  it('a new address is still signed in at once', async () => {
    const c = t.client();
    const email = uniqueEmail('new-one');
    const r = await signUp(c, email);
    expect(r.status).toBe(200);
    expect(await sessionOf(c)).toMatchObject({ user: { email } });
  });

  it('for an account whose address was never proven, the owner is mailed the verification link again', async () => {
    const email = uniqueEmail('unproven');
    const first = await t.client().signUp(email, { verified: false });
    await mailbox.waitFor(email, { subject: CONFIRM });
    // A minute later (the mail throttle forgotten), the owner tries to sign up with it.
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `mail-sent:verify-email:${first.id}`));
    expect((await signUp(t.client(), email)).status).toBe(200);
    const link = verifyLink(await mailbox.waitFor(email, { subject: CONFIRM }));
    expect((await t.client().navigate(link)).landed.pathname).toBe('/reset-password');
  });
});
