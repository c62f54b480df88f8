/**
 * Every mail of an account (the sign-up's link, a sign-in from a new browser, a changed password, a
 * reset link, the reset itself) reaches the mail server within 5 s of the request that causes it,
 * whatever the delivery job is doing. Here its shared row stays leased by another instance's run the
 * whole time (as while one sends a batch to a slow mail server, or a run that began before these
 * mails existed): a mail that waited for the job would wait for that run to end and the next poll.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, user } from '../src/db/schema';
import { markEmailVerified, startTestApp, type TestApp } from './helpers/app';
import { expectStatus, uniqueEmail } from './helpers/builders';
import { Client } from './helpers/client';
import { type Mailbox, startMailbox } from './helpers/mailbox';

const WITHIN_MS = 5000;
const PASSWORD = 'first-pass-word-1';

let mailbox: Mailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestApp({ env: { SMTP_URL: mailbox.url, JOBS_ENABLED: 'true' } });
  // The runner writes the job's row on its first pass; from then on another instance holds it.
  const end = Date.now() + 10_000;
  for (;;) {
    const leased = await t.database.db
      .update(job)
      .set({ lockedUntil: new Date(Date.now() + 60 * 60_000), lockedBy: 'another-instance' })
      .where(eq(job.name, 'mail.deliver'))
      .returning({ name: job.name });
    if (leased.length) break;
    if (Date.now() > end) throw new Error('the mail.deliver job row was never written');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** Runs `request`, then waits for the mail to `to` about `subject`: the mail, and the time it took from the request. */
async function timed(to: string, subject: string, request: () => Promise<unknown>) {
  const started = Date.now();
  await request();
  const mail = await mailbox.waitFor(to, { subject }, WITHIN_MS + 2000);
  return { mail, ms: Date.now() - started };
}

describe('account mails', () => {
  it('each reaches the mail server within 5 s of its request', async () => {
    const email = uniqueEmail('mail-timing');
    const browser = new Client(t.baseUrl);
    const arrivals: Record<string, number> = {};

    // Sign-up: the link that proves the address.
    arrivals['verify-email'] = (
      await timed(email, 'Confirm your email address', async () =>
        expectStatus(
          await browser.request(
            'POST',
            '/api/auth/sign-up/email',
            { name: 'Mia Mail', email, password: PASSWORD },
            { 'user-agent': 'Browser one' },
          ),
          200,
          'sign-up',
        ),
      )
    ).ms;
    const [made] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await markEmailVerified(t.database, made!.id);

    // A sign-in from a browser the account never used (queued inside the sign-in's transaction).
    const other = new Client(t.baseUrl);
    arrivals['new-sign-in'] = (
      await timed(email, 'New sign-in', async () =>
        expectStatus(
          await other.request('POST', '/api/auth/sign-in/email', { email, password: PASSWORD }, { 'user-agent': 'Browser two' }),
          200,
          'sign-in from a new browser',
        ),
      )
    ).ms;

    // The password changed while signed in.
    arrivals['password-changed'] = (
      await timed(email, 'password was changed', async () =>
        expectStatus(
          await other.request(
            'POST',
            '/api/auth/change-password',
            { currentPassword: PASSWORD, newPassword: 'second-pass-word-2' },
            { 'user-agent': 'Browser two' },
          ),
          200,
          'change-password',
        ),
      )
    ).ms;

    // Forgot password: the reset link, then the reset it makes.
    const reset = await timed(email, 'Reset your password', async () =>
      expectStatus(await t.client().post('/api/auth/request-password-reset', { email }), 200, 'request-password-reset'),
    );
    arrivals['reset-password'] = reset.ms;
    const link = reset.mail.links.find((l) => l.includes('/api/auth/reset-password/'));
    const token = link ? new URL(link).pathname.split('/').pop() : undefined;
    expect(token, `a reset link in ${JSON.stringify(reset.mail.links)}`).toBeTruthy();
    arrivals['password-changed (reset)'] = (
      await timed(email, 'password was changed', async () =>
        expectStatus(
          await t.client().post('/api/auth/reset-password', { token, newPassword: 'third-pass-word-3' }),
          200,
          'reset-password',
        ),
      )
    ).ms;

    if (process.env.SHOW_MAIL_TIMES) console.log(arrivals);
    for (const [kind, ms] of Object.entries(arrivals)) expect(ms, `${kind}: request to mail server (ms)`).toBeLessThan(WITHIN_MS);
  });
});
