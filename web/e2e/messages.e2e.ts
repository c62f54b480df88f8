import { apiSignIn, apiSignUp, DEMO_PASSWORD, expect, newWatchedPage, shopUrl, test, uniqueEmail } from './support/fixtures';

/**
 * Buyer and seller talk in two browsers at once: the buyer asks the seller from a product page, the
 * seller's open Messages page shows it without reloading (live events), the reply reaches the buyer's
 * open conversation the same way, and the buyer sees the read receipt.
 */
test('buyer and seller chat and see each other’s messages without reloading', async ({ page, browser }) => {
  const buyerEmail = uniqueEmail('chat-buyer');
  await apiSignUp(page.request, buyerEmail, 'Cara Chat Buyer', 'buyer-pass-123');

  // The demo shop's verified seller, in a browser of their own, waiting on the Messages page.
  const seller = await newWatchedPage(browser);
  await apiSignIn(seller.context, 'seller@shop.test', DEMO_PASSWORD);
  await seller.page.goto('/dashboard/messages');
  await seller.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();

  // One of that seller's items, found through the API.
  const products = (await (await page.request.get(`${shopUrl()}/api/allproducts?limit=100`)).json()) as {
    _id: string;
    name: string;
    seller: string;
  }[];
  const item = products.find((p) => p.seller === 'Sam Verified Seller');
  if (!item) throw new Error('no product of the demo seller');

  await page.goto(`/product/${item._id}`);
  await page.getByRole('button', { name: 'Ask the seller' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
  const question = `Is it still available? ${Date.now().toString(36)} https://example.com/x`;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const buyerLog = page.getByRole('log', { name: 'Messages' });
  await expect(buyerLog.getByText(question)).toBeVisible();
  // A link is shown as text, never as a link.
  await expect(buyerLog.getByRole('link')).toHaveCount(0);

  // The seller's list gets the conversation, unread, without a reload; opening it shows the question.
  const conversation = seller.page.getByRole('link', { name: /Cara Chat Buyer/ });
  await expect(conversation).toBeVisible({ timeout: 10_000 });
  await expect(conversation.getByTestId('unread-count')).toBeVisible();
  await conversation.click();
  const sellerLog = seller.page.getByRole('log', { name: 'Messages' });
  await expect(sellerLog.getByText(question)).toBeVisible();

  // The buyer sees that the seller read it.
  await expect(page.getByTestId('seen')).toBeVisible({ timeout: 10_000 });

  const answer = `Yes, come by tomorrow ${Date.now().toString(36)}`;
  await seller.page.getByRole('textbox', { name: 'Message' }).fill(answer);
  await seller.page.getByRole('button', { name: 'Send' }).click();
  await expect(sellerLog.getByText(answer)).toBeVisible();
  // The reply reaches the buyer's open conversation without a reload.
  await expect(buyerLog.getByText(answer)).toBeVisible({ timeout: 10_000 });

  expect(seller.problems()).toEqual([]);
  await seller.context.close();
});
