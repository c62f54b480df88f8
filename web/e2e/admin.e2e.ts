import { apiSignUp, DEMO_PASSWORD, expect, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, expectPath, expectToast, productCard, productFixture, visible } from './support/journey';

test.describe('admin journey', () => {
  test('verifies a new seller (the tick appears on their products) and deletes a buyer', async ({
    page,
    playwright,
    baseURL,
    signIn,
  }) => {
    // Fixtures through the API: a fresh unverified seller with one Watch listed, and a fresh buyer.
    const suffix = Date.now().toString(36);
    const seller = { name: `Vera Seller ${suffix}`, email: uniqueEmail('verify-seller') };
    const buyer = { name: `Dan Buyer ${suffix}`, email: uniqueEmail('delete-buyer') };
    const productName = `E2E Smartwatch ${suffix}`;
    const sellerApi = await playwright.request.newContext({ baseURL });
    await apiSignUp(sellerApi, seller.email, seller.name, 'seller-pass-123', true);
    await apiAddProduct(sellerApi, productFixture(productName, 'Watch'));
    await sellerApi.dispose();
    const buyerApi = await playwright.request.newContext({ baseURL });
    await apiSignUp(buyerApi, buyer.email, buyer.name, 'buyer-pass-123', false);
    await buyerApi.dispose();

    await signIn('admin@shop.test', DEMO_PASSWORD);

    // Before: the product is listed without the verified tick.
    await page.goto('/category/Watch');
    const list = await visible(page.getByRole('list', { name: 'Watch products' }));
    const card = productCard(list, productName);
    await card.getByText(seller.name, { exact: true }).waitFor();
    expect(await card.getByRole('img', { name: 'Verified seller' }).count()).toBe(0);

    // All Seller: verify.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const menu = await visible(page.getByRole('navigation', { name: 'Dashboard' }));
    expect(await menu.getByRole('link', { name: 'My Orders', exact: true }).count()).toBe(0);
    await menu.getByRole('link', { name: 'All Seller', exact: true }).click();
    await expectPath(page, '/dashboard/allseller');
    const sellerRow = page.getByRole('row').filter({ hasText: seller.email });
    await sellerRow.getByRole('button', { name: `Verify ${seller.name}` }).click();
    await expectToast(page, 'You make this seller verified');
    await sellerRow.getByText('Verified', { exact: true }).waitFor();
    expect(await sellerRow.getByRole('button', { name: `Verify ${seller.name}` }).count()).toBe(0);

    // After: the tick is on the seller's product (client-side navigation: the cached list is refreshed).
    await page.goBack();
    await page.goBack();
    await expectPath(page, '/category/Watch');
    await productCard(page.getByRole('list', { name: 'Watch products' }), productName)
      .getByRole('img', { name: 'Verified seller' })
      .waitFor();
    // ...and on a full reload (what the server answers).
    await page.reload();
    await productCard(page.getByRole('list', { name: 'Watch products' }), productName)
      .getByRole('img', { name: 'Verified seller' })
      .waitFor();

    // All Buyer: delete the fresh buyer, who disappears from the list.
    await page.goto('/dashboard/allbuyer');
    await page.getByRole('heading', { name: /^All Buyers/, level: 1 }).waitFor();
    const buyerRow = page.getByRole('row').filter({ hasText: buyer.email });
    await buyerRow.getByRole('button', { name: `Delete ${buyer.name}` }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete this buyer?' }));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Buyer deleted Successfully!');
    await expect.poll(() => page.getByRole('row').filter({ hasText: buyer.email }).count()).toBe(0);
    // Still gone after a reload.
    await page.reload();
    await page.getByRole('heading', { name: /^All Buyers/, level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'buyer@shop.test' }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: buyer.email }).count()).toBe(0);
  });
});
