import net from 'node:net';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, assert, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';

/**
 * Google sign-in (OpenID Connect through Better Auth's genericOAuth) against a local OIDC provider,
 * followed hop by hop at the HTTP level as a browser would: shop -> provider -> shop callback -> page.
 */

type Identity = { sub: string; email?: string; email_verified?: boolean; name?: string };

let oidc: OAuth2Server;
let t: TestApp;
/** What the provider says about the person signing in next (claims of the ID token it signs). */
let identity: Identity | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    if (identity) Object.assign(token.payload, identity);
  });
  // Better Auth's redirect_uri comes from BASE_URL, so the shop listens on a port known in advance.
  const port = await freePort();
  t = await startTestApp({
    env: {
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      GOOGLE_CLIENT_ID: 'shop-client-id',
      GOOGLE_CLIENT_SECRET: 'shop-client-secret',
      OIDC_ISSUER_URL: oidc.issuer.url!,
      ADMIN_EMAILS: 'admin@test.shop, boss@gmail.test, boss2@gmail.test',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});
afterEach(() => {
  identity = null;
  oidc.service.removeAllListeners('beforeAuthorizeRedirect');
  oidc.service.removeAllListeners('beforeResponse');
});

/** Clicks "Sign in with Google" as the web app will, and follows the browser until it lands on a page. */
async function googleSignIn(c: Client, who: Identity | null, opts: { callbackURL?: string; errorCallbackURL?: string } = {}) {
  const start = await c.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: opts.callbackURL ?? '/dashboard',
    errorCallbackURL: opts.errorCallbackURL ?? '/login',
  });
  expect(start.status).toBe(200);
  expect(start.body.redirect).toBe(true);
  const authorize = new URL(start.body.url);
  expect(authorize.origin).toBe(new URL(oidc.issuer.url!).origin);
  identity = who;
  return c.navigate(start.body.url);
}

async function me(c: Client) {
  const r = await c.get<{ user: { id: string; email: string; name: string } } | null>('/api/auth/get-session');
  return r.body?.user ?? null;
}

async function userRow(email: string) {
  const [u] = await t.database.db.select().from(user).where(eq(user.email, email));
  return u;
}

async function accountsOf(userId: string) {
  const rows = await t.database.db.select().from(account).where(eq(account.userId, userId));
  return rows.map((a) => a.providerId).sort();
}

describe('Google sign-in (OIDC)', () => {
  it('says Google is available', async () => {
    const r = await t.client().get('/api/auth-config');
    expect(r.body).toMatchObject({ google: true });
  });

  it('sends the browser to the provider with PKCE, a nonce and the shop callback', async () => {
    const c = t.client();
    const r = await c.post<{ url: string }>('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/dashboard',
      errorCallbackURL: '/login',
    });
    const u = new URL(r.body.url);
    expect(u.pathname).toBe('/authorize');
    expect(u.searchParams.get('client_id')).toBe('shop-client-id');
    expect(u.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/callback/google`);
    expect(u.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(u.searchParams.get('code_challenge')).toBeTruthy();
    expect(u.searchParams.get('nonce')).toBeTruthy();
    expect(u.searchParams.get('state')).toBeTruthy();
  });

  it('refuses to send the user back to another website after sign-in', async () => {
    const r = await t
      .client()
      .post('/api/auth/sign-in/social', { provider: 'google', callbackURL: 'https://evil.example/steal' });
    expect(r.status).toBe(403);
  });

  it('creates a buyer on a first sign-in, role recorded, and signs them in', async () => {
    const c = t.client();
    const nav = await googleSignIn(c, {
      sub: 'g-new-1',
      email: 'New.Person@Gmail.test',
      email_verified: true,
      name: 'New Person',
    });
    expect(nav.landed.pathname).toBe('/dashboard');
    expect(nav.landed.origin).toBe(t.baseUrl);
    const u = await me(c);
    expect(u).toMatchObject({ email: 'new.person@gmail.test', name: 'New Person' });
    const row = await userRow('new.person@gmail.test');
    assert.isDefined(row, 'the new user row');
    expect(row).toMatchObject({ role: 'buyer', roleConfirmed: true, emailVerified: true });
    expect(await accountsOf(row.id)).toEqual(['google']);
    // The shop's own calls see the session; the role cannot be switched afterwards.
    expect((await c.get('/api/users/buyer/new.person@gmail.test')).body).toEqual({ isBuyer: true });
    const again = await c.post('/api/users', { name: 'New Person', email: 'new.person@gmail.test', isSeller: true });
    expect(again.body).toMatchObject({ insertedId: null, role: 'buyer' });
  });

  it('signs a returning user into the same account', async () => {
    const first = t.client();
    await googleSignIn(first, { sub: 'g-return-1', email: 'return@gmail.test', email_verified: true, name: 'Returner' });
    const id = (await me(first))!.id;
    const second = t.client();
    const nav = await googleSignIn(second, {
      sub: 'g-return-1',
      email: 'return@gmail.test',
      email_verified: true,
      name: 'Returner',
    });
    expect(nav.landed.pathname).toBe('/dashboard');
    expect((await me(second))!.id).toBe(id);
    expect(await accountsOf(id)).toEqual(['google']);
  });

  it("drops invisible and right-to-left control characters from a Google profile's name", async () => {
    const c = t.client();
    await googleSignIn(c, {
      sub: 'g-rlo-1',
      email: 'rlo@gmail.test',
      email_verified: true,
      name: 'Eve\u202Egnp.exe\u200B',
    });
    expect((await me(c))!.name).toBe('Evegnp.exe');
    const blank = t.client();
    await googleSignIn(blank, { sub: 'g-rlo-2', email: 'blank@gmail.test', email_verified: true, name: '\u200B\u3164' });
    expect((await me(blank))!.name).toBe('Google user');
  });

  it('keeps a name the user changed in the profile when they sign in with Google again', async () => {
    const c = t.client();
    await googleSignIn(c, { sub: 'g-rename-1', email: 'rename@gmail.test', email_verified: true, name: 'Google Name' });
    expect((await c.post('/api/auth/update-user', { name: 'Shop Name' })).status).toBe(200);
    const again = t.client();
    await googleSignIn(again, { sub: 'g-rename-1', email: 'rename@gmail.test', email_verified: true, name: 'Google Name' });
    expect((await me(again))!.name).toBe('Shop Name');
  });

  it('links to an existing password account with the same email when Google says the email is verified', async () => {
    // Never verified: whoever signed up may not own the address.
    const pw = await t.client().signUp('linked@test.shop', { isSeller: true, name: 'Linda', verified: false });
    const pwUser = (await me(pw))!;
    const c = t.client();
    const nav = await googleSignIn(c, { sub: 'g-link-1', email: 'LINKED@test.shop', email_verified: true, name: 'Linda G' });
    expect(nav.landed.pathname).toBe('/dashboard');
    const u = await me(c);
    expect(u!.id).toBe(pwUser.id);
    expect(await userRow('linked@test.shop')).toMatchObject({ role: 'seller', emailVerified: true });
    expect((await c.get('/api/users/seller/linked@test.shop')).body).toEqual({ isSeller: true, isVerified: false });
    // Pre-hijacking guard: the never-verified password, and the sessions made with it, are gone;
    // whoever set that password (perhaps not the email's owner) is out.
    expect(await accountsOf(pwUser.id)).toEqual(['google']);
    expect(await me(pw)).toBeNull();
    expect((await t.client().signIn('linked@test.shop')).status).toBe(401);
    // Google keeps working.
    const again = t.client();
    await googleSignIn(again, { sub: 'g-link-1', email: 'linked@test.shop', email_verified: true, name: 'Linda G' });
    expect((await me(again))!.id).toBe(pwUser.id);
  });

  it('does not link (nor sign in) when Google does not say the email is verified', async () => {
    const pw = await t.client().signUp('victim@test.shop', { name: 'Victor' });
    const victim = (await me(pw))!;
    for (const claim of [{ email_verified: false }, {}]) {
      const c = t.client();
      const nav = await googleSignIn(c, {
        sub: `g-unverified-${JSON.stringify(claim)}`,
        email: 'victim@test.shop',
        name: 'Mallory',
        ...claim,
      });
      expect(nav.landed.pathname).toBe('/login');
      expect(nav.landed.searchParams.get('error')).toBe('account_not_linked');
      expect(nav.landed.searchParams.get('message')).toMatch(/already exists/);
      expect(await me(c)).toBeNull();
      expect(c.cookie('better-auth.session_token')).toBeUndefined();
    }
    expect(await accountsOf(victim.id)).toEqual(['credential']);
    expect((await userRow('victim@test.shop'))?.name).toBe('Victor');
  });

  it("returns a provider error to /login with the provider's message", async () => {
    oidc.service.once('beforeAuthorizeRedirect', (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user denied access to the shop.');
    });
    const c = t.client();
    const nav = await googleSignIn(c, null);
    expect(nav.landed.origin + nav.landed.pathname).toBe(`${t.baseUrl}/login`);
    expect(nav.landed.searchParams.get('error')).toBe('access_denied');
    expect(nav.landed.searchParams.get('message')).toBe('The user denied access to the shop.');
    expect(await me(c)).toBeNull();
  });

  it('explains a failed code exchange in words', async () => {
    oidc.service.once('beforeResponse', (res) => {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant' };
    });
    const c = t.client();
    const nav = await googleSignIn(c, { sub: 'g-fail-1', email: 'fail@gmail.test', email_verified: true });
    expect(nav.landed.pathname).toBe('/login');
    expect(nav.landed.searchParams.get('error')).toBeTruthy();
    expect(nav.landed.searchParams.get('message')).toMatch(/\w+ \w+/);
    expect(await me(c)).toBeNull();
    expect(await userRow('fail@gmail.test')).toBeUndefined();
  });

  it('sends a callback without a sign-in in progress to /login with a message', async () => {
    const c = t.client();
    const nav = await c.navigate('/api/auth/callback/google?code=forged&state=forged');
    expect(nav.landed.pathname).toBe('/login');
    expect(nav.landed.searchParams.get('error')).toBeTruthy();
    expect(nav.landed.searchParams.get('message')).toBeTruthy();
    expect(await me(c)).toBeNull();
  });

  it('does not let a deleted user back in through Google', async () => {
    const admin = await t.client().signUp('admin@test.shop');
    const c = t.client();
    await googleSignIn(c, { sub: 'g-deleted-1', email: 'gone@gmail.test', email_verified: true, name: 'Gone' });
    const row = await userRow('gone@gmail.test');
    assert.isDefined(row, 'the Google user row');
    expect((await admin.del(`/api/users/${row.id}`)).status).toBe(200);
    expect((await c.get('/api/users/buyer/gone@gmail.test')).status).toBe(401);
    const again = t.client();
    const nav = await googleSignIn(again, { sub: 'g-deleted-1', email: 'gone@gmail.test', email_verified: true, name: 'Gone' });
    expect(nav.landed.pathname).toBe('/login');
    expect(nav.landed.searchParams.get('message')).toBe('This account has been closed.');
    expect(await me(again)).toBeNull();
  });

  it('makes an ADMIN_EMAILS address an admin at its first Google sign-in only when Google says the email is verified', async () => {
    await googleSignIn(t.client(), { sub: 'g-boss-1', email: 'boss@gmail.test', email_verified: true, name: 'Boss' });
    expect(await userRow('boss@gmail.test')).toMatchObject({ role: 'admin', emailVerified: true });
    await googleSignIn(t.client(), { sub: 'g-boss-2', email: 'boss2@gmail.test', email_verified: false, name: 'Not Boss' });
    expect(await userRow('boss2@gmail.test')).toMatchObject({ role: 'buyer', emailVerified: false });
  });

  it('keeps the password of an account whose email was verified when Google is linked to it', async () => {
    const pw = await t.client().signUp('proven@test.shop', { name: 'Pat' });
    const pwUser = (await me(pw))!;
    const c = t.client();
    await googleSignIn(c, { sub: 'g-proven-1', email: 'proven@test.shop', email_verified: true, name: 'Pat G' });
    expect((await me(c))!.id).toBe(pwUser.id);
    expect(await accountsOf(pwUser.id)).toEqual(['credential', 'google']);
    expect((await me(pw))!.id).toBe(pwUser.id);
    expect((await t.client().signIn('proven@test.shop')).status).toBe(200);
  });
});

describe('without Google configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain?.close());

  it('says so, and a Google sign-in attempt is a clear 4xx, not a crash', async () => {
    const c = plain.client();
    expect((await c.get('/api/auth-config')).body).toMatchObject({ google: false });
    const r = await c.post<{ message?: string }>('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/dashboard' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.message).toBeTruthy();
  });
});
