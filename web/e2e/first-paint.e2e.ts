import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * A server-rendered page is styled once, with the shop's stylesheet. Chromium styles and lays out a
 * page that holds a form control as soon as its body is parsed, stylesheet or not; a script before
 * the body has the parser wait for the stylesheet (server lib/security.ts STYLES_FIRST_SCRIPT).
 * Without it, each button and card went from the browser's own colours and shadows to the shop's
 * through its CSS transition as the stylesheet came: 112 transitions on the home page at a phone's
 * size, frames of style, paint and raster in the middle of the page's load.
 */
test('with the stylesheet slow to come, the page waits for it: nothing on it runs a transition', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { transitions: string[] };
    w.transitions = [];
    addEventListener(
      'transitionrun',
      (e) => w.transitions.push(`${(e.target as Element).tagName} ${(e as TransitionEvent).propertyName}`),
      true,
    );
  });
  let held = 0;
  await page.route(/\/assets\/[^/]+\.css$/, async (route: Route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  for (const path of ['/', '/blog']) {
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.locator('main')).toBeVisible();
    // The card's shadow is the stylesheet's: it came.
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => (window as unknown as { transitions: string[] }).transitions), path).toEqual([]);
  }
  expect(held).toBeGreaterThan(0);
  await context.close();
});
