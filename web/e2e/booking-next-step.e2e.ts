import { apiSignUp, expect, newWatchedPage, screenshot, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, expectPath, productFixture, submitBooking, visible } from './support/journey';

/**
 * Issue 23, item 8: after booking, the buyer stayed on the product page with a toast and the same
 * Buy now button. Now the page says the item is booked by them and what comes next (pay now,
 * message the seller, their orders), after booking and after a reload.
 */
test('after Buy now the product page says "booked by you" with the next steps, also after a reload', async ({
  page,
  browser,
}) => {
  const name = `E2E Next step camera ${Date.now().toString(36)}`;
  const seller = await newWatchedPage(browser);
  await apiSignUp(seller.context.request, uniqueEmail('next-seller'), 'Nell Next Seller', 'seller-pass-123', true);
  const { insertedId: productId } = await apiAddProduct(seller.context.request, productFixture(name));
  await seller.context.close();

  await apiSignUp(page.request, uniqueEmail('next-buyer'), 'Noah Next Buyer', 'buyer-pass-123');
  await page.goto(`/product/${productId}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Buy now', exact: true }).click();
  await submitBooking(page, await visible(page.getByRole('dialog', { name: `Book ${name}` })));

  /** The booking's panel: booked by you, and each next step. */
  const expectBooked = async () => {
    const booking = page.getByRole('region', { name: 'Your booking' });
    await expect(booking).toBeVisible();
    await expect(booking.getByText('Booked by you')).toBeVisible();
    await expect(booking.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(booking.getByRole('button', { name: 'Message the seller' })).toBeVisible();
    await expect(booking.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/dashboard/myorders');
    // Booked: no second Buy now.
    await expect(page.getByRole('button', { name: 'Buy now', exact: true })).toHaveCount(0);
    return booking;
  };
  await expectBooked();
  await screenshot(page, 'product-booked-1440', { fullPage: false });

  await page.reload();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  const booking = await expectBooked();

  await page.setViewportSize({ width: 390, height: 844 });
  await booking.scrollIntoViewIfNeeded();
  await screenshot(page, 'product-booked-390', { fullPage: false });

  // Pay now goes to the order's payment page.
  await booking.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('heading', { name: `Payment for ${name}`, exact: true }).waitFor();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expectPath(page, `/product/${productId}`);
  await page.getByRole('region', { name: 'Your booking' }).getByRole('link', { name: 'Your orders' }).click();
  await expectPath(page, '/dashboard/myorders');
});
