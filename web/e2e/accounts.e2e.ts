import { apiSignUp, expect, linkFromOutbox, shopUrl, test, uniqueEmail } from './support/fixtures';
import { expectPath, expectToast, region, visible } from './support/journey';

/**
 * Proving an email and getting back into an account, on the shared server (no SMTP_URL: its mail
 * is read from the development outbox, GET /api/dev/mail?to=, as a mail client would show it).
 */

test.describe('accounts', () => {
  test('a new account sees the banner until it opens the link mailed at sign-up, which asks for the password', async ({
    page,
  }) => {
    const person = { name: 'Vera Verify', email: uniqueEmail('verify'), password: 'vera-verifies-42' };

    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Name', { exact: true }).fill(person.name);
    await form.getByLabel('Email', { exact: true }).fill(person.email);
    // The strength meter loads with the form and rates what is typed.
    await form.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await form.getByText(/^Strength: (Very weak|Weak)/).waitFor();
    await form.getByLabel('Password', { exact: true }).fill(person.password);
    await form.getByText(/^Strength: (Good|Strong)/).waitFor();
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectToast(page, 'successfully signed up!');
    await expectPath(page, '/');

    const banner = await visible(region(page, 'Email verification'));
    await banner.getByText('Please verify your email address.').waitFor();
    expect(await banner.textContent()).toContain(person.email);
    // The sign-up mail went out a moment ago: a second one is refused, and the banner says why.
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByRole('status')).toHaveText(/less than a minute ago/);

    const link = await linkFromOutbox(page.request, person.email, 'Confirm your email address');
    expect(new URL(link).pathname).toBe('/api/auth/verify-email');
    // Whoever signed up may not own the address: the link signs every device out and asks the owner
    // for the password to log in with.
    await page.goto(link);
    await expectPath(page, '/reset-password');
    await page.getByRole('heading', { name: 'Choose your password', level: 1 }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Your email address is verified.' })).toBeVisible();
    const choose = page.getByRole('form', { name: 'Choose your password' });
    await choose.getByLabel('New password', { exact: true }).fill(person.password);
    await choose.getByLabel('Type it again', { exact: true }).fill(person.password);
    await choose.getByRole('button', { name: 'Set password' }).click();
    await expectToast(page, 'Your password is set. Log in with it.');
    await expectPath(page, '/login');

    const login = page.getByRole('form', { name: 'Log In' });
    await login.getByLabel('Email').fill(person.email);
    await login.getByLabel('Password', { exact: true }).fill(person.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expectPath(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).waitFor();
    await expect(region(page, 'Email verification')).toHaveCount(0);
  });

  test('signing up with an address that has an account says to check the mail, and mails its owner', async ({
    page,
    playwright,
  }) => {
    const owner = { name: 'Owen Owner', email: uniqueEmail('taken'), password: 'owen-owns-it-42' };
    const api = await playwright.request.newContext({ baseURL: shopUrl() });
    await apiSignUp(api, owner.email, owner.name, owner.password);
    await api.dispose();

    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Name', { exact: true }).fill('Someone Else');
    await form.getByLabel('Email', { exact: true }).fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill('someone-else-42');
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
      `We sent a mail to ${owner.email} with what to do next.`,
    );
    await expectPath(page, '/signup');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    const link = await linkFromOutbox(page.request, owner.email, 'Someone tried to sign up with your email address');
    expect(['/login', '/forgot-password']).toContain(new URL(link).pathname);
  });

  test('forgot password: the mailed link sets a new password, once, and the person signs in with it', async ({
    page,
    playwright,
  }) => {
    const person = { name: 'Rory Reset', email: uniqueEmail('reset'), old: 'rory-old-pass-1', fresh: 'rory-new-pass-2' };
    const api = await playwright.request.newContext({ baseURL: shopUrl() });
    await apiSignUp(api, person.email, person.name, person.old);
    await api.dispose();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    const ask = page.getByRole('form', { name: 'Forgot password' });
    await ask.getByLabel('Email', { exact: true }).fill(person.email);
    await ask.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toContainText(
      `If an account exists for ${person.email}, we sent a link`,
    );

    const link = await linkFromOutbox(page.request, person.email, 'Reset your password');
    await page.goto(link);
    await expectPath(page, '/reset-password');
    const form = page.getByRole('form', { name: 'Choose a new password' });
    // The rules of a new password, before anything is sent.
    await form.getByLabel('New password', { exact: true }).fill('short12');
    await form.getByLabel('Type it again', { exact: true }).fill('short13');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await form.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    await form.getByText('The two passwords do not match', { exact: true }).waitFor();

    await form.getByLabel('New password', { exact: true }).fill(person.fresh);
    await form.getByLabel('Type it again', { exact: true }).fill(person.fresh);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Your new password is set. Log in with it.');
    await expectPath(page, '/login');

    // The link works once.
    await page.goto(link);
    await expectPath(page, '/reset-password');
    await expect(page.getByRole('alert').filter({ hasText: 'expired or was already used' })).toBeVisible();
    await page.getByRole('link', { name: 'Get a new link' }).waitFor();

    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log In' });
    await login.getByLabel('Email', { exact: true }).fill(person.email);
    await login.getByLabel('Password', { exact: true }).fill(person.fresh);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'successfully log in!');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).waitFor();
  });
});
