import type { BrowserContext, Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { test as journeys, expect, newWatchedPage } from './support/fixtures';
import { screenshotAtWidths } from './support/journey';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * Google sign-in in Chromium, end to end: the shop's own server (this file's, with
 * GOOGLE_CLIENT_ID/SECRET and OIDC_ISSUER_URL) and a local OpenID Connect provider that signs ID
 * tokens with the claims a test chooses. Its /authorize answers at once (no consent screen), so a
 * click on 'Continue with Google' is a round trip shop -> provider -> shop callback -> page.
 * The person of the first test comes back in the next ones, so the tests run in order and a
 * failure skips the rest.
 */

type Identity = { sub: string; email: string; email_verified?: boolean; name?: string };

/** The claims of the next ID token the provider signs. */
let identity: Identity | null = null;

/**
 * The journeys' fixtures on this file's own shop server and provider. Worker-scoped, so this file
 * runs in a worker of its own, which stops them when the file is done.
 */
const test = journeys.extend<object, { provider: OAuth2Server; shop: OwnServer }>({
  provider: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this object pattern and refuses any other first parameter; this fixture has none.
    async ({}, use) => {
      const provider = new OAuth2Server();
      await provider.issuer.keys.generate('RS256');
      await provider.start(0, '127.0.0.1');
      provider.service.on('beforeTokenSigning', (token) => {
        if (identity) Object.assign(token.payload, identity);
      });
      await use(provider);
      await provider.stop();
    },
    { scope: 'worker' },
  ],
  shop: [
    async ({ provider }, use) => {
      const shop = await startOwnServer({
        GOOGLE_CLIENT_ID: 'shop-e2e-client',
        GOOGLE_CLIENT_SECRET: 'shop-e2e-secret',
        OIDC_ISSUER_URL: provider.issuer.url!,
      });
      await use(shop);
      await shop.stop();
    },
    // Starting a server with a fresh database can take a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.baseUrl);
  },
});

test.describe.configure({ mode: 'serial' });

test.afterEach(({ provider }) => {
  identity = null;
  provider.service.removeAllListeners('beforeAuthorizeRedirect');
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(pathname);
}

/** On /login: 'Continue with Google', as `who`; resolves once the browser is back on the shop. */
async function continueWithGoogle(page: Page, who: Identity | null) {
  identity = who;
  const shopOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // Out to the provider and back through /api/auth/callback/google.
  await page.waitForURL((url) => url.origin === shopOrigin && !url.pathname.startsWith('/api/'), { timeout: 20_000 });
}

async function sessionUser(context: BrowserContext) {
  const r = await context.request.get('/api/auth/get-session');
  const body = (await r.json()) as { user: { id: string; email: string; name: string } } | null;
  return body?.user ?? null;
}

async function expectSignedIn(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).first().waitFor();
  await mainNav(page).getByRole('button', { name: 'Sign out' }).first().waitFor();
  expect(await mainNav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
}

/** /dashboard as a buyer: the Buyer badge and My Orders, which opens. */
async function expectBuyerDashboard(page: Page, name: string) {
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).first().click();
  await expectPath(page, '/dashboard');
  await page.getByRole('heading', { name: `Welcome to your dashboard, ${name}` }).waitFor();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  expect((await menu.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual([
    'Overview',
    'My Orders',
    'Offers',
    'Saved',
    'Start selling',
    'Messages',
    'Profile',
  ]);
  await menu.getByRole('link', { name: 'My Orders' }).click();
  await expectPath(page, '/dashboard/myorders');
  await page.getByRole('heading', { name: 'You have 0 Orders' }).waitFor();
}

test.describe('Google sign-in (local OIDC provider)', () => {
  const newcomer: Identity = {
    sub: 'google-e2e-new-1',
    email: 'Gina.Google@gmail.test',
    email_verified: true,
    name: 'Gina Google',
  };
  let newcomerId = '';

  test('the log-in and sign-up pages offer Continue with Google, after an OR', async ({ page }) => {
    for (const p of ['/login', '/signup']) {
      await page.goto(p);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
      await expect(page.getByText('OR', { exact: true })).toBeVisible();
      await screenshotAtWidths(page, `google${p.replace('/', '-')}`);
    }
  });

  test('a new person signs in with Google from /login, lands back where they were, signed in as a buyer', async ({
    page,
    context,
  }) => {
    await page.goto('/blog');
    await mainNav(page).getByRole('link', { name: 'Login' }).first().click();
    await expectPath(page, '/login');
    await continueWithGoogle(page, newcomer);

    await expectPath(page, '/blog');
    await expectSignedIn(page);
    const user = await sessionUser(context);
    expect(user).toMatchObject({ email: 'gina.google@gmail.test', name: 'Gina Google' });
    newcomerId = user!.id;
    // The role was recorded by the sign-in itself: buyer (who may start selling later, issue 26).
    expect(await (await context.request.get('/api/users/buyer/gina.google@gmail.test')).json()).toEqual({ isBuyer: true });
    await expectBuyerDashboard(page, 'Gina Google');
  });

  test('the same person returning gets the same account, on the page they asked for', async ({ page, context }) => {
    expect(newcomerId).not.toBe('');
    await page.goto('/dashboard/myorders');
    await expectPath(page, '/login');
    await continueWithGoogle(page, newcomer);

    await expectPath(page, '/dashboard/myorders');
    await page.getByRole('heading', { name: 'You have 0 Orders' }).waitFor();
    await expectSignedIn(page);
    expect((await sessionUser(context))!.id).toBe(newcomerId);

    // A Google-only account has no password to change on its profile.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByText('You log in with Google, so this account has no password of its own.', { exact: false }).waitFor();
  });

  test('joins an existing email + password account when Google says the email is verified', async ({
    browser,
    shop,
    page,
    context,
  }) => {
    const email = 'linda.linked@shop.test';
    const password = 'linda-password-1';
    const headers = { origin: shop.baseUrl };
    // The password account, signed in in a browser of its own.
    const before = await newWatchedPage(browser, shop.baseUrl);
    expect(
      (
        await before.context.request.post('/api/auth/sign-up/email', { data: { email, name: 'Linda Seller', password }, headers })
      ).ok(),
    ).toBe(true);
    expect(
      (await before.context.request.post('/api/users', { data: { email, name: 'Linda Seller', isSeller: true }, headers })).ok(),
    ).toBe(true);
    const passwordUser = (await sessionUser(before.context))!;

    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await continueWithGoogle(page, {
      sub: 'google-e2e-linda',
      email: 'Linda.Linked@shop.test',
      email_verified: true,
      name: 'Linda From Google',
    });

    await expectPath(page, '/dashboard');
    await expectSignedIn(page);
    expect((await sessionUser(context))!.id).toBe(passwordUser.id);
    // The same account: the seller's name and role, not a new buyer.
    await page.getByRole('heading', { name: 'Welcome to your dashboard, Linda Seller' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'My Products' }).waitFor();

    // The server's pre-hijacking guard: the never-verified password, and its sessions, are gone,
    // so whoever set it (perhaps not the email's owner) is out. Google is the way in from now on.
    await before.page.goto('/dashboard');
    await expectPath(before.page, '/login');
    const retry = await before.context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers });
    expect(retry.status()).toBe(401);
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('You log in with Google, so this account has no password of its own.', { exact: false }).waitFor();

    expect(before.problems()).toEqual([]);
    await before.context.close();
  });

  test('does not join an existing account when Google does not vouch for the email, and says why', async ({
    browser,
    shop,
    page,
    context,
  }) => {
    const email = 'victor.victim@shop.test';
    const setup = await browser.newContext({ baseURL: shop.baseUrl });
    expect(
      (
        await setup.request.post('/api/auth/sign-up/email', {
          data: { email, name: 'Victor', password: 'victor-password-1' },
          headers: { origin: shop.baseUrl },
        })
      ).ok(),
    ).toBe(true);
    await setup.close();

    await page.goto('/login');
    await continueWithGoogle(page, { sub: 'google-e2e-mallory', email, email_verified: false, name: 'Mallory' });
    await expectPath(page, '/login');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Error: An account with this email already exists/ })
      .waitFor();
    expect(await sessionUser(context)).toBeNull();
    await mainNav(page).getByRole('link', { name: 'Login' }).first().waitFor();
  });

  test("a provider error comes back to /login as 'Error: ' and its code's sentence", async ({ provider, page, context }) => {
    provider.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user denied access to the shop.');
    });
    await page.goto('/dashboard/myorders');
    await expectPath(page, '/login');
    await continueWithGoogle(page, null);

    await expectPath(page, '/login');
    // The description travels in the link, which anyone can write: the page shows the code's own sentence.
    const alert = page.getByRole('alert').filter({ hasText: 'Error: Google sign-in was cancelled.' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Error: Google sign-in was cancelled.');
    expect(await sessionUser(context)).toBeNull();

    // Trying again still ends on the page the person was going to.
    await continueWithGoogle(page, newcomer);
    await expectPath(page, '/dashboard/myorders');
    await expectSignedIn(page);
  });
});
