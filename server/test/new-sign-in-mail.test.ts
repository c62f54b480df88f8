/**
 * The "New sign-in to your account" mail (issue 31): a browser is known by its long-lived device
 * cookie, or by its user agent together with the network it signs in from (IPv4 /24, IPv6 /48), not
 * by its user agent alone, which a thief shares with millions of browsers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { uniqueEmail } from './helpers/builders';
import type { Client } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t?.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A browser with user agent `agent` whose requests a trusted proxy says come from `ip`; `c` keeps an existing one's cookies. */
function browser(agent: string, ip: string, c: Client = t.client()) {
  const request = c.request.bind(c);
  c.request = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request<T>(method, path, body, { 'user-agent': agent, 'x-forwarded-for': ip, ...headers });
  return c;
}

/** How many "new sign-in" mails were queued to `email`. */
async function newSignInMails(email: string): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from mail_outbox where to_address = ${email} and kind = 'new-sign-in'`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

async function signIn(c: Client, email: string) {
  const r = await c.signIn(email);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('the new-sign-in mail', () => {
  it('is sent for a browser with a known user agent on an unknown network', async () => {
    const email = uniqueEmail('ua-thief');
    await browser(FIREFOX, '198.51.100.10').signUp(email);
    // The same browser brand and version, from elsewhere, with no device cookie: a stranger.
    await signIn(browser(FIREFOX, '203.0.113.9'), email);
    expect(await newSignInMails(email)).toBe(1);
  });

  it('is not sent for a browser whose device cookie the account knows, whatever its user agent and network', async () => {
    const email = uniqueEmail('cookie-known');
    const laptop = await browser(FIREFOX, '198.51.100.20').signUp(email);
    await laptop.post('/api/auth/sign-out');
    // The browser updated itself and the laptop moved to another network: still the same browser.
    await signIn(browser(CHROME, '192.0.2.44', laptop), email);
    expect(await newSignInMails(email)).toBe(0);
  });

  it('is not sent for the same user agent on the same IPv4 /24 or IPv6 /48; is sent for the next network', async () => {
    const email = uniqueEmail('same-network');
    await browser(FIREFOX, '198.51.100.30').signUp(email);
    await signIn(browser(FIREFOX, '198.51.100.201'), email);
    expect(await newSignInMails(email)).toBe(0);
    await signIn(browser(FIREFOX, '198.51.101.30'), email);
    expect(await newSignInMails(email)).toBe(1);

    const six = uniqueEmail('same-network6');
    await browser(CHROME, '2001:db8:aaaa:1::5').signUp(six);
    await signIn(browser(CHROME, '2001:db8:aaaa:ffff::9'), six);
    expect(await newSignInMails(six)).toBe(0);
    await signIn(browser(CHROME, '2001:db8:aaab:1::5'), six);
    expect(await newSignInMails(six)).toBe(1);
  });

  it('the device cookie is long-lived, httpOnly and not taken from a header the client sends', async () => {
    const r = await t
      .client()
      .post('/api/auth/sign-up/email', { name: 'D', email: uniqueEmail('device'), password: 'pass-word-123' });
    const cookie = r.headers.getSetCookie().find((v) => v.startsWith('shop_device='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie ?? '')?.[1])).toBeGreaterThan(365 * 24 * 3600);

    const email = uniqueEmail('header-spoof');
    const owner = await browser(FIREFOX, '198.51.100.40').signUp(email);
    const ownerDevice = owner.cookie('shop_device');
    expect(ownerDevice).toBeDefined();
    // A stranger naming the owner's device id in the header Better Auth is handed gains nothing.
    const stranger = browser(CHROME, '203.0.113.40');
    expect(
      (
        await stranger.request(
          'POST',
          '/api/auth/sign-in/email',
          { email, password: 'pass-word-123' },
          { 'x-shop-device': ownerDevice! },
        )
      ).status,
    ).toBe(200);
    expect(await newSignInMails(email)).toBe(1);
  });
});
