import { expect, seriousA11yViolations, test } from './support/fixtures';

test.describe('smoke', () => {
  test('home renders Our Products from the server without console errors', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Our Products' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a shared product link shows the product from the HTML: the app asks neither for it nor, for a guest, for the session', async ({
    page,
    request,
  }) => {
    const [product] = (await (await request.get('/api/allproducts?limit=1')).json()) as { _id: string; name: string }[];
    if (!product) throw new Error('the demo shop has no product');
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(`${product.name} | SecondByte`);
    // The related items are the page's own next question: by then the first screen is done.
    await expect.poll(() => asked.some((p) => p.startsWith('/api/products/'))).toBe(true);
    expect(asked).not.toContain(`/api/product/${product._id}`);
    expect(asked).not.toContain('/api/auth/get-session');
    // The data was read once and removed; a later visit within the app asks as usual.
    expect(await page.locator('#shop-data').count()).toBe(0);
  });
});
