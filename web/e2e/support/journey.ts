import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { shopUrl } from './fixtures';
import { outputDir } from './global-setup';

/**
 * Helpers shared by the journeys: toasts, the app's main regions, and API fixtures for the
 * parts of a journey that are not what the test is about (a seller with a product, an order).
 */

/** Waits for a success/error toast whose text is exactly `text` (leading and trailing spaces included). */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text.trim() }).first();
  await toast.waitFor();
  // The exact strings are compared letter by letter (docs/product.md#exact-strings):
  // ' Advertisment added Successfully!' keeps its leading space.
  const title = await toast.locator('[data-title]').textContent();
  expect(title).toBe(text);
}

/** Fills the open booking dialog (phone, meeting place), submits it and waits for the order to be placed and the dialog gone. */
export async function submitBooking(page: Page, modal: Locator) {
  await modal.getByLabel('Phone', { exact: true }).fill('+880 1711 223344');
  await modal.getByLabel('Meeting location', { exact: true }).fill('Dhanmondi Lake, gate 2');
  await modal.getByRole('button', { name: 'Submit', exact: true }).click();
  await expectToast(page, 'Order Placed Successfully!');
  await modal.waitFor({ state: 'hidden' });
}

/** The role=region a section heading labels (sections use aria-labelledby). */
export function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** A product card (article labelled by its name heading). */
export function productCard(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('article', { name, exact: true });
}

/** Waits until `locator` is attached and visible, then returns it. */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits for the page to be at `pathname` (client-side navigations included). */
export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(pathname);
}

const origin = () => ({ origin: shopUrl() });

async function ok<T>(what: string, r: APIResponse): Promise<T> {
  if (!r.ok()) throw new Error(`${what}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as T;
}

export interface ProductFixture {
  name: string;
  category: string;
  price: number;
  original_price: number;
  location: string;
  number: string;
  condition: string;
  used_year: number;
  /** Upload ids; apiAddProduct uploads a photo when there are none. */
  photos?: string[];
}

export function productFixture(name: string, category = 'Camera'): ProductFixture {
  return {
    name,
    category,
    price: 321,
    original_price: 654,
    location: 'Dhaka',
    number: '+880 1700 000000',
    condition: 'Good',
    used_year: 2,
  };
}

/** A JPEG photo (drawn, `width` x `height`, in colour `hue`), made here so the journeys need no binary file. */
export async function photoJpeg(width = 640, height = 480, hue = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue} 60% 70%)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="hsl(${(hue + 150) % 360} 70% 45%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** POST /api/uploads as `api`'s (seller) session: the upload id. */
export async function apiUploadPhoto(api: APIRequestContext, bytes?: Buffer): Promise<string> {
  const buffer = bytes ?? (await photoJpeg());
  return (
    await ok<{ _id: string }>(
      'POST /api/uploads',
      await api.post('/api/uploads', {
        multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
        headers: origin(),
      }),
    )
  )._id;
}

/** POST /api/products as `api`'s (seller) session. */
export async function apiAddProduct(api: APIRequestContext, product: ProductFixture) {
  return ok<{ acknowledged: boolean; insertedId: string }>(
    `POST /api/products ${product.name}`,
    await api.post('/api/products', {
      data: { ...product, photos: product.photos ?? [await apiUploadPhoto(api)] },
      headers: origin(),
    }),
  );
}

/** POST /api/orders as `api`'s (buyer) session. */
export async function apiPlaceOrder(api: APIRequestContext, productId: string, buyerName: string) {
  return ok<{ acknowledged: boolean; insertedId: string }>(
    `POST /api/orders ${productId}`,
    await api.post('/api/orders', {
      data: { productId, buyerName, phone: '01700000000', meettingLocation: 'Dhanmondi Lake' },
      headers: origin(),
    }),
  );
}

/** Pays `orderId` as `api`'s (buyer) session with the simulated provider's test card: the money is held. */
export async function apiPayOrder(api: APIRequestContext, orderId: string) {
  const intent = await ok<{ clientSecret: string; paymentIntentId: string }>(
    `POST /api/create-payment-intent ${orderId}`,
    await api.post('/api/create-payment-intent', { data: { orderId }, headers: origin() }),
  );
  await ok(
    'POST /api/payments/simulated/confirm',
    await api.post('/api/payments/simulated/confirm', {
      data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      headers: origin(),
    }),
  );
  const paid = await api.post('/api/payments', {
    data: { transactionId: intent.paymentIntentId, orderId },
    headers: origin(),
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

/** A phone's and a desktop's width, for screenshots of a screen as each shows it. */
const SCREENSHOT_WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/**
 * Full-page screenshots of the page at 390 and 1440 pixels wide, `{name}-390.png` and `{name}-1440.png`
 * in SHOTS_DIR (default web/test-output/screenshots), taken from the top (a sticky header scrolled
 * along would be drawn in the middle of the page). The page keeps its viewport afterwards.
 */
export async function screenshotAtWidths(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? path.join(outputDir, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const size of SCREENSHOT_WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
