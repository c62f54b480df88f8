import { startFakeStripe, type FakeStripe } from '../../server/test/helpers/fake-stripe';
import { test as journeys, apiSignUp, expect, newWatchedPage, seriousA11yViolations, uniqueEmail } from './support/fixtures';
import { apiAddProduct, expectToast, productFixture, submitBooking, visible } from './support/journey';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * The whole hand-off on the Stripe provider: this file's own shop server (PAYMENT_PROVIDER=stripe)
 * talks to the repo's local fake of Stripe's API (server/test/helpers/fake-stripe.ts), which holds
 * the money with manual capture as Stripe does. The browser cannot load Stripe.js (js.stripe.com is
 * out of reach here), so the card step is done the way Stripe.js would do it: the test confirms the
 * PaymentIntent at the fake with a test card, and the fake's signed webhook is delivered to the shop,
 * as the server's tests do. Everything else happens in Chromium: the booking, the held order with its
 * code in My Orders, the seller typing that code into Confirm hand-off on a second page, the
 * hand-off shown completed on both pages without a reload, and the buyer's review.
 */

/**
 * The journeys' fixtures on this file's shop server and fake Stripe. Worker-scoped, so this file runs
 * in a worker of its own; the shared API helpers (which send the shared server's origin) are pointed
 * at this server for that worker's life.
 */
const test = journeys.extend<object, { stripe: FakeStripe; shop: OwnServer }>({
  stripe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this object pattern and refuses any other first parameter; this fixture has none.
    async ({}, use) => {
      const fake = await startFakeStripe();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  shop: [
    async ({ stripe }, use) => {
      const shop = await startOwnServer(stripe.env());
      const shared = process.env.E2E_BASE_URL;
      process.env.E2E_BASE_URL = shop.baseUrl;
      await use(shop);
      if (shared === undefined) delete process.env.E2E_BASE_URL;
      else process.env.E2E_BASE_URL = shared;
      await shop.stop();
    },
    // Starting a server with a fresh database can take a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.baseUrl);
  },
});

test('Stripe, manual capture: buyer books and pays (held), seller confirms the code, buyer sees it completed and reviews', async ({
  page,
  browser,
  shop,
  stripe,
}) => {
  const suffix = Date.now().toString(36);
  const name = `E2E Stripe camera ${suffix}`;
  const buyerName = 'Sam Stripe Buyer';
  const headers = { origin: shop.baseUrl };

  const seller = await newWatchedPage(browser, shop.baseUrl);
  await apiSignUp(seller.context.request, uniqueEmail('stripe-seller'), `Stella Stripe ${suffix}`, 'seller-pass-123', true);
  const { insertedId: productId } = await apiAddProduct(seller.context.request, productFixture(name));

  // The buyer books the item on its page.
  await apiSignUp(page.request, uniqueEmail('stripe-buyer'), buyerName, 'buyer-pass-123');
  await page.goto(`/product/${productId}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Buy now', exact: true }).click();
  const modal = await visible(page.getByRole('dialog', { name: `Book ${name}` }));
  await submitBooking(page, modal);

  await page.goto('/dashboard/myorders');
  const payLink = page.getByRole('link', { name: `Pay for ${name}` });
  const orderId = ((await payLink.getAttribute('href')) ?? '').split('/').pop() ?? '';
  expect(orderId).not.toBe('');

  // The card step, as the payment page and Stripe.js do it: the intent, then the card confirmed at Stripe.
  const created = await page.request.post('/api/create-payment-intent', { data: { orderId }, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const { paymentIntentId, provider } = (await created.json()) as { paymentIntentId: string; provider: string };
  expect(provider).toBe('stripe');
  expect(stripe.intents.get(paymentIntentId)).toMatchObject({ capture_method: 'manual', metadata: { orderId } });
  await stripe.confirm(paymentIntentId, 'pm_card_visa');
  expect(stripe.intents.get(paymentIntentId)?.status).toBe('requires_capture');
  // Stripe tells the shop the money is held; the shop records the order paid from that alone.
  const webhook = `${shop.baseUrl}/api/webhooks/stripe`;
  const held = await stripe.deliver(webhook, stripe.eventFor(paymentIntentId, 'payment_intent.amount_capturable_updated'));
  expect(held).toEqual({ status: 200, body: { received: true, duplicate: false } });

  // My Orders: held until the meeting, with the code for the seller.
  await page.reload();
  const handoff = page.getByRole('region', { name: `Hand-off of ${name}` });
  await expect(page.getByText('Paid, held', { exact: true })).toBeVisible();
  await handoff.getByRole('button', { name: `Show code for ${name}` }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Your hand-off code' });
  await expect(codeDialog.getByRole('img', { name: 'QR code for the seller to scan' })).toBeVisible();
  const code = ((await codeDialog.getByTestId('handoff-code').locator('[aria-hidden="true"]').textContent()) ?? '').trim();
  expect(code).toMatch(/^\d{6}$/);
  await codeDialog.getByRole('button', { name: 'Close' }).click();
  expect(stripe.intents.get(paymentIntentId)?.status).toBe('requires_capture');

  // The seller, on a page of their own, types the buyer's code into Confirm hand-off.
  await seller.page.goto('/dashboard/myproducts');
  const item = seller.page.getByRole('listitem').filter({ has: seller.page.getByRole('article', { name, exact: true }) });
  await item.getByRole('button', { name: 'Bookings' }).click();
  const bookings = item.getByRole('list', { name: `Bookings of ${name}` });
  await expect(bookings.getByText('Paid, held', { exact: true })).toBeVisible();
  await bookings.getByRole('button', { name: 'Confirm hand-off' }).click();
  const dialog = seller.page.getByRole('dialog', { name: `Confirm the hand-off to ${buyerName}` });
  await dialog.getByLabel("Buyer's 6-digit code").fill(code);
  await dialog.getByRole('button', { name: 'Confirm hand-off' }).click();
  await expect(seller.page.getByText(`Handed over to ${buyerName}: the payment is yours.`)).toBeVisible();
  await expect(bookings.getByText('Completed', { exact: true })).toBeVisible();

  // The code captured the held money at Stripe; Stripe's event about it changes nothing more.
  expect(stripe.intents.get(paymentIntentId)).toMatchObject({ status: 'succeeded', amount_received: 32_100 });
  const chargeId = stripe.intents.get(paymentIntentId)?.latest_charge ?? '';
  expect(stripe.charges.get(chargeId)).toMatchObject({ captured: true, amount_captured: 32_100 });
  const captured = await stripe.deliver(webhook, stripe.eventFor(paymentIntentId, 'payment_intent.succeeded'));
  expect(captured.status).toBe(200);

  // The buyer's open page follows without a reload, then the buyer rates the seller.
  await expect(handoff.getByText(/Handed over on/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Paid, held', { exact: true })).toHaveCount(0);
  await expect(handoff.getByRole('button', { name: `Show code for ${name}` })).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Rate the seller' });
  await form.waitFor();
  const four = form.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '4 stars: very good' });
  await four.focus();
  await page.keyboard.press('Space');
  await expect(four).toBeChecked();
  await form.getByLabel('Your review (optional)').fill('Paid by card, met at the lake, all as described.');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expectToast(page, 'Thank you! Your review is published.');
  await expect(page.getByRole('region', { name: 'Your review' })).toContainText('met at the lake');

  expect(seller.problems()).toEqual([]);
  await seller.context.close();
});
