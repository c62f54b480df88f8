import type { Page } from '@playwright/test';
import { apiSignUp, DEMO_PASSWORD, expect, newWatchedPage, test, uniqueEmail } from './support/fixtures';
import { expectPath, expectToast, visible } from './support/journey';
import { totp } from '../../server/test/helpers/totp';

/**
 * Two-factor sign-in in the browser: a person turns it on at the profile page with a code computed
 * from the secret the page shows (as an authenticator app would), signs out, and signs back in with
 * the password and then a code. An admin then finds what was just done in the audit log.
 */

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const person = { email: uniqueEmail('two-factor'), name: `Tess Factor ${suffix}`, password: 'two-factor-pass-1' };
let secret = '';

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('turns two-factor sign-in on from the profile page', async ({ page, context }) => {
  await apiSignUp(context.request, person.email, person.name, person.password);
  await page.goto('/dashboard/profile');
  const card = await visible(page.getByRole('region', { name: 'Two-factor sign-in' }));
  await expect(card.getByTestId('two-factor-status')).toHaveText('Off');

  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const passwordForm = card.getByRole('form', { name: 'Turn on two-factor sign-in' });
  await passwordForm.getByLabel('Your password', { exact: true }).fill(person.password);
  await passwordForm.getByRole('button', { name: 'Continue' }).click();

  // The QR code for the app, and the secret to type in by hand: the test is the app.
  await visible(card.getByRole('img', { name: 'QR code for your authenticator app' }));
  secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const confirm = card.getByRole('form', { name: 'Confirm two-factor sign-in' });
  const codeField = confirm.getByLabel('Code from the app');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await codeField.fill(totp(secret));
  await confirm.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, once.
  const codes = await visible(card.getByRole('list', { name: 'Recovery codes' }));
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByTestId('two-factor-status')).toHaveText('On');
  await expect(card.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign out' }).click();
  await nav.getByRole('link', { name: 'Login' }).waitFor();
});

test('signs in with the password and then a code from the app', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await signInWithPassword(page, person.email, person.password);
  await expectPath(page, '/login/two-factor');
  const form = page.getByRole('form', { name: 'Two-factor sign-in' });
  // Each code is taken once: the one that turned it on a moment ago is spent, so the next step's (the window takes it).
  await form.getByLabel('Code from your app').fill(totp(secret, Date.now() + 30_000));
  await form.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'successfully log in!');
  await nav.getByRole('button', { name: 'Sign out' }).waitFor();

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByTestId('two-factor-status')).toHaveText('On');

  // Signing out and in again asks for the code again.
  await nav.getByRole('button', { name: 'Sign out' }).click();
  await nav.getByRole('link', { name: 'Login' }).waitFor();
  await signInWithPassword(page, person.email, person.password);
  await expectPath(page, '/login/two-factor');
});

test('an admin sees the action just taken in the audit log', async ({ browser, page, playwright, baseURL, signIn }) => {
  // A fresh seller to verify.
  const seller = { name: `Audit Seller ${suffix}`, email: uniqueEmail('audit-seller') };
  const sellerApi = await playwright.request.newContext({ baseURL });
  await apiSignUp(sellerApi, seller.email, seller.name, 'seller-pass-123', true);
  await sellerApi.dispose();

  await signIn('admin@shop.test', DEMO_PASSWORD);
  await page.goto('/dashboard/allseller');
  const sellerRow = page.getByRole('row').filter({ hasText: seller.email });
  await sellerRow.getByRole('button', { name: `Verify ${seller.name}` }).click();
  await expectToast(page, 'You make this seller verified');

  const menu = await visible(page.getByRole('navigation', { name: 'Dashboard' }));
  await menu.getByRole('link', { name: 'Audit log', exact: true }).click();
  await expectPath(page, '/dashboard/audit');
  const table = await visible(page.getByRole('table', { name: 'Audit log' }));
  // Newest first: the verification just made is the first row.
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Seller verified');
  await expect(first).toContainText('admin@shop.test');
  await expect(first).toContainText(seller.email);
  // The person's change from the first step is there too.
  await expect(
    table.getByRole('row').filter({ hasText: person.email }).filter({ hasText: 'Two-factor sign-in turned on' }),
  ).toHaveCount(1);

  // On a phone: cards instead of the table.
  const phone = await newWatchedPage(browser);
  try {
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await phone.context.request.post('/api/auth/sign-in/email', {
      data: { email: 'admin@shop.test', password: DEMO_PASSWORD },
      headers: { origin: baseURL ?? '' },
    });
    await phone.page.goto('/dashboard/audit');
    const cards = await visible(phone.page.getByRole('list', { name: 'Audit log' }));
    await expect(cards.getByRole('listitem').first()).toContainText('Seller verified');
    expect(await phone.page.getByRole('table', { name: 'Audit log' }).count()).toBe(0);
    expect(phone.problems()).toEqual([]);
  } finally {
    await phone.context.close();
  }
});
