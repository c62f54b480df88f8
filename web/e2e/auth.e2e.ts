import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, screenshot, test } from './support/fixtures';
import { expectPath, expectToast, visible } from './support/journey';

/** The messages shown under the fields of a form, in order. */
async function fieldErrors(page: Page, form: string) {
  const alerts = page.getByRole('form', { name: form }).getByRole('alert');
  return (await alerts.allTextContents()).map((t) => t.trim());
}

test.describe('auth journey', () => {
  test('a logged-out visit to /dashboard/myorders goes to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/dashboard/myorders');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log In', level: 1 }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill('buyer@shop.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'successfully log in!');
    await expectPath(page, '/dashboard/myorders');
    await page.getByRole('heading', { name: /^You have \d+ Orders$/ }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).waitFor();
  });

  test('shows every validation message of the login and sign-up forms on bad input', async ({ page }) => {
    // Log In: both required, then the minimum length.
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log In' });
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByText('Email is required', { exact: true }).waitFor();
    expect(await fieldErrors(page, 'Log In')).toEqual(['Email is required', 'Password is required']);
    await login.getByLabel('Email', { exact: true }).fill('buyer@shop.test');
    await login.getByLabel('Password', { exact: true }).fill('abc');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByText('password at lest 6 charecter', { exact: true }).waitFor();
    expect(await fieldErrors(page, 'Log In')).toEqual(['password at lest 6 charecter']);
    // Nothing was sent: still on the form, no toast.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    // Sign Up: name, email and password required, then the minimum length.
    await page.goto('/signup');
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await signup.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await signup.getByText('Name is required', { exact: true }).waitFor();
    expect(await fieldErrors(page, 'Sign Up')).toEqual(['Name is required', 'Email is required', 'Password is required']);
    await signup.getByLabel('Name', { exact: true }).fill('Short Password');
    await signup.getByLabel('Email', { exact: true }).fill('short-password@e2e.test');
    await signup.getByLabel('Password', { exact: true }).fill('12345');
    await signup.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await signup.getByText('password at lest 6 charecter', { exact: true }).waitFor();
    expect(await fieldErrors(page, 'Sign Up')).toEqual(['password at lest 6 charecter']);
    await expectPath(page, '/signup');
  });

  test("a wrong password shows 'Error: ' and the provider's message", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('buyer@shop.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = await visible(page.getByRole('form', { name: 'Log In' }).getByRole('alert'));
    const text = (await alert.textContent()) ?? '';
    expect(text.startsWith('Error: ')).toBe(true);
    expect(text.length).toBeGreaterThan('Error: '.length);
    await screenshot(page, 'login-error-1440');
    await expectPath(page, '/login');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).count()).toBe(
      1,
    );
  });

  test("a page that fails to load shows 'Somthing went wrong !!!'; Login again signs out and goes to /login", async ({
    page,
    context,
    signIn,
    problems,
  }) => {
    // The error page is the routes' errorElement: no URL leads to it (unknown paths get the 404
    // page), but a page whose code cannot be loaded does. Block the blog's chunk to get there.
    await signIn('buyer@shop.test', DEMO_PASSWORD);
    // The blocked chunk is the only thing the console may complain about.
    problems.allow(/Failed to load resource: net::ERR_FAILED/);
    await page.route(/\/assets\/blog-page-[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Sign out' }).waitFor();
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();

    await page.getByRole('heading', { name: 'Somthing went wrong !!!', exact: true }).waitFor();
    const status = page.getByRole('alert').filter({ hasText: 'Somthing went wrong !!!' }).locator('p').first();
    expect(((await status.textContent()) ?? '').trim()).not.toBe('');
    // The navbar stays around the error.
    expect(await nav.count()).toBe(1);
    await screenshot(page, 'error-page-1440');

    await page.getByRole('button', { name: 'Login again', exact: true }).click();
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log In', level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'Login', exact: true }).waitFor();
    const session = await context.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  test('an unknown path shows the 404 page, not the error page', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('Somthing went wrong !!!').count()).toBe(0);
  });
});
