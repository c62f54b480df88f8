import {
  apiSignUp,
  DEMO_PASSWORD,
  expect,
  newWatchedPage,
  screenshot,
  seriousA11yViolations,
  test,
  uniqueEmail,
} from './support/fixtures';
import { apiAddProduct, apiPayOrder, apiPlaceOrder, expectToast, productFixture } from './support/journey';

/**
 * Sellers get paid (simulated provider; the shared shop charges 10 % + $0.30, see global-setup): the
 * seller sees what they receive before listing, sets up payouts on the provider's onboarding page,
 * sells (the buyer's side and the hand-off through the API, shown in other journeys), and sees the
 * sale and the weekly chart on Earnings; the admin sees the fee on Finance and exports the CSV.
 */
test('seller onboards, sells and sees earnings; admin sees the fee and exports CSV', async ({ page, browser, signIn }) => {
  const suffix = Date.now().toString(36);
  const name = `E2E Payout lens ${suffix}`;
  const seller = await newWatchedPage(browser);
  await apiSignUp(seller.context.request, uniqueEmail('payout-seller'), 'Pia Payout Seller', 'seller-pass-123', true);

  // Before listing: what the seller receives of the price.
  await seller.page.goto('/dashboard/addproducts');
  await seller.page.getByLabel('Price (USD)', { exact: true }).fill('200');
  await expect(seller.page.getByTestId('you-receive')).toHaveText("You receive $179.70 of $200.00 (the shop's fee: $20.30).");

  // Payouts set up on the (simulated) provider's onboarding page.
  await seller.page.goto('/dashboard/earnings');
  await seller.page.getByRole('button', { name: 'Set up payouts' }).click();
  await seller.page.getByRole('heading', { name: 'Set up payouts' }).waitFor();
  await seller.page.getByLabel('Legal name').fill('Pia Payout Seller');
  await seller.page.getByLabel('Routing number').fill('110000000');
  await seller.page.getByLabel('Account number').fill('000123456789');
  await seller.page.getByRole('button', { name: 'Save payout details' }).click();
  await expectToast(seller.page, 'Your payout account is ready.');
  await expect(seller.page.getByText('Your payout account is ready: each sale is paid to it')).toBeVisible();

  // A sale: listed, booked, paid (held), handed over.
  const { insertedId: productId } = await apiAddProduct(seller.context.request, { ...productFixture(name), price: 200 });
  const buyer = await browser.newContext();
  await apiSignUp(buyer.request, uniqueEmail('payout-buyer'), 'Bo Payout Buyer', 'buyer-pass-123');
  const { insertedId: orderId } = await apiPlaceOrder(buyer.request, productId, 'Bo Payout Buyer');
  await apiPayOrder(buyer.request, orderId);
  const origin = { origin: new URL(seller.page.url()).origin };
  const handoff = await (await buyer.request.get(`/api/orders/${orderId}/handoff`)).json();
  const confirmed = await seller.context.request.post(`/api/orders/${orderId}/handoff/confirm`, {
    data: { code: handoff.code },
    headers: origin,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await buyer.close();

  await seller.page.reload();
  await expect(seller.page.getByTestId('balance-available')).toHaveText('$179.70');
  const sale = seller.page.getByRole('listitem').filter({ hasText: name });
  await expect(sale).toContainText('fee $20.30');
  await expect(sale).toContainText('You receive $179.70');
  await expect(sale).toContainText('On your payout account');
  await expect(seller.page.getByTestId('earnings-chart').locator('canvas')).toBeVisible();
  expect(await seriousA11yViolations(seller.page)).toEqual([]);
  await screenshot(seller.page, 'earnings-1440');
  expect(seller.problems()).toEqual([]);
  await seller.context.close();

  // The admin: the fee on Finance, and the ledger as CSV.
  await signIn('admin@shop.test', DEMO_PASSWORD);
  await page.goto('/dashboard/finance');
  const row = page.getByRole('row').filter({ hasText: 'Captured' }).filter({ hasText: '$200.00' }).first();
  await expect(row.getByTestId('entry-fee')).toHaveText('$20.30');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^ledger.*\.csv$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, 'finance-1440');
});
