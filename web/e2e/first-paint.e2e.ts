import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * A server-rendered page is styled once, with the shop's stylesheet. Chromium styles and lays out a
 * page that holds a form control as soon as its body is parsed, stylesheet or not; a script before
 * the body has the parser wait for the stylesheet (server lib/styles-first.ts).
 * Without it, each button and card went from the browser's own colours and shadows to the shop's
 * through its CSS transition as the stylesheet came: 112 transitions on the home page at a phone's
 * size, frames of style, paint and raster in the middle of the page's load.
 */
test('with the stylesheet slow to come, the page waits for it: nothing on it runs a transition', async ({ browser, baseURL }) => {
  // No service worker: it would answer the stylesheet from its cache on the second page, unheld.
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    isMobile: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    // Transitions started before the app has taken the page over (<html data-app>): the page's own,
    // not one the app runs later on purpose.
    await page.addInitScript(() => {
      const w = window as unknown as { transitions: string[] };
      w.transitions = [];
      addEventListener(
        'transitionrun',
        (e) => {
          if (document.documentElement.hasAttribute('data-app')) return;
          w.transitions.push(`${(e.target as Element).tagName} ${(e as TransitionEvent).propertyName}`);
        },
        true,
      );
    });
    let held = 0;
    await page.route(/\/assets\/[^/]+\.css$/, async (route: Route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    for (const [n, path] of ['/', '/blog'].entries()) {
      await page.goto(path, { waitUntil: 'load' });
      expect(held, `${path}: its stylesheet was held back`).toBe(n + 1);
      await expect(page.locator('html[data-app]')).toBeAttached({ timeout: 30_000 });
      // The stylesheet came and applies (the header's border is its, not the browser's).
      const border = await page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).borderBottomWidth);
      expect(border, path).toBe('1px');
      expect(await page.evaluate(() => (window as unknown as { transitions: string[] }).transitions), path).toEqual([]);
    }
  } finally {
    await context.close();
  }
});
