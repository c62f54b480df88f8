import type { Page } from '@playwright/test';
import {
  apiSignIn,
  apiSignUp,
  expect,
  newWatchedPage,
  screenshot,
  seriousA11yViolations,
  test,
  uniqueEmail,
  type WatchedPage,
} from './support/fixtures';

/**
 * The profile page on the shared server: a person renames themselves, changes the password (then
 * logs in with the new one), signs other devices out with it, and finally signs out of all devices,
 * which a second browser notices on its next page. One story in steps, so the steps run in order
 * and a failed step skips the rest.
 */

test.describe.configure({ mode: 'serial' });

async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(pathname);
}

async function openProfile(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
  await expectPath(page, '/dashboard/profile');
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
}

/** A second browser of the same person: does /dashboard still open, or does it go to /login? */
async function stillSignedIn(page: Page): Promise<boolean> {
  await page.goto('/dashboard');
  const landed = await Promise.race([
    page
      .getByRole('heading', { name: /^Welcome to your dashboard/ })
      .waitFor()
      .then(() => 'dashboard' as const),
    page
      .getByRole('heading', { name: 'Log In', level: 1 })
      .waitFor()
      .then(() => 'login' as const),
  ]);
  if (landed === 'login') await expectPath(page, '/login');
  return landed === 'dashboard';
}

async function changePassword(page: Page, current: string, next: string, signOutOthers: boolean) {
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password', { exact: true }).fill(next);
  const box = form.getByRole('checkbox', { name: 'Sign out of other devices' });
  if (signOutOthers) await box.check();
  await form.getByRole('button', { name: 'Change password' }).click();
  return form;
}

test.describe('profile journey', () => {
  const email = uniqueEmail('profile');
  const passwords = ['first-password-1', 'second-password-2', 'third-password-3'] as const;
  // The two browsers of the person, kept from step to step.
  let main: WatchedPage;
  let other: WatchedPage;

  test.beforeAll(async ({ browser }) => {
    main = await newWatchedPage(browser);
    await apiSignUp(main.context.request, email, 'Pat Profile', passwords[0]);
    other = await newWatchedPage(browser);
    await apiSignIn(other.context, email, passwords[0]);
  });
  test.afterAll(async () => {
    await main?.context.close();
    await other?.context.close();
  });

  test('changes the display name; the dashboard greets the new name', async () => {
    const { page } = main;
    await openProfile(page);
    const form = page.getByRole('form', { name: 'Display name' });
    const name = form.getByLabel('Name', { exact: true });
    expect(await name.inputValue()).toBe('Pat Profile');
    await name.fill('   ');
    await form.getByRole('button', { name: 'Save name' }).click();
    await form.getByText('Name is required', { exact: true }).waitFor();

    await name.fill('  Patricia Renamed ');
    await form.getByRole('button', { name: 'Save name' }).click();
    await form.getByRole('status').filter({ hasText: 'Your name was updated.' }).waitFor();
    expect(await name.inputValue()).toBe('Patricia Renamed');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Welcome to your dashboard, Patricia Renamed' }).waitFor();
    expect(main.problems()).toEqual([]);
  });

  test('lists this browser and the other one, this one marked; the page passes axe and fits 375 and 1440 px', async () => {
    const { page } = main;
    await openProfile(page);
    const list = page.getByRole('list', { name: 'Active sessions' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    expect(await list.locator('li[aria-current="true"]').count()).toBe(1);
    expect(await list.locator('li[aria-current="true"]').textContent()).toContain('This device');
    expect(await list.textContent()).toContain('Chrome on Linux');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'profile-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'profile-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(main.problems()).toEqual([]);
  });

  test('refuses a wrong current password, then changes it; logging in works with the new one only', async ({ page: fresh }) => {
    const { page } = main;
    await openProfile(page);
    let form = await changePassword(page, 'not-the-password', passwords[1], false);
    await form.getByRole('alert').filter({ hasText: 'Error: Your current password is not correct.' }).waitFor();

    form = await changePassword(page, passwords[0], passwords[1], false);
    await form
      .getByRole('status')
      .filter({ hasText: /^Your password was changed\.$/ })
      .waitFor();
    // Without 'Sign out of other devices' the other browser stays signed in.
    expect(await stillSignedIn(other.page)).toBe(true);

    // A third browser (the test's page) logs in through the form.
    await fresh.goto('/login');
    const login = fresh.getByRole('form', { name: 'Log In' });
    await login.getByLabel('Email', { exact: true }).fill(email);
    await login.getByLabel('Password', { exact: true }).fill(passwords[0]);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByText('Error: Invalid email or password', { exact: true }).waitFor();
    await login.getByLabel('Password', { exact: true }).fill(passwords[1]);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).first().waitFor();
    expect(main.problems()).toEqual([]);
  });

  test("with 'Sign out of other devices', the other browser is signed out and this one stays", async () => {
    const { page } = main;
    await openProfile(page);
    const form = await changePassword(page, passwords[1], passwords[2], true);
    await form
      .getByRole('status')
      .filter({ hasText: 'Your password was changed, and your other devices were signed out.' })
      .waitFor();
    expect(await stillSignedIn(other.page)).toBe(false);
    // This browser keeps its session and goes on.
    await openProfile(page);
    const list = page.getByRole('list', { name: 'Active sessions' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(main.problems()).toEqual([]);
    expect(other.problems()).toEqual([]);
  });

  test('signs out of all devices: this browser lands on /login, and the other one on its next page', async () => {
    await apiSignIn(other.context, email, passwords[2]);
    expect(await stillSignedIn(other.page)).toBe(true);

    const { page } = main;
    await openProfile(page);
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectPath(page, '/login');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'You were signed out of all devices.' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await stillSignedIn(page)).toBe(false);

    expect(await stillSignedIn(other.page)).toBe(false);
    expect(main.problems()).toEqual([]);
    expect(other.problems()).toEqual([]);
  });
});
