import { apiSignUp, expect, newWatchedPage, screenshot, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, apiPayOrder, apiPlaceOrder, productFixture } from './support/journey';
import { boxOf, textFits } from './support/layout';

/**
 * Issue 23, item 5: on a desktop My Orders, "Message the seller" spilled out of its button and the
 * hand-off QR code in the Payment column made rows very tall. Now the code is behind "Show code".
 */
test('My Orders at 1440 px: buttons hold their text, rows stay short, Show code reveals the QR and the code', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const held = `E2E Orders table held camera ${suffix}`;
  const unpaid = `E2E Orders table unpaid camera ${suffix}`;
  const seller = await newWatchedPage(browser);
  await apiSignUp(seller.context.request, uniqueEmail('table-seller'), 'Tara Table Seller', 'seller-pass-123', true);
  const first = await apiAddProduct(seller.context.request, productFixture(held));
  const second = await apiAddProduct(seller.context.request, productFixture(unpaid));
  await seller.context.close();

  await apiSignUp(page.request, uniqueEmail('table-buyer'), 'Tomas Table Buyer', 'buyer-pass-123');
  const order = await apiPlaceOrder(page.request, first.insertedId, 'Tomas Table Buyer');
  await apiPayOrder(page.request, order.insertedId);
  await apiPlaceOrder(page.request, second.insertedId, 'Tomas Table Buyer');

  await page.goto('/dashboard/myorders');
  await page.getByRole('heading', { name: 'You have 2 Orders', exact: true }).waitFor();
  const table = page.getByRole('table', { name: 'Your orders' });
  const heldRow = table.getByRole('row').filter({ hasText: held });
  const unpaidRow = table.getByRole('row').filter({ hasText: unpaid });
  await heldRow.waitFor();
  await unpaidRow.getByRole('link', { name: `Pay for ${unpaid}` }).waitFor();
  await heldRow.getByRole('button', { name: /^Show code/ }).waitFor();
  await screenshot(page, 'my-orders-table-1440', { fullPage: false });

  // Every "Message the seller" holds its text.
  const messageButtons = table.getByRole('button', { name: 'Message the seller' });
  await expect(messageButtons).toHaveCount(2);
  for (const button of await messageButtons.all()) expect(await textFits(button), 'the text spills out of its button').toBe(true);

  // Rows stay short: the code is not drawn in the row.
  for (const row of [heldRow, unpaidRow]) {
    const box = await boxOf(row, 'an order row');
    expect(box.height, 'a row of My Orders is too tall').toBeLessThan(160);
  }
  await expect(page.getByRole('img', { name: 'QR code for the seller to scan' })).toHaveCount(0);

  // Show code reveals the QR code and the 6-digit code.
  await heldRow.getByRole('button', { name: /^Show code/ }).click();
  const qr = page.getByRole('img', { name: 'QR code for the seller to scan' });
  await expect(qr).toBeVisible();
  const code = page.getByTestId('handoff-code');
  await expect(code).toBeVisible();
  expect(((await code.locator('[aria-hidden="true"]').textContent()) ?? '').trim()).toMatch(/^\d{6}$/);
  await screenshot(page, 'my-orders-code-1440', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(qr).toHaveCount(0);

  // The same orders on a phone: cards, the code behind the same button.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: held });
  await card.getByRole('button', { name: /^Show code/ }).waitFor();
  await screenshot(page, 'my-orders-390');
  await card.getByRole('button', { name: /^Show code/ }).click();
  await expect(page.getByTestId('handoff-code')).toBeVisible();
  await screenshot(page, 'my-orders-code-390', { fullPage: false });
});
