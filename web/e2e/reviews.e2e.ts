import { apiSignUp, expect, newWatchedPage, seriousA11yViolations, shopUrl, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, apiPayOrder, apiPlaceOrder, expectToast, productFixture } from './support/journey';

test('after a confirmed hand-off the buyer rates the seller by keyboard; the seller replies once; the rating shows on their page', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const name = `E2E Review camera ${suffix}`;
  const sellerName = `Rhea Rated ${suffix}`;
  const headers = { origin: shopUrl() };

  const seller = await newWatchedPage(browser);
  await apiSignUp(seller.context.request, uniqueEmail('review-seller'), sellerName, 'seller-pass-123', true);
  const { insertedId: productId } = await apiAddProduct(seller.context.request, productFixture(name));

  // The buyer books and pays (simulated card), and the seller confirms the buyer's code at the meeting.
  await apiSignUp(page.request, uniqueEmail('review-buyer'), 'Rob Reviewer', 'buyer-pass-123');
  const { insertedId: orderId } = await apiPlaceOrder(page.request, productId, 'Rob Reviewer');
  await apiPayOrder(page.request, orderId);
  const { code } = (await (await page.request.get(`/api/orders/${orderId}/handoff`)).json()) as { code: string };
  const handed = await seller.context.request.post(`/api/orders/${orderId}/handoff/confirm`, { data: { code }, headers });
  expect(handed.ok(), await handed.text()).toBe(true);

  // My Orders: the form on the completed order; stars by keyboard.
  await page.goto('/dashboard/myorders');
  const form = page.getByRole('form', { name: 'Rate the seller' });
  await form.waitFor();
  const stars = form.getByRole('group', { name: 'Your rating' });
  await stars.getByRole('radio', { name: '1 star: poor' }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '5 stars: excellent' })).toBeChecked();
  await form.getByLabel('Your review (optional)').fill('Exactly as described, friendly meeting.');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expectToast(page, 'Thank you! Your review is published.');
  await expect(page.getByRole('region', { name: 'Your review' })).toContainText('Exactly as described');

  // The seller replies on their public page, once.
  const sellerPage = seller.page;
  await sellerPage.goto(`/product/${productId}`);
  await sellerPage.getByRole('link', { name: sellerName }).click();
  await sellerPage.getByRole('heading', { name: sellerName, level: 1 }).waitFor();
  await expect(sellerPage.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();
  await expect(sellerPage.getByText('1 completed sale')).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Reply' }).click();
  await sellerPage.getByLabel('Your reply (one reply per review)').fill('Thanks, enjoy the camera!');
  await sellerPage.getByRole('button', { name: 'Publish reply' }).click();
  await expect(sellerPage.getByText('Thanks, enjoy the camera!')).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  // The buyer sees the reply under their review.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your review' })).toContainText('Thanks, enjoy the camera!');
  expect(seller.problems()).toEqual([]);
  await seller.context.close();
});
