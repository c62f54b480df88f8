/**
 * Password reset by emailed link: "Forgot password?" mails a link (received here by a real SMTP
 * server) that works once, for an hour, and leads to the web page /reset-password; the new password
 * signs out every session. The answer never tells whether the address has an account, and an account
 * without a password (Google only) gets its first one the same way.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, verification } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { expectStatus, insertUser, uniqueEmail } from './helpers/builders';
import type { Client } from './helpers/client';
import { type Mailbox, type ReceivedMail, startMailbox } from './helpers/mailbox';

let mailbox: Mailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  // Background jobs on: the delivery job sends what the requests queued.
  t = await startTestApp({ env: { SMTP_URL: mailbox.url, JOBS_ENABLED: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const SUBJECT = 'Reset your password';
const ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

function requestReset(email: string) {
  return t.client().post('/api/auth/request-password-reset', { email });
}

/** The reset link of a mail: in both parts, on this shop, through Better Auth's check of the token. */
function resetLink(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.startsWith(`${t.config.baseUrl}/api/auth/reset-password/`));
  expect(link, `a reset link in ${mail.text}`).toBeDefined();
  expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
  return link!;
}

/** Asks for a reset of `email` and follows the mailed link as a browser: the token the page receives. */
async function tokenFromMail(email: string): Promise<{ link: string; token: string }> {
  expectStatus(await requestReset(email), 200, 'POST /api/auth/request-password-reset');
  const link = resetLink(await mailbox.waitFor(email, { subject: SUBJECT }));
  const nav = await t.client().navigate(link);
  expect(nav.landed.pathname).toBe('/reset-password');
  const token = nav.landed.searchParams.get('token');
  expect(token, `token in ${nav.landed}`).toBeTruthy();
  return { link, token: token! };
}

function reset(token: string, newPassword: string) {
  return t.client().post<{ status?: boolean; code?: string; message?: string }>('/api/auth/reset-password', {
    token,
    newPassword,
  });
}

async function signedIn(c: Client) {
  return (await c.get<{ user: { id: string } } | null>('/api/auth/get-session')).body?.user ?? null;
}

describe('the reset link', () => {
  it('sets a new password once and signs out every session', async () => {
    const email = uniqueEmail('reset');
    const laptop = await t.client().signUp(email);
    const phone = t.client();
    expectStatus(await phone.signIn(email), 200, 'second sign-in');

    const { link, token } = await tokenFromMail(email);
    expectStatus(await reset(token, 'a-fresh-start-42'), 200, 'POST /api/auth/reset-password');

    expect(await signedIn(laptop)).toBeNull();
    expect(await signedIn(phone)).toBeNull();
    expect((await t.client().signIn(email, 'pass-word-123')).status).toBe(401);
    expect((await t.client().signIn(email, 'a-fresh-start-42')).status).toBe(200);

    // Used: the token is refused, and the link lands on the page with the reason.
    const again = await reset(token, 'another-start-43');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    const nav = await t.client().navigate(link);
    expect(nav.landed.pathname).toBe('/reset-password');
    expect(nav.landed.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(nav.landed.searchParams.get('token')).toBeNull();
    expect((await t.client().signIn(email, 'a-fresh-start-42')).status).toBe(200);
  });

  it('expires after an hour', async () => {
    const email = uniqueEmail('reset-late');
    await t.client().signUp(email);
    const { link, token } = await tokenFromMail(email);
    const identifier = `reset-password:${token}`;
    const [row] = await t.database.db.select().from(verification).where(eq(verification.identifier, identifier));
    expect(row, 'the stored token').toBeDefined();
    const left = row!.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);

    // The hour passes (the stored expiry is moved back by it).
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(row!.expiresAt.getTime() - 60 * 60_000) })
      .where(eq(verification.identifier, identifier));
    const late = await reset(token, 'too-late-password-9');
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_TOKEN');
    expect((await t.client().navigate(link)).landed.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect((await t.client().signIn(email, 'pass-word-123')).status).toBe(200);
  });

  it('holds the new password to the password rules', async () => {
    const email = uniqueEmail('reset-rules');
    await t.client().signUp(email);
    const { token } = await tokenFromMail(email);
    for (const [password, code] of [
      ['abc', 'PASSWORD_TOO_SHORT'],
      ['abcdefg', 'PASSWORD_TOO_SHORT'],
      ['password1', 'PASSWORD_TOO_COMMON'],
      ['          ', 'PASSWORD_BLANK'],
    ] as const) {
      const r = await reset(token, password);
      expect(r.status, password).toBe(400);
      expect(r.body.code, password).toBe(code);
    }
    // The refusals did not spend the token.
    expectStatus(await reset(token, 'finally-good-one-5'), 200, 'a good password');
  });

  it('gives an account without a password (Google only) its first one', async () => {
    const { id, email } = await insertUser(t, 'buyer');
    const { token } = await tokenFromMail(email);
    expectStatus(await reset(token, 'my-first-password-1'), 200, 'POST /api/auth/reset-password');
    const rows = await t.database.db.select().from(account).where(eq(account.userId, id));
    expect(rows.map((a) => a.providerId)).toEqual(['credential']);
    expect((await t.client().signIn(email, 'my-first-password-1')).status).toBe(200);
  });
});

describe('asking for a link', () => {
  it('answers the same whether the address has an account or not, and mails only an account', async () => {
    const nobody = uniqueEmail('nobody');
    const known = uniqueEmail('known');
    await t.client().signUp(known);
    const forNobody = await requestReset(nobody);
    const forKnown = await requestReset(known);
    expect(forNobody.status).toBe(200);
    expect(forKnown.status).toBe(200);
    expect(forNobody.body).toEqual(ANSWER);
    expect(forKnown.body).toEqual(ANSWER);
    await mailbox.waitFor(known, { subject: SUBJECT });
    expect(mailbox.all().filter((m) => m.to.includes(nobody))).toEqual([]);
  });

  it('mails at most one link a minute to an account, with the same answer', async () => {
    const email = uniqueEmail('reset-twice');
    await t.client().signUp(email);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect(second.body).toEqual(first.body);
    await mailbox.waitFor(email, { subject: SUBJECT });
    // A later mail (a sign-up of another address) has arrived, and still only one reset mail to this one.
    const later = uniqueEmail('later');
    await t.client().signUp(later);
    await requestReset(later);
    await mailbox.waitFor(later, { subject: SUBJECT });
    expect(mailbox.all().filter((m) => m.to.includes(email) && m.subject === SUBJECT)).toHaveLength(1);
  });
});
