import { expect, seriousA11yViolations, test } from './support/fixtures';

test.describe('smoke', () => {
  test('home renders Our Products from the server without console errors', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Our Products' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
