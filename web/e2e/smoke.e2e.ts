import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, seriousA11yViolations } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('smoke', () => {
  it('home renders Our Products from the server without console errors', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Our Products' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
