import {
  apiSignIn,
  apiSignUp,
  DEMO_PASSWORD,
  expect,
  newWatchedPage,
  screenshot,
  shopUrl,
  test,
  uniqueEmail,
} from './support/fixtures';
import { apiAddProduct, apiPayOrder, apiPlaceOrder, productFixture } from './support/journey';
import { boxOf, overlap, textLines } from './support/layout';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Issue 23, item 4: on a phone the conversation's header showed no product name, the other person's
 * name one word per line, and "Phone: …" printed over it. Now: the product name, the other person's
 * name with the verified tick on one line, and the phone below, nothing on top of anything.
 */
test('on a 390 px phone the conversation header shows the item, the verified seller on one line and the phone apart', async ({
  page,
  browser,
}) => {
  const name = `E2E Header Sony Alpha mirrorless camera ${Date.now().toString(36)}`;
  // The demo shop's verified seller ('Sam Verified Seller') lists an item; the buyer books and pays (the phone shows once paid).
  const seller = await newWatchedPage(browser);
  await apiSignIn(seller.context, 'seller@shop.test', DEMO_PASSWORD);
  const { insertedId: productId } = await apiAddProduct(seller.context.request, productFixture(name));
  await seller.context.close();

  await apiSignUp(page.request, uniqueEmail('header-buyer'), 'Hedda Header Buyer', 'buyer-pass-123');
  const { insertedId: orderId } = await apiPlaceOrder(page.request, productId, 'Hedda Header Buyer');
  await apiPayOrder(page.request, orderId);
  const opened = await page.request.post('/api/conversations', {
    data: { listingId: productId },
    headers: { origin: shopUrl() },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { _id: conversationId } = (await opened.json()) as { _id: string };

  await page.goto(`/dashboard/messages/${conversationId}`);
  const header = page.getByRole('region', { name: /^Conversation with / }).locator('header');
  await header.waitFor();

  // The product name is there, readable (not squeezed to an ellipsis).
  const product = header.getByText(name, { exact: true });
  await expect(product).toBeVisible();
  const productBox = await boxOf(product, 'the product name');
  expect(productBox.width, 'the product name has room').toBeGreaterThan(150);

  // The seller's name on one line, the verified tick on that line.
  const person = header.getByText('Sam Verified Seller');
  await expect(person).toBeVisible();
  expect(await textLines(person), 'the seller line wraps').toBe(1);
  const personBox = await boxOf(person, "the seller's name");
  const tick = header.getByRole('img', { name: 'Verified seller' });
  await expect(tick).toBeVisible();
  const tickBox = await boxOf(tick, 'the verified tick');
  const tickMiddle = tickBox.y + tickBox.height / 2;
  expect(tickMiddle, 'the tick sits on the name line').toBeGreaterThan(personBox.y);
  expect(tickMiddle, 'the tick sits on the name line').toBeLessThan(personBox.y + personBox.height);

  // The phone, apart from both.
  const phone = header.getByText('+880 1700 000000');
  await expect(phone).toBeVisible();
  const phoneBox = await boxOf(phone, 'the phone');
  expect(overlap(phoneBox, personBox), 'the phone is printed over the name').toBe(false);
  expect(overlap(phoneBox, productBox), 'the phone is printed over the product name').toBe(false);
  expect(overlap(personBox, productBox), 'the name is printed over the product name').toBe(false);
  // Nothing in the header sticks out of the screen.
  const headerBox = await boxOf(header, 'the header');
  expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'conversation-header-390', { fullPage: false });

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(header.getByText(name, { exact: true })).toBeVisible();
  await screenshot(page, 'conversation-header-1440', { fullPage: false });
});
