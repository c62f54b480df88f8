import type { Page } from '@playwright/test';
import { apiSignUp, expect, shopUrl, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, expectPath, expectToast, productFixture, submitBooking } from './support/journey';

/**
 * People, not roles (issue 26), on a phone: one account buys and sells, haggles and saves favourites.
 * Each journey is short: what it is not about is set up through the API.
 */
test.use({ viewport: { width: 390, height: 844 } });

const headers = () => ({ origin: shopUrl() });
const suffix = () => Date.now().toString(36);

/** A seller (in a browser context of its own) with one item on sale. */
async function sellerWithItem(page: Page, name: string, price = 500) {
  const ctx = await page.context().browser()!.newContext({ baseURL: shopUrl() });
  await apiSignUp(ctx.request, uniqueEmail('people-seller'), `Sally ${suffix()}`, 'seller-pass-123', true);
  const { insertedId } = await apiAddProduct(ctx.request, { ...productFixture(name), price });
  return { api: ctx.request, productId: insertedId, close: () => ctx.close() };
}

test('a buyer starts selling from the Sell tab and lists an item', async ({ page }) => {
  await apiSignUp(page.request, uniqueEmail('starts-selling'), 'Bo Buyer', 'buyer-pass-123');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Sell' }).click();
  await expectPath(page, '/dashboard/start-selling');
  await page.getByRole('heading', { name: 'Start selling', level: 1 }).waitFor();
  await expect(page.getByText('is verified.')).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: 'test-output/screenshots/people-start-selling-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Start selling', exact: true }).click();
  await expectToast(page, 'You can sell now. Add your first product.');
  await page.getByRole('heading', { name: 'Add A Product', level: 1 }).waitFor();

  // Listed (the form itself is the seller journey's subject): it is in My Products, and the menu has the seller's pages.
  const name = `Starter headphones ${suffix()}`;
  await apiAddProduct(page.request, productFixture(name));
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await menu.getByRole('link', { name: 'My Products', exact: true }).click();
  await page.getByRole('heading', { name: 'You Have 1 Products', exact: true }).waitFor();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Orders', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Start selling', exact: true })).toHaveCount(0);
});

test("a seller books another seller's item, and not their own", async ({ page }) => {
  const other = await sellerWithItem(page, `Other seller's speaker ${suffix()}`);
  await apiSignUp(page.request, uniqueEmail('seller-buys'), 'Sam Seller', 'seller-pass-123', true);
  const ownName = `Own lens ${suffix()}`;
  const own = await apiAddProduct(page.request, productFixture(ownName));

  await page.goto(`/product/${own.insertedId}`);
  await page.getByText('This is your listing').waitFor();
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Save ${ownName}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);

  await page.goto(`/product/${other.productId}`);
  await page.getByRole('button', { name: 'Buy now', exact: true }).click();
  await submitBooking(page, page.getByRole('dialog'));
  await page.goto('/dashboard/myorders');
  await page.getByRole('heading', { name: 'You have 1 Orders' }).waitFor();
  await other.close();
});

test('an offer is countered, the counter accepted and paid', async ({ page }) => {
  const name = `Haggled headphones ${suffix()}`;
  const seller = await sellerWithItem(page, name, 500);
  await apiSignUp(page.request, uniqueEmail('haggler'), 'Hal Haggler', 'buyer-pass-123');

  await page.goto(`/product/${seller.productId}`);
  await page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Your offer ($)').fill('200');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The least offer is $250.00.');
  await dialog.getByLabel('Your offer ($)').fill('380');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expectToast(page, 'Offer sent. The seller has 48 hours to answer.');
  if (process.env.SHOTS) await page.screenshot({ path: 'test-output/screenshots/people-offer-product-390.png', fullPage: true });

  // The seller counters (their side is the offers page; here through the API).
  const [received] = (await (await seller.api.get('/api/offers?role=seller')).json()) as { _id: string }[];
  const countered = await seller.api.post(`/api/offers/${received!._id}/counter`, { data: { amount: 450 }, headers: headers() });
  expect(countered.ok(), await countered.text()).toBe(true);

  await page.goto('/dashboard/offers');
  const offer = page.getByRole('article', { name });
  await expect(offer.getByText('Countered', { exact: true })).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: 'test-output/screenshots/people-offers-390.png', fullPage: true });
  await offer.getByRole('button', { name: 'Accept $450.00' }).click();
  await expectToast(page, 'Counter-offer accepted: pay to hold the item.');
  await offer.getByRole('link', { name: 'Pay $450.00' }).click();

  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  const pay = form.getByRole('button', { name: /^Pay/ });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  // The amount to pay is the agreed price.
  await expect(page.getByText('$450.00').first()).toBeVisible();
  await pay.click();
  await page.getByText('Congrats! Your payment complete', { exact: true }).waitFor();
  await seller.close();
});

test("a saved item's price drop reaches the bell", async ({ page }) => {
  const name = `Saved watch ${suffix()}`;
  const seller = await sellerWithItem(page, name, 300);
  await apiSignUp(page.request, uniqueEmail('saver'), 'Sue Saver', 'buyer-pass-123');

  await page.goto(`/product/${seller.productId}`);
  await page.getByRole('button', { name: `Save ${name}` }).click();
  await expect(page.getByRole('button', { name: `Remove ${name} from Saved` })).toHaveAttribute('aria-pressed', 'true');

  const cut = await seller.api.patch(`/api/products/${seller.productId}`, { data: { price: 240 }, headers: headers() });
  expect(cut.ok(), await cut.text()).toBe(true);

  // The cut nudges the alerts job; the bell hears it over the live event stream.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.waitFor({ timeout: 30_000 });
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Price dropped: ${name}`)).toBeVisible();
  if (process.env.SHOTS) {
    await page.goto('/dashboard/saved');
    await page.getByRole('article', { name }).waitFor();
    await page.screenshot({ path: 'test-output/screenshots/people-saved-390.png', fullPage: true });
  }
  await seller.close();
});
