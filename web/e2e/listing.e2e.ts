import zlib from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { apiSignUp, expect, seriousA11yViolations, shopUrl, test, uniqueEmail } from './support/fixtures';
import { apiPlaceOrder, expectPath, expectToast, productCard } from './support/journey';

/** A small PNG (a 64x48 gradient), made here so the journey needs no binary file. */
function png(width = 64, height = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set([x * 4, y * 5, 128], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function apiUpload(api: APIRequestContext): Promise<string> {
  const r = await api.post('/api/uploads', {
    multipart: { file: { name: 'laptop.png', mimeType: 'image/png', buffer: png() } },
    headers: { origin: shopUrl() },
  });
  if (!r.ok()) throw new Error(`POST /api/uploads: ${r.status()} ${await r.text()}`);
  return ((await r.json()) as { _id: string })._id;
}

test.describe('a seller’s listing', () => {
  test('edits an item (price cut shown), sees its booking on My Products, marks it sold, and the buyer is told', async ({
    page,
    browser,
  }) => {
    const sellerEmail = uniqueEmail('listing-seller');
    const name = `E2E ThinkPad ${Date.now().toString(36)}`;
    await apiSignUp(page.context().request, sellerEmail, 'Lena Lister', 'seller-pass-123', true);
    const created = await page.context().request.post('/api/products', {
      headers: { origin: shopUrl() },
      data: {
        name,
        category: 'Laptop',
        price: 500,
        original_price: 1200,
        location: 'Dhaka',
        number: '+880 1700 000222',
        condition: 'Good',
        used_year: 2,
        photos: [await apiUpload(page.context().request)],
        description: 'Fast and light.',
        conditionReport: {
          batteryCycles: { value: 320 },
          keyboard: { value: 'works' },
          screen: { value: 'light_scratches', note: 'Two hairlines, top left' },
          body: { value: 'A' },
          ports: { value: 'works' },
          chargerIncluded: { value: 'yes' },
          accessories: { value: 'Sleeve' },
          originalBox: { value: 'no' },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const productId = ((await created.json()) as { insertedId: string }).insertedId;

    // A buyer books it.
    const buyerContext = await browser.newContext({ baseURL: shopUrl() });
    const buyerEmail = uniqueEmail('listing-buyer');
    await apiSignUp(buyerContext.request, buyerEmail, 'Bo Booker', 'buyer-pass-123');
    await apiPlaceOrder(buyerContext.request, productId, 'Bo Booker');

    // My Products: the item, its booking.
    await page.goto('/dashboard/myproducts');
    const item = page.getByRole('listitem').filter({ has: productCard(page, name) });
    await item.waitFor();
    await item.getByRole('button', { name: 'Bookings' }).click();
    const bookings = item.getByRole('list', { name: `Bookings of ${name}` });
    await bookings.getByText('Bo Booker', { exact: true }).waitFor();
    await expect(bookings.getByText('Dhanmondi Lake')).toBeVisible();
    await expect(bookings.getByText('Waiting for payment', { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Edit: a lower price and a new sentence; the report is there, filled in.
    await item.getByRole('link', { name: `Edit ${name}` }).click();
    await expectPath(page, `/dashboard/editproduct/${productId}`);
    const form = page.getByRole('form', { name: 'Edit product' });
    await expect(form.getByLabel('Brand (category)')).toBeDisabled();
    await expect(form.getByLabel('Screen: what buyers should know (optional)')).toHaveValue('Two hairlines, top left');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // On a phone the form fits the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The scratches get their own photo.
    await form
      .getByLabel('Photo of this flaw (optional)')
      .setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: png() });
    await form.getByRole('img', { name: 'Photo of the flaw: Screen' }).waitFor();
    await form.getByLabel('Price (USD)', { exact: true }).fill('420');
    await form.getByLabel('Description (optional)').fill('Fast and light. New keyboard.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Changes saved');
    await expectPath(page, '/dashboard/myproducts');
    const card = productCard(page, name);
    // (Phones show a compact badge on the photo instead: one of the two is visible at a time.)
    await expect(card.getByText('Price dropped').filter({ visible: true })).toBeVisible();
    await expect(card.getByText('$500.00')).toBeVisible();
    await expect(card.getByText('$420.00').first()).toBeVisible();

    // Sold outside the shop, after a confirmation, with the keyboard: the dialog opens on its confirm button.
    await item.getByRole('button', { name: `Mark ${name} sold` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark this item sold?' });
    await expect(dialog.getByRole('button', { name: 'Mark sold' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Marked sold' }).first().waitFor();
    await expect(card.getByText('Sold', { exact: true }).first()).toBeVisible();
    await expect(item.getByRole('link', { name: `Edit ${name}` })).toHaveCount(0);
    await item.getByRole('button', { name: 'Bookings' }).click();
    await expect(item.getByRole('list', { name: `Bookings of ${name}` }).getByText('Cancelled', { exact: true })).toBeVisible();

    // The product page: sold, with the report and its flaw.
    await page.goto(`/product/${productId}`);
    await page.getByRole('heading', { name: 'Condition report' }).waitFor();
    await expect(page.getByText('Light scratches')).toBeVisible();
    await expect(page.getByText('Two hairlines, top left')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo of the flaw: Screen, Light scratches' })).toBeVisible();
    await expect(page.getByText('This item has found a new owner')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The buyer was told by mail.
    const mail = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(buyerEmail)}`);
    const subjects = ((await mail.json()) as { subject: string }[]).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith('Your booking was cancelled'))).toBe(true);
    await buyerContext.close();
  });
});
