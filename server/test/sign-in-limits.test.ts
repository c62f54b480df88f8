/**
 * Nobody can lock a known address out of signing in (issue 31). Wrong attempts on an address are
 * refused per (address, client IP): AUTH_RATE_LIMIT_MAX a minute and AUTH_EMAIL_HOURLY_MAX an hour.
 * From all IPs together, past AUTH_EMAIL_HOURLY_MAX an hour, attempts on the address are slowed, never
 * refused: the owner with the right password from a new IP still gets in.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_SLOWDOWN_STEP_MS } from '../src/lib/rate-limit';
import { appPerTest, fromIp as from } from './helpers/app';
import type { Client } from './helpers/client';

const app = appPerTest({ TRUST_PROXY: '127.0.0.1' });

const guess = (c: Client, email: string, i: number) =>
  c.post<{ error?: string; message?: string }>('/api/auth/sign-in/email', { email, password: `guess-${i}-wrong` });

describe('per-address limits', () => {
  it('guesses from many IPs do not lock the owner out: a new IP with the right password still signs in', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '2', AUTH_EMAIL_HOURLY_MAX: '2' });
    const email = 'victim31@test.shop';
    await from(a, '198.51.100.5').signUp(email);
    // Twice the hourly count from all IPs together (with the sign-up), each IP within its own limits.
    for (let i = 0; i < 3; i++) expect((await guess(from(a, `203.0.113.${i + 1}`), email, i)).status).toBe(401);

    // The owner, travelling: an IP never seen. Slowed (the address is being guessed at), not refused.
    const started = Date.now();
    const owner = await from(a, '192.0.2.77').signIn(email);
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(EMAIL_SLOWDOWN_STEP_MS);
  }, 60_000);

  it('one IP is refused for the hour after AUTH_EMAIL_HOURLY_MAX guesses on one address; other IPs and addresses are not', async () => {
    const a = await app({ AUTH_RATE_LIMIT_MAX: '100', AUTH_EMAIL_HOURLY_MAX: '2' });
    const email = 'target31@test.shop';
    await from(a, '198.51.100.6').signUp(email);
    const guesser = from(a, '203.0.113.50');
    for (let i = 0; i < 2; i++) expect((await guess(guesser, email, i)).status).toBe(401);
    const refused = await guess(guesser, email, 9);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    // The right password from that IP is refused too (it is that IP's budget for the address) ...
    expect((await guesser.signIn(email)).status).toBe(429);
    // ... while another address from that IP, and the address from another IP, are fine.
    expect((await guess(guesser, 'someone-else@test.shop', 0)).status).toBe(401);
    expect((await from(a, '198.51.100.6').signIn(email)).status).toBe(200);
  }, 60_000);
});
