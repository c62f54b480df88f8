import type { Browser, Route } from '@playwright/test';
import { apiSignIn, DEMO_PASSWORD, expect, test } from './support/fixtures';

/**
 * A product page arrives as the server's HTML and the app takes it over after its first paint (on a
 * slow phone, seconds later). A click on Buy now in between is not lost: the app clicks it again
 * once the page is its own (boot-script.js keeps it, main.tsx replays it).
 */

/**
 * A fresh browser whose app script is held back until `release()`: the page stays the server's HTML.
 * The small boot script (which starts the app after the first paint, and keeps early clicks) runs.
 * `scripts`: the scripts held back (all but the boot script unless told).
 */
async function heldBack(browser: Browser, baseURL: string | undefined, scripts = /\/assets\/(?!boot-)[^/]+\.js$/) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(scripts, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { context, page, release, errors };
}

async function firstForSale(baseURL: string | undefined) {
  const res = await fetch(new URL('/api/allproducts?limit=1', baseURL));
  const [product] = (await res.json()) as { _id: string; name: string }[];
  if (!product) throw new Error('no product for sale in the demo shop');
  return product;
}

test.describe('Buy now clicked before the app has taken the page over', () => {
  test('a signed-in buyer gets the booking once the app runs', async ({ browser, baseURL }) => {
    const product = await firstForSale(baseURL);
    const { context, page, release, errors } = await heldBack(browser, baseURL);
    await apiSignIn(context, 'buyer@shop.test', DEMO_PASSWORD, baseURL);
    await page.goto(`/product/${product._id}`, { waitUntil: 'commit' });
    const buy = page.getByRole('button', { name: 'Buy now' });
    await buy.click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app'))).toBe(false);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    release();
    await expect(page.getByRole('dialog', { name: `Book ${product.name}` })).toBeVisible({ timeout: 30_000 });
    // Clicked once, answered once: one booking dialog.
    await expect(page.getByRole('dialog')).toHaveCount(1);
    // The page behind an open dialog does not scroll (hooks/use-scroll-lock.ts), and does again once it closes.
    const rootOverflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
    expect(await rootOverflow()).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await rootOverflow()).not.toBe('hidden');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a visitor is taken to log in, then back to the item', async ({ browser, baseURL }) => {
    const product = await firstForSale(baseURL);
    const { context, page, release, errors } = await heldBack(browser, baseURL);
    await page.goto(`/product/${product._id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Buy now' }).click();
    expect(new URL(page.url()).pathname).toBe(`/product/${product._id}`);

    release();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await expect(page.getByRole('form', { name: 'Log In' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Buy now answers while the "Booked by you" part of the page is still loading', async ({ browser, baseURL }) => {
    // A signed-in buyer's product page has a lazy part (their own booking of the item, if any) beside
    // Buy now. Until its code arrives React cannot hydrate what is inside that part, and drops a press
    // there: Buy now must not be inside it.
    const product = await firstForSale(baseURL);
    const { context, page, release, errors } = await heldBack(browser, baseURL, /\/assets\/your-booking-[^/]+\.js$/);
    await apiSignIn(context, 'buyer@shop.test', DEMO_PASSWORD, baseURL);
    // The app has hydrated the page once it notes the item as viewed on the buyer's account (an effect
    // of the page). (Not the saved items: the server puts a signed-in page's into the page itself.)
    const hydrated = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/me/recently-viewed',
    );
    await page.goto(`/product/${product._id}`);
    await hydrated;
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app'))).toBe(false);

    await page.getByRole('button', { name: 'Buy now', exact: true }).click();
    await expect(page.getByRole('dialog', { name: `Book ${product.name}` })).toBeVisible({ timeout: 10_000 });
    release();
    expect(errors).toEqual([]);
    await context.close();
  });
});
