/**
 * Email verification: every sign-up is mailed a link (received here by a real SMTP server), which
 * verifies the address, ends every session of the account, voids the password typed at sign-up and
 * lands on the web page /reset-password?verified=1 where the owner chooses the password (whoever signed
 * up may not own the address: account-takeover.test.ts); it expires after 24 hours. Until then the
 * account may shop but not list or advertise items, change its password or be an admin (ADMIN_EMAILS
 * counts only for verified addresses); "Resend" mails a new link, at most one a minute.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_NOT_VERIFIED } from '@shop/contract';
import { user, verification } from '../src/db/schema';
import { markEmailVerified, startTestApp, type TestApp } from './helpers/app';
import {
  addProduct,
  advertise,
  expectError,
  expectStatus,
  orderBody,
  placeOrder,
  productBody,
  seller,
  uniqueEmail,
} from './helpers/builders';
import type { Client } from './helpers/client';
import { type Mailbox, type ReceivedMail, startMailbox } from './helpers/mailbox';

let mailbox: Mailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  // Background jobs on: the delivery job sends what the requests queued.
  t = await startTestApp({
    env: { SMTP_URL: mailbox.url, JOBS_ENABLED: 'true', ADMIN_EMAILS: 'admin@test.shop, boss@test.shop' },
  });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const SUBJECT = 'Confirm your email address';

/** The verification link of a mail: in both parts, on this shop, through Better Auth's check. */
function verifyLink(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.startsWith(`${t.config.baseUrl}/api/auth/verify-email?`));
  expect(link, `a verification link in ${mail.text}`).toBeDefined();
  expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
  return link!;
}

/** A new account as the web app makes it, its email not verified; and the link mailed to it. */
async function signUpUnverified(label: string, opts: { isSeller?: boolean; email?: string } = {}) {
  const email = opts.email ?? uniqueEmail(label);
  const c = await t.client().signUp(email, { isSeller: opts.isSeller, verified: false });
  const mail = await mailbox.waitFor(email, { subject: SUBJECT });
  return { c, email, mail, link: verifyLink(mail) };
}

/**
 * The owner follows the link (in a browser of its own), chooses `password` on the page it leads to,
 * and signs `c` in again with it: the link ended `c`'s session.
 */
async function confirm(c: Client, link: string, password = 'pass-word-123') {
  const nav = await t.client().navigate(link);
  expect(nav.landed.pathname).toBe('/reset-password');
  expect(nav.landed.searchParams.get('verified')).toBe('1');
  const token = nav.landed.searchParams.get('token');
  expectStatus(await t.client().post('/api/auth/reset-password', { token, newPassword: password }), 200, 'choose the password');
  expectStatus(await c.signIn(c.email, password), 200, 'sign in with the chosen password');
}

async function session(c: Client) {
  const r = await c.get<{ user: { id: string; email: string; emailVerified: boolean } } | null>('/api/auth/get-session');
  return r.body?.user ?? null;
}

async function emailVerified(email: string) {
  const [row] = await t.database.db.select({ v: user.emailVerified }).from(user).where(eq(user.email, email));
  return row?.v;
}

/** Forgets when the last verification mail went to this account, as a minute passing would. */
async function forgetLastMail(userId: string) {
  await t.database.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(like(verification.identifier, 'mail-sent:%'), like(verification.identifier, `%:${userId}`)));
}

describe('the link mailed at sign-up', () => {
  it('verifies the email, signs everyone out and leads to choosing the password, with which the owner signs in', async () => {
    const { c, email, mail, link } = await signUpUnverified('verify', { isSeller: true });
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain('24 hours');
    expect(mail.text).toMatch(/choose the password you will log in with/);
    expect(await emailVerified(email)).toBe(false);
    expect((await session(c))?.emailVerified).toBe(false);

    // Opened in another browser (the phone's mail app): it lands on the password page, signed in nowhere.
    const phone = t.client();
    const nav = await phone.navigate(link);
    expect(nav.landed.pathname).toBe('/reset-password');
    expect(nav.landed.searchParams.get('verified')).toBe('1');
    expect(nav.landed.searchParams.get('error')).toBeNull();
    expect(await emailVerified(email)).toBe(true);
    expect(await session(phone)).toBeNull();
    // The browser that signed up is signed out, and the password typed at sign-up is void.
    expect(await session(c)).toBeNull();
    expect((await t.client().signIn(email, 'pass-word-123')).status).toBe(401);

    const token = nav.landed.searchParams.get('token');
    expectStatus(await phone.post('/api/auth/reset-password', { token, newPassword: 'phone-chosen-42' }), 200, 'choose');
    expectStatus(await phone.signIn(email, 'phone-chosen-42'), 200, 'sign in');
    expect(await session(phone)).toMatchObject({ email, emailVerified: true });
  });

  it('opened again, lands on the success page but signs no one in', async () => {
    const { email, link } = await signUpUnverified('twice');
    expect((await t.client().navigate(link)).landed.pathname).toBe('/reset-password');
    const later = t.client();
    const nav = await later.navigate(link);
    expect(nav.landed.pathname).toBe('/email-verified');
    expect(nav.landed.searchParams.get('error')).toBeNull();
    expect(await session(later)).toBeNull();
    expect(await emailVerified(email)).toBe(true);
  });

  it('expires after 24 hours: the page is told why and nothing changes', async () => {
    const { email, link } = await signUpUnverified('expired');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 60_000);
    const late = t.client();
    const nav = await late.navigate(link);
    vi.useRealTimers();
    expect(nav.landed.pathname).toBe('/email-verified');
    expect(nav.landed.searchParams.get('error')).toBe('TOKEN_EXPIRED');
    expect(await session(late)).toBeNull();
    expect(await emailVerified(email)).toBe(false);
    // Just before the 24 hours are up, the same link works.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3600_000 - 60_000);
    const inTime = await t.client().navigate(link);
    vi.useRealTimers();
    expect(inTime.landed.searchParams.get('error')).toBeNull();
    expect(await emailVerified(email)).toBe(true);
  });

  it('refuses a link whose token was tampered with', async () => {
    const { email, link } = await signUpUnverified('tampered');
    const url = new URL(link);
    const token = url.searchParams.get('token')!;
    url.searchParams.set('token', `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`);
    const nav = await t.client().navigate(url.toString());
    expect(nav.landed.pathname).toBe('/email-verified');
    expect(nav.landed.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(await emailVerified(email)).toBe(false);
  });
});

describe('until the email is verified', () => {
  it('a seller cannot list or advertise an item (403 email_not_verified), and can once verified', async () => {
    const { c, link } = await signUpUnverified('gated-seller', { isSeller: true });
    const listed = expectError(
      await c.post('/api/products', productBody(c, { photos: ['00000000-0000-4000-8000-000000000000'] })),
      403,
      'POST /api/products unverified',
    );
    expect(listed.error).toBe(EMAIL_NOT_VERIFIED);
    expect(listed.message).toMatch(/verify your email/i);
    const other = await seller(t, 'verified-seller');
    const theirs = await addProduct(other);
    const ad = expectError(
      await c.post('/api/advertise', { _id: theirs, email: c.email, name: 'ad' }),
      403,
      'POST /api/advertise unverified',
    );
    expect(ad.error).toBe(EMAIL_NOT_VERIFIED);

    await confirm(c, link);
    const mine = await addProduct(c);
    await advertise(c, mine);
  });

  it('a buyer cannot book (403 email_not_verified: booking mails the seller), and can once verified', async () => {
    const { c } = await signUpUnverified('gated-buyer');
    const s = await seller(t, 'for-unverified-buyer');
    const productId = await addProduct(s);
    const booked = expectError(await c.post('/api/orders', orderBody(c, productId)), 403, 'POST /api/orders unverified');
    expect(booked.error).toBe(EMAIL_NOT_VERIFIED);
    expect(booked.message).toMatch(/verify your email address to book an item/i);
    await markEmailVerified(t.database, c.id);
    await placeOrder(c, productId);
  });

  it('the password cannot be changed (403 email_not_verified), and can once verified', async () => {
    const { c, link } = await signUpUnverified('gated-password');
    const change = { currentPassword: 'pass-word-123', newPassword: 'new-pass-word-77' };
    const r = await c.post<{ code: string; message: string }>('/api/auth/change-password', change);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(EMAIL_NOT_VERIFIED);
    expect(r.body.message).toMatch(/verify your email/i);
    expect((await t.client().signIn(c.email, 'pass-word-123')).status).toBe(200);

    await confirm(c, link);
    expectStatus(await c.post('/api/auth/change-password', change), 200, 'change-password once verified');
    expect((await t.client().signIn(c.email, 'new-pass-word-77')).status).toBe(200);
  });

  it('an ADMIN_EMAILS address is not an admin, and becomes one when the link is followed', async () => {
    const { c, link } = await signUpUnverified('boss', { email: 'boss@test.shop' });
    expect((await c.get('/api/users/admin/boss@test.shop')).body).toEqual({ isAdmin: false });
    expect((await c.get('/api/users/allbuyer')).status).toBe(403);
    // Asking again to be recorded changes nothing while unverified.
    expect((await c.post<{ role: string }>('/api/users', { name: 'Boss', email: 'boss@test.shop' })).body.role).not.toBe('admin');

    await confirm(c, link);
    expect((await c.get('/api/users/admin/boss@test.shop')).body).toEqual({ isAdmin: true });
    expectStatus(await c.get('/api/users/allbuyer'), 200, 'GET /api/users/allbuyer as the verified admin');
  });
});

describe('Resend', () => {
  it('asked for ten times at once, sends one link', async () => {
    const { c, email } = await signUpUnverified('resend-race');
    await forgetLastMail(c.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => c.post('/api/auth/send-verification-email', { email })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(9);
  });

  it('mails a new link at most once a minute (429 with a message), and none once verified', async () => {
    const { c, email } = await signUpUnverified('resend');
    const tooSoon = await c.post<{ code: string; message: string }>('/api/auth/send-verification-email', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/less than a minute ago/);

    await forgetLastMail(c.id);
    expectStatus(await c.post('/api/auth/send-verification-email', { email }), 200, 'resend after a minute');
    // A second mail (waitFor never returns the same one twice); its link works.
    const second = verifyLink(await mailbox.waitFor(email, { subject: SUBJECT }));
    expect(mailbox.all().filter((m) => m.to.includes(email) && m.subject === SUBJECT)).toHaveLength(2);
    await confirm(c, second);
    expect(await emailVerified(email)).toBe(true);

    await forgetLastMail(c.id);
    const done = await c.post<{ code: string }>('/api/auth/send-verification-email', { email });
    expect(done.status).toBe(400);
    expect(done.body.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it("will not mail someone else's address from a signed-in account", async () => {
    const { c } = await signUpUnverified('not-mine');
    const r = await c.post('/api/auth/send-verification-email', { email: uniqueEmail('victim') });
    expect(r.status).toBe(400);
  });
});
