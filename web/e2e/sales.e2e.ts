import type { APIRequestContext } from '@playwright/test';
import { apiSignUp, expect, newWatchedPage, screenshot, shopUrl, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, apiPayOrder, apiPlaceOrder, expectPath, productCard, productFixture } from './support/journey';

/** The buyer's hand-off code of a held order, typed in by its seller through the API: the order is completed. */
async function completeHandoff(buyer: APIRequestContext, seller: APIRequestContext, orderId: string) {
  const handoff = await buyer.get(`/api/orders/${orderId}/handoff`);
  expect(handoff.ok(), await handoff.text()).toBe(true);
  const { code } = (await handoff.json()) as { code: string };
  const confirmed = await seller.post(`/api/orders/${orderId}/handoff/confirm`, {
    data: { code },
    headers: { origin: shopUrl() },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/**
 * Issue 23, item 10: a seller had no one view of their sales (bookings hid in a disclosure on each
 * card) and an item whose payment was only held showed a red "Sold". Now Sales lists every booking of
 * every listing, newest first, by state with what to do next, and My Products says "Paid, held".
 */
test('Sales: every booking newest first with its next step, filtered by state; a held item is not "Sold"', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const done = `E2E Sales done camera ${suffix}`;
  const held = `E2E Sales held camera ${suffix}`;
  const waiting = `E2E Sales waiting camera ${suffix}`;

  await apiSignUp(page.request, uniqueEmail('sales-seller'), 'Selma Sales Seller', 'seller-pass-123', true);
  const ids = {
    done: (await apiAddProduct(page.request, productFixture(done))).insertedId,
    held: (await apiAddProduct(page.request, productFixture(held))).insertedId,
    waiting: (await apiAddProduct(page.request, productFixture(waiting))).insertedId,
  };
  const buyer = await newWatchedPage(browser);
  await apiSignUp(buyer.context.request, uniqueEmail('sales-buyer'), 'Bea Sales Buyer', 'buyer-pass-123');
  const api = buyer.context.request;
  const doneOrder = await apiPlaceOrder(api, ids.done, 'Bea Sales Buyer');
  await apiPayOrder(api, doneOrder.insertedId);
  await completeHandoff(api, page.request, doneOrder.insertedId);
  const heldOrder = await apiPlaceOrder(api, ids.held, 'Bea Sales Buyer');
  await apiPayOrder(api, heldOrder.insertedId);
  await apiPlaceOrder(api, ids.waiting, 'Bea Sales Buyer');
  expect(buyer.problems()).toEqual([]);
  await buyer.context.close();

  // The side menu has Sales.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sales', exact: true }).click();
  await expectPath(page, '/dashboard/sales');
  await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
  const list = page.getByRole('list', { name: 'Your sales' });
  const items = list.getByRole('listitem').filter({ hasText: suffix });
  await expect(items).toHaveCount(3);
  // Newest first: the booking not paid yet, the held one, the completed one.
  await expect(items.nth(0)).toContainText(waiting);
  await expect(items.nth(1)).toContainText(held);
  await expect(items.nth(2)).toContainText(done);
  await expect(items.nth(0)).toContainText('Waiting for payment');
  await expect(items.nth(1)).toContainText('Paid, held');
  await expect(items.nth(1)).toContainText(/meet and confirm the hand-off code/i);
  await expect(items.nth(1).getByRole('button', { name: 'Confirm hand-off' })).toBeVisible();
  await expect(items.nth(2)).toContainText('Completed');
  await screenshot(page, 'sales-1440');

  // Filtered by state, by keyboard; the filter is in the address.
  const state = page.getByLabel('State', { exact: true });
  await state.focus();
  await state.selectOption({ label: 'Paid, held' });
  await expect(page).toHaveURL(/[?&]state=paid\b/);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(held);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your sales' }).getByRole('listitem').filter({ hasText: suffix })).toHaveCount(1);
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'All' });
  await expect(items).toHaveCount(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sales-390');

  // My Products names the held item's state; only the completed one is sold.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard/myproducts');
  const heldCard = productCard(page, held);
  await expect(heldCard.getByText('Paid, held', { exact: true })).toBeVisible();
  await expect(heldCard.getByText('Sold', { exact: true })).toHaveCount(0);
  await expect(heldCard.getByRole('button', { name: `${held} is reserved` })).toBeDisabled();
  // Handed over: sold (the badge, and the Ad button's word).
  await expect(productCard(page, done).getByText('Sold', { exact: true }).first()).toBeVisible();
  await heldCard.scrollIntoViewIfNeeded();
  await screenshot(page, 'my-products-held-1440', { fullPage: false });
});
