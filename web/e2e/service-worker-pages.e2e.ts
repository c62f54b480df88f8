import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

// Blocked for the other journeys (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The service worker keeps the app shell for offline use only: a returning visitor, online, gets each
 * page from the server (rendered, with its data, and from the version deployed now), not the shell
 * kept on their last visit.
 */
test('with the service worker in control, pages come from the server of the version deployed now', async ({ page }) => {
  const webDist = process.env.WEB_DIST;
  if (!webDist) throw new Error('WEB_DIST is not set (global setup)');
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // A deploy: the server reads index.html per request, so a changed one is the new version's page.
  const file = path.join(webDist, 'index.html');
  const original = fs.readFileSync(file, 'utf8');
  const version = `deploy-${Date.now()}`;
  try {
    fs.writeFileSync(file, original.replace('</head>', `<meta name="shop-version" content="${version}" /></head>`));
    await page.goto('/blog');
    await expect(page.locator('meta[name="shop-version"]')).toHaveAttribute('content', version);
    // From the network, not the worker's cache.
    const delivery = await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType,
    );
    expect(delivery).not.toBe('cache-storage');
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
  } finally {
    fs.writeFileSync(file, original);
  }
});
