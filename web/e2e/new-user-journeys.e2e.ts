import type { Route } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './support/fixtures';
import { expectPath, expectToast, photoJpeg, screenshotAtWidths } from './support/journey';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * What a new user meets in the first hour with the shop: a demo seller on a freshly seeded shop
 * uploads a photo (and a photo the server refuses leaves no broken cover), a password typed before
 * the app has taken the page over never reaches the address bar, and no Google button where the
 * server has no Google sign-in.
 */

test.describe('a demo seller on a freshly seeded shop', () => {
  let shop: OwnServer;
  test.beforeAll(async () => {
    // Seeding the demo's photos takes a while on a busy machine.
    test.setTimeout(240_000);
    // The first start of a shop with the default caps (UPLOADS_PER_HOUR 60): the demo is seeded now.
    shop = await startOwnServer({
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      UPLOADS_PER_HOUR: '60',
      UNUSED_UPLOADS_MAX: '40',
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test('uploads a photo at once; a photo the server refuses leaves no broken cover', async ({ page, context, problems }) => {
    // Playwright's trace snapshots fetch the page's blob: images, which the shop's CSP (connect-src
    // 'self') refuses, for a preview that is no image: the tracer's request, not the app's.
    problems.allow(/Connecting to 'blob:[^']*' violates the following Content Security Policy directive: "connect-src/);
    problems.allow(/CSP violation: connect-src blob/);
    const signIn = await context.request.post(`${shop.baseUrl}/api/auth/sign-in/email`, {
      data: { email: 'seller@shop.test', password: DEMO_PASSWORD },
      headers: { origin: shop.baseUrl },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await page.goto(`${shop.baseUrl}/dashboard/addproducts`);
    const form = page.getByRole('form', { name: 'Add A Product' });
    const choose = form.getByLabel('Choose photos');

    // Not a photo, though named and typed as one: the server refuses it (400, what is accepted).
    await choose.setInputFiles({
      name: 'not-a-photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('plain text, not a JPEG'),
    });
    const refusal = form.getByRole('alert').filter({ hasText: 'not-a-photo.jpg was not added' });
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    await expect(form.getByTestId('photo-item')).toHaveCount(0);
    await expect(form.getByText('Cover', { exact: true })).toHaveCount(0);
    await screenshotAtWidths(page, 'new-user-upload-refused');

    // A real photo: stored at once (the seeded photos do not count towards the hourly cap).
    await choose.setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(1200, 900, 40) });
    const cover = form.getByRole('img', { name: 'Upload 1 (cover): camera.jpg' });
    await expect(cover).toHaveAttribute('src', /\/media\/p\/[0-9a-f-]{36}\/400\.webp$/, { timeout: 30_000 });
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    await expect(form.getByRole('alert').filter({ hasText: 'was not added' })).toHaveCount(0);
    // The stored photo draws (a broken image has no natural width).
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshotAtWidths(page, 'new-user-upload-done');
  });
});

test.describe('a password typed before the app runs', () => {
  test('Enter sends nothing and the address never holds it; once the app runs, the same fields log in', async ({
    browser,
    baseURL,
  }) => {
    // A browser of its own, not the journeys' page (which waits for the app on every load).
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const addresses: string[] = [];
    page.on('request', (r) => addresses.push(r.url()));
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) addresses.push(f.url());
    });

    // The app's script is held back: the page is only the server's HTML until it is let through.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/[^/]+\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    });

    const password = 'typed-before-the-app-9';
    await page.goto('/login', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Log In' });
    await expect(form).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app'))).toBe(false);
    await expect(form).toHaveAttribute('method', 'post');
    const submit = form.getByRole('button', { name: /^Login/ });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleName('Login (Loading…)');

    await form.getByLabel('Email').fill('buyer@shop.test');
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).not.toContain(password);
    await screenshotAtWidths(page, 'new-user-login-before-app');

    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app'), undefined, { timeout: 30_000 });
    // What was typed is still there, and the button is the app's now.
    await expect(form.getByLabel('Email')).toHaveValue('buyer@shop.test');
    await expect(submit).toHaveAccessibleName('Login');
    await expect(submit).toBeEnabled();
    await screenshotAtWidths(page, 'new-user-login-app-ready');
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('Password', { exact: true }).press('Enter');
    await expectToast(page, 'successfully log in!');
    await expectPath(page, '/');

    for (const a of addresses) {
      expect(a, 'no address the browser asked for or showed holds a password').not.toContain(password);
      expect(a).not.toContain(encodeURIComponent(DEMO_PASSWORD));
      expect(a).not.toContain('password=');
    }
    expect(errors, 'console errors').toEqual([]);
    await context.close();
  });
});

test.describe('the other forms with a secret, before the app runs', () => {
  for (const [address, form, button] of [
    ['/forgot-password', 'Forgot password', 'Send me a link'],
    ['/reset-password?token=journey-token', 'Choose a new password', 'Set new password'],
    ['/login/two-factor', 'Two-factor sign-in', 'Verify'],
  ] as const) {
    test(`${form} (${address}): posted, its button waiting for the app, then the app's`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/[^/]+\.js$/, async (route: Route) => {
        await released;
        await route.continue();
      });
      await page.goto(address, { waitUntil: 'commit' });
      const shown = page.getByRole('form', { name: form });
      await expect(shown).toHaveAttribute('method', 'post');
      const submit = shown.getByRole('button', { name: new RegExp(`^${button}`) });
      await expect(submit).toBeDisabled();
      await expect(submit).toHaveAccessibleName(`${button} (Loading…)`);
      const name = `new-user-${address.slice(1).split('?')[0]!.replace('/', '-')}`;
      await screenshotAtWidths(page, `${name}-before-app`);
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app'), undefined, { timeout: 30_000 });
      await expect(submit).toBeEnabled();
      await expect(submit).toHaveAccessibleName(button);
      await screenshotAtWidths(page, `${name}-app-ready`);
      await context.close();
    });
  }
});

test.describe('without Google sign-in', () => {
  test('neither the log-in nor the sign-up page shows a Google button', async ({ page }) => {
    for (const [p, heading] of [
      ['/login', 'Log In'],
      ['/signup', 'Sign Up'],
    ] as const) {
      await page.goto(p);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
      await expect(page.getByText('OR', { exact: true })).toHaveCount(0);
      await screenshotAtWidths(page, `new-user-no-google${p.replace('/', '-')}`);
    }
  });
});
