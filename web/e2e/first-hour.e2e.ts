/**
 * What a new visitor meets in their first hour (issue 23): the shop's search and products on the
 * first screen, category links that do not send a guest to the login page, and one name for the shop.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, region, visible } from './support/journey';

/** The first product card of home's 'Our Products'. */
const firstProduct = (page: Page) => region(page, 'Our Products').getByRole('article').first();

async function box(page: Page, what: Parameters<Page['locator']>[0] | ReturnType<Page['locator']>) {
  const locator = typeof what === 'string' ? page.locator(what) : what;
  const b = await (await visible(locator)).boundingBox();
  if (!b) throw new Error(`${String(what)} has no box`);
  return b;
}

test.describe('home: the search and the first products on the first screen', () => {
  test('on a phone (390 x 844) the list search and the first product are on the first screen, above the tab bar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const tabBarTop = (await box(page, page.getByRole('navigation', { name: 'Tabs' }))).y;
    expect(tabBarTop).toBeLessThanOrEqual(844);

    const search = await box(page, page.getByLabel('Search products'));
    expect(search.y + search.height, 'the list search, bottom edge').toBeLessThanOrEqual(tabBarTop);
    // The whole photo of the first product shows, not just its top edge.
    const photo = await box(page, firstProduct(page).getByRole('img').first());
    expect(photo.y + photo.height, 'the first product photo, bottom edge').toBeLessThanOrEqual(tabBarTop);

    // SPEC's sections are all still there: the banner, then Our Products, then the ads and the categories.
    const top = async (name: string) => (await box(page, page.getByRole('heading', { name, exact: true }))).y;
    const order = [
      await top('Good tech deserves a second life'),
      await top('Our Products'),
      await top('Advertisement'),
      await top('Featured Collection'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('on a desktop (1440 x 900) the header has a search box that searches the catalogue', async ({ page, request }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const field = header.getByRole('searchbox', { name: 'Search the shop' });
    await visible(field);
    // The list and its own search start on the first screen too.
    expect((await box(page, page.getByLabel('Search products'))).y).toBeLessThan(900);
    expect((await box(page, firstProduct(page))).y).toBeLessThan(900);

    const [wanted] = (await (await request.get('/api/allproducts?limit=1')).json()) as { name: string }[];
    if (!wanted) throw new Error('the demo shop has no product');
    // From another page: the header search goes to the catalogue with the search in the URL.
    await page.goto('/blog');
    await header.getByRole('searchbox', { name: 'Search the shop' }).fill(wanted.name);
    await header.getByRole('searchbox', { name: 'Search the shop' }).press('Enter');
    await expectPath(page, '/');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(wanted.name);
    await expect(page.getByLabel('Search products')).toHaveValue(wanted.name);
    await expect(region(page, 'Our Products').getByRole('article', { name: wanted.name, exact: true })).toBeVisible();
    await expect(field).toHaveValue(wanted.name);
  });
});

test.describe('guests and category links', () => {
  test("the footer's category link opens the public catalogue filtered by that category, not the login page", async ({
    page,
  }) => {
    await page.goto('/blog');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Laptops', exact: true }).click();
    await expectPath(page, '/');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Laptop');
    const list = region(page, 'Our Products');
    await expect(list.getByLabel('Category')).toHaveValue('Laptop');
    await expect(list.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log In' })).toHaveCount(0);
  });

  test('/category/Laptop asks a guest to log in and offers "Browse Laptop without an account", which opens the catalogue filtered', async ({
    page,
    request,
  }) => {
    await page.goto('/category/Laptop');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await page.getByRole('link', { name: 'Browse Laptop without an account', exact: true }).click();
    await expectPath(page, '/');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Laptop');
    const list = region(page, 'Our Products');
    await expect(list.getByLabel('Category')).toHaveValue('Laptop');
    // The list shows the laptops, the newest first.
    const [laptop] = (await (await request.get('/api/products/Laptop?limit=1')).json()) as { name: string }[];
    if (!laptop) throw new Error('the demo shop has no laptop');
    await expect(list.getByRole('article').first()).toHaveAccessibleName(laptop.name);

    // A login page not reached from a category offers nothing of the kind.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await expect(page.getByRole('link', { name: /without an account/ })).toHaveCount(0);
  });
});

test.describe("the shop's name", () => {
  test('comes from the server (SHOP_NAME, here its default): header, footer, titles and the installed app; the built app holds none', async ({
    page,
    request,
  }) => {
    await page.goto('/blog');
    await expect(page).toHaveTitle('Blog | SecondByte');
    await expect(page.getByRole('banner').getByRole('link', { name: 'SecondByte' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} SecondByte. Open source.`);
    // A page the app draws itself after a navigation takes the name from the page too.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle('SecondByte: second-hand tech');
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string };
    expect(manifest).toMatchObject({ name: 'SecondByte: second-hand tech shop', short_name: 'SecondByte' });

    // The build the server runs (global-setup's copy): not one of its files spells the name.
    const dist = process.env.WEB_DIST;
    if (!dist) throw new Error('WEB_DIST is not set by the global setup');
    const files = (fs.readdirSync(dist, { recursive: true }) as string[]).filter((f) => /\.(js|html|css|webmanifest)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    const naming = files.filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('SecondByte'));
    expect(naming).toEqual([]);
  });
});
