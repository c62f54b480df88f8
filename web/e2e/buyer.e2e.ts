import type { Page } from '@playwright/test';
import { expect, screenshot, test, uniqueEmail, verifyEmailFromOutbox } from './support/fixtures';
import { expectPath, expectToast, region, submitBooking, visible } from './support/journey';

/** Opens the booking modal on the first product of the category page and places the order. */
async function bookFirstProduct(page: Page, category: string, buyer: { name: string; email: string }) {
  const list = await visible(page.getByRole('list', { name: `${category} products` }));
  const card = list.getByRole('article').first();
  const productName = (await card.getByRole('heading').textContent())!.trim();
  const cardPrice = (await card
    .locator('p')
    .filter({ hasText: /^Price: / })
    .textContent())!
    .replace('Price: ', '')
    .trim();
  await card.getByRole('button', { name: `Buy now: ${productName}` }).click();

  const modal = await visible(page.getByRole('dialog', { name: `Book ${productName}` }));
  const price = modal.getByLabel('Price', { exact: true });
  const email = modal.getByLabel('Email', { exact: true });
  expect(await price.inputValue()).toBe(cardPrice);
  expect(await price.getAttribute('readonly')).not.toBeNull();
  expect(await email.inputValue()).toBe(buyer.email);
  expect(await email.getAttribute('readonly')).not.toBeNull();
  expect(await modal.getByLabel('Name', { exact: true }).inputValue()).toBe(buyer.name);

  await submitBooking(page, modal);
  return { productName, cardPrice };
}

async function openMyOrders(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders', exact: true }).click();
  await expectPath(page, '/dashboard/myorders');
}

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  const pay = form.getByRole('button', { name: /^Pay/ });
  // Pay stays disabled until the payment secret has loaded (docs/product.md#payment-page).
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
  return form;
}

test.describe('buyer journey', () => {
  test('signs up, books from a category, pays by card, and sees a declined card refused', async ({ page }) => {
    const buyer = { name: 'Elena E2E Buyer', email: uniqueEmail('buyer'), password: 'buyer-pass-123' };

    // Sign up through the form, not the API.
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Sign Up', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(buyer.name);
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    const seller = page.getByRole('checkbox', { name: 'Seller?' });
    expect(await seller.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectToast(page, 'successfully signed up!');
    await expectPath(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).waitFor();
    // Booking needs a verified email (it mails the seller): the owner follows the mailed link.
    await verifyEmailFromOutbox(page.request, buyer.email, buyer.password);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).waitFor();

    // Featured Collection -> category page.
    const featured = await visible(region(page, 'Featured Collection'));
    const laptopCard = featured.getByRole('link').filter({ has: page.getByRole('heading', { name: 'Laptop', exact: true }) });
    await laptopCard.waitFor(); // skeleton cards until the categories arrive
    expect(await laptopCard.getByText('Click the card to get the best Laptop.', { exact: true }).count()).toBe(1);
    await laptopCard.click();
    await expectPath(page, '/category/Laptop');
    await page.getByRole('heading', { name: 'Laptop', level: 1 }).waitFor();

    // Book the first laptop.
    const first = await bookFirstProduct(page, 'Laptop', buyer);

    // My Orders: one order with a Pay button.
    await openMyOrders(page);
    await page.getByRole('heading', { name: 'You have 1 Orders', exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: first.productName });
    expect(await row.getByText('Dhanmondi Lake, gate 2').count()).toBe(1);
    expect(await row.getByText(first.cardPrice, { exact: true }).count()).toBe(1);
    await row.getByRole('link', { name: `Pay for ${first.productName}` }).click();

    // Pay with the test card that succeeds.
    await page.getByRole('heading', { name: `Payment for ${first.productName}`, exact: true }).waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByText('Congrats! Your payment complete', { exact: true }).waitFor();
    const transactionId = (await page.getByRole('status').locator('strong.font-mono').textContent())!.trim();
    expect(transactionId).toMatch(/^\S{8,}$/);
    await screenshot(page, 'payment-complete-1440');

    // Back in My Orders the order is paid, the money held until the meeting: no Pay button, the transaction id shown.
    await page.getByRole('link', { name: 'Back to my orders' }).click();
    await page.getByRole('heading', { name: 'You have 1 Orders', exact: true }).waitFor();
    const paidRow = page.getByRole('row').filter({ hasText: first.productName });
    await paidRow.getByText('Paid, held', { exact: true }).waitFor();
    expect(await paidRow.getByText(transactionId).count()).toBe(1);
    expect(await page.getByRole('link', { name: `Pay for ${first.productName}` }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Pay', exact: true }).count()).toBe(0);

    // A second booking, paid with the card the provider declines.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const featuredAgain = await visible(region(page, 'Featured Collection'));
    await featuredAgain
      .getByRole('link')
      .filter({ has: page.getByRole('heading', { name: 'Laptop', exact: true }) })
      .click();
    await expectPath(page, '/category/Laptop');
    // The paid laptop is sold: it has left the list.
    await page.getByRole('list', { name: 'Laptop products' }).waitFor();
    await expect.poll(() => page.getByRole('article', { name: first.productName, exact: true }).count()).toBe(0);
    const second = await bookFirstProduct(page, 'Laptop', buyer);
    expect(second.productName).not.toBe(first.productName);

    await openMyOrders(page);
    await page.getByRole('heading', { name: 'You have 2 Orders', exact: true }).waitFor();
    await page.getByRole('link', { name: `Pay for ${second.productName}` }).click();
    await page.getByRole('heading', { name: `Payment for ${second.productName}`, exact: true }).waitFor();
    const form = await fillCard(page, '4000 0000 0000 0002');
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Your card was declined.');
    expect(await page.getByText('Congrats! Your payment complete').count()).toBe(0);
    await screenshot(page, 'payment-declined-1440');

    // Still unpaid: My Orders keeps its Pay button.
    await openMyOrders(page);
    await page.getByRole('link', { name: `Pay for ${second.productName}` }).waitFor();
  });
});
