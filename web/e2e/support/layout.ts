import type { Locator } from '@playwright/test';

/** A box on the page (CSS pixels), as Playwright's boundingBox() gives it. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box of a visible element; fails naming it when it has none (hidden or detached). */
export async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box on the page (hidden or not there)`);
  return box;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

/** How many lines of text an element's content takes: its height over its computed line height. */
export async function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    return Math.round(el.getBoundingClientRect().height / line);
  });
}

/** Whether the element's text fits inside it: nothing spills over its right or bottom edge. */
export async function textFits(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
}
