import { apiSignIn, apiSignUp, DEMO_PASSWORD, expect, seriousA11yViolations, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, expectToast, productFixture, visible } from './support/journey';

test.describe('reports and moderation', () => {
  test('a buyer reports a fake listing; an admin hides it from the moderation queue and the buyer is told', async ({
    page,
    browser,
    playwright,
    baseURL,
    signIn,
  }) => {
    const suffix = Date.now().toString(36);
    const productName = `Too cheap iPhone ${suffix}`;
    const sellerApi = await playwright.request.newContext({ baseURL });
    await apiSignUp(sellerApi, uniqueEmail('fake-seller'), `Faye Faker ${suffix}`, 'seller-pass-123', true);
    const productId = (await apiAddProduct(sellerApi, productFixture(productName, 'Mobile'))).insertedId;
    await sellerApi.dispose();

    // The buyer looks at the seller's public page from the listing, then reports the listing from its page.
    await signIn('buyer@shop.test', DEMO_PASSWORD);
    await page.goto(`/product/${productId}`);
    await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
    await page.getByRole('link', { name: `Faye Faker ${suffix}` }).click();
    await page.getByRole('heading', { name: `Faye Faker ${suffix}`, level: 1 }).waitFor();
    await page.getByText('No reviews yet').first().waitFor();
    await page.getByRole('link', { name: productName }).waitFor();
    await page.getByRole('button', { name: 'Report this user' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goBack();
    await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Report this listing' }));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Tell us what is wrong').waitFor();
    await dialog
      .getByLabel('What is wrong?')
      .fill('Fake listing: the photos are from another site and the price is a tenth of the real one.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, 'Thank you. A moderator will look at it, and we will tell you the outcome.');

    // The admin sees it in the queue beside its report and hides it.
    const adminContext = await browser.newContext({ baseURL });
    await apiSignIn(adminContext, 'admin@shop.test', DEMO_PASSWORD, baseURL);
    const admin = await adminContext.newPage();
    await admin.goto('/dashboard/moderation');
    await admin.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    const item = await visible(admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: productName }) }));
    await item.getByText('the photos are from another site', { exact: false }).waitFor();
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await item.getByRole('button', { name: 'Hide listing' }).click();
    const confirm = await visible(admin.getByRole('dialog', { name: 'Hide listing' }));
    await confirm.getByLabel('Reason').fill('Fake listing, photos copied');
    await confirm.getByRole('button', { name: 'Hide listing' }).click();
    await expectToast(admin, 'Hide listing: done. 1 reporter was told.');
    await expect.poll(() => admin.getByRole('heading', { name: productName }).count()).toBe(0);
    // The queue fits a phone.
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.getByRole('heading', { name: 'Open reports' }).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Gone for everyone; the audit log has it; the buyer's bell says what happened.
    expect((await page.request.get(`/api/product/${productId}`)).status()).toBe(404);
    await page.goto(`/product/${productId}`);
    await page
      .getByText(/not found|no longer|removed/i)
      .first()
      .waitFor();
    const audit = await (await adminContext.request.get('/api/audit?limit=20')).json();
    expect(
      audit.some((e: { action: string; targetId: string }) => e.action === 'moderation.hide_listing' && e.targetId === productId),
    ).toBe(true);
    const notes = await (await page.request.get('/api/notifications')).json();
    expect(notes.some((n: { title: string; body: string }) => n.body === 'The listing was taken down.')).toBe(true);
    await adminContext.close();
  });
});
