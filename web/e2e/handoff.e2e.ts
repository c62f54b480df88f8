import { apiSignUp, expect, newWatchedPage, screenshot, seriousA11yViolations, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, apiPayOrder, apiPlaceOrder, productCard, productFixture } from './support/journey';

/**
 * The meeting, in two browsers at once (simulated provider): the buyer pays and the money is held
 * ("Paid, held") with a QR code and a 6-digit code behind the order's Show code; the seller opens the
 * booking on My Products and types the code (this Chromium has no BarcodeDetector, so scanning is not
 * offered); both pages show the hand-off completed without a reload (live events).
 */
test('buyer pays (held), seller types the hand-off code, both see it completed', async ({ page, browser }) => {
  const name = `E2E Handoff camera ${Date.now().toString(36)}`;

  // The seller, in a browser of their own, with one item.
  const seller = await newWatchedPage(browser);
  await apiSignUp(seller.context.request, uniqueEmail('handoff-seller'), 'Sid Handoff Seller', 'seller-pass-123', true);
  const { insertedId: productId } = await apiAddProduct(seller.context.request, productFixture(name));

  // The buyer books it, then pays by card on the payment page.
  await apiSignUp(page.request, uniqueEmail('handoff-buyer'), 'Hana Handoff Buyer', 'buyer-pass-123');
  await apiPlaceOrder(page.request, productId, 'Hana Handoff Buyer');
  await page.goto('/dashboard/myorders');
  await page.getByRole('link', { name: `Pay for ${name}` }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  const pay = form.getByRole('button', { name: /^Pay/ });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
  await page.getByText('Congrats! Your payment complete', { exact: true }).waitFor();

  // My Orders: held until the meeting, with the QR code and the code for the seller.
  await page.goto('/dashboard/myorders');
  const handoff = page.getByRole('region', { name: `Hand-off of ${name}` });
  await expect(page.getByText('Paid, held', { exact: true })).toBeVisible();
  await handoff.getByRole('button', { name: `Show code for ${name}` }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Your hand-off code' });
  await expect(codeDialog.getByRole('img', { name: 'QR code for the seller to scan' })).toBeVisible();
  const code = ((await codeDialog.getByTestId('handoff-code').locator('[aria-hidden="true"]').textContent()) ?? '').trim();
  expect(code).toMatch(/^\d{6}$/);
  await screenshot(page, 'handoff-buyer-held-1440');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await codeDialog.getByRole('button', { name: 'Close' }).click();

  // The seller's booking: Confirm hand-off; the code is never shown on this side.
  await seller.page.goto('/dashboard/myproducts');
  const item = seller.page.getByRole('listitem').filter({ has: productCard(seller.page, name) });
  await item.getByRole('button', { name: 'Bookings' }).click();
  const bookings = item.getByRole('list', { name: `Bookings of ${name}` });
  await expect(bookings.getByText('Paid, held', { exact: true })).toBeVisible();
  await expect(seller.page.getByText(code)).toHaveCount(0);
  await screenshot(seller.page, 'handoff-seller-bookings-1440');
  // The opened bookings stay inside their item (the card no longer stretches over them into the footer).
  await bookings.getByRole('button', { name: 'Confirm hand-off' }).click();
  const dialog = seller.page.getByRole('dialog', { name: 'Confirm the hand-off to Hana Handoff Buyer' });
  // Chromium can open a camera on this origin, so scanning is offered (read with jsQR where there is no
  // BarcodeDetector); typing the code is always there too, and used here.
  await expect(dialog.getByRole('button', { name: "Scan the buyer's QR code" })).toBeVisible();
  // A wrong code first: refused, tries left named, nothing changes.
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel("Buyer's 6-digit code").fill(wrong);
  await dialog.getByRole('button', { name: 'Confirm hand-off' }).click();
  await expect(dialog.getByRole('alert')).toContainText('4 tries left');
  expect(await seriousA11yViolations(seller.page)).toEqual([]);
  await dialog.getByLabel("Buyer's 6-digit code").fill(code);
  await dialog.getByRole('button', { name: 'Confirm hand-off' }).click();
  await expect(seller.page.getByText('Handed over to Hana Handoff Buyer: the payment is yours.')).toBeVisible();
  await expect(bookings.getByText('Completed', { exact: true })).toBeVisible();

  // The buyer's open page follows without a reload.
  await expect(handoff.getByText(/Handed over on/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Paid, held', { exact: true })).toHaveCount(0);
  await expect(handoff.getByRole('button', { name: `Show code for ${name}` })).toHaveCount(0);
  await screenshot(page, 'handoff-buyer-completed-1440');

  expect(seller.problems()).toEqual([]);
  await seller.context.close();
});

test('on a phone, the held order shows its code and the decline form works by keyboard', async ({ browser }) => {
  const name = `E2E Handoff phone ${Date.now().toString(36)}`;
  const seller = await newWatchedPage(browser);
  await apiSignUp(seller.context.request, uniqueEmail('handoff-seller2'), 'Sia Seller', 'seller-pass-123', true);
  const { insertedId: productId } = await apiAddProduct(seller.context.request, productFixture(name));
  await seller.context.close();

  const buyer = await newWatchedPage(browser);
  await buyer.page.setViewportSize({ width: 375, height: 740 });
  const { page } = buyer;
  await apiSignUp(page.request, uniqueEmail('handoff-buyer2'), 'Pia Phone Buyer', 'buyer-pass-123');
  const { insertedId: orderId } = await apiPlaceOrder(page.request, productId, 'Pia Phone Buyer');
  await apiPayOrder(page.request, orderId);

  await page.goto('/dashboard/myorders');
  const handoff = page.getByRole('region', { name: `Hand-off of ${name}` });
  // Show code, by keyboard: the dialog with the code.
  await handoff.getByRole('button', { name: `Show code for ${name}` }).focus();
  await page.keyboard.press('Enter');
  const codeDialog = page.getByRole('dialog', { name: 'Your hand-off code' });
  await expect(codeDialog.getByTestId('handoff-code')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await screenshot(page, 'handoff-buyer-held-375', { fullPage: false });

  await codeDialog.getByRole('button', { name: 'Not as described? Decline' }).focus();
  await page.keyboard.press('Enter');
  await codeDialog.getByLabel('What is not as described?').fill('The lens is scratched, not as in the photos.');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await codeDialog.getByRole('button', { name: 'Decline and release my money' }).focus();
  await page.keyboard.press('Enter');
  await expect(handoff.getByText('You declined it at the meeting')).toBeVisible();
  await expect(page.getByText('Declined at the meeting', { exact: true })).toBeVisible();
  expect(buyer.problems()).toEqual([]);
  await buyer.context.close();
});
