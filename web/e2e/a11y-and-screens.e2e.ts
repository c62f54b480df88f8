import type { Page } from '@playwright/test';
import {
  apiSignUp,
  DEMO_PASSWORD,
  expect,
  screenshot,
  seriousA11yViolations,
  shopUrl,
  test,
  uniqueEmail,
} from './support/fixtures';
import { apiAddProduct, apiPlaceOrder, productFixture } from './support/journey';

/**
 * axe-core (WCAG 2.x A/AA, serious and critical only) on every main screen, at desktop and phone
 * width, and a full-page screenshot of each: web/test-output/screenshots/{name}-{1440,375}.png.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** Resolves when the screen shows its real content (not a skeleton). */
  ready: (page: Page) => Promise<unknown>;
  /** After ready, e.g. open a modal. */
  afterReady?: (page: Page) => Promise<unknown>;
  /** Screenshot the viewport only (a modal: the rest of a full page would show without its backdrop). */
  viewportOnly?: boolean;
}

let orderId: string;
const fresh = { buyer: { name: 'Asha Screens Buyer', email: uniqueEmail('screens-buyer') } };

test.beforeAll(async ({ playwright }) => {
  // A buyer with one unpaid order, so My Orders and the payment page have something to show.
  const sellerApi = await playwright.request.newContext({ baseURL: shopUrl() });
  await apiSignUp(sellerApi, uniqueEmail('screens-seller'), 'Omar Screens Seller', 'seller-pass-123', true);
  const product = await apiAddProduct(sellerApi, productFixture(`Studio Headphones ${Date.now().toString(36)}`, 'Headphone'));
  await sellerApi.dispose();
  const buyerApi = await playwright.request.newContext({ baseURL: shopUrl() });
  await apiSignUp(buyerApi, fresh.buyer.email, fresh.buyer.name, 'buyer-pass-123', false);
  orderId = (await apiPlaceOrder(buyerApi, product.insertedId, fresh.buyer.name)).insertedId;
  await buyerApi.dispose();
});

/** Scrolls through the page so lazy images load, waits for them, and returns to the top. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await pause(40);
    }
    window.scrollTo(0, 0);
    const pending = Array.from(document.images).filter((img) => !img.complete);
    await Promise.race([
      Promise.all(
        pending.map(
          (img) =>
            new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
        ),
      ),
      pause(3000),
    ]);
  });
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 }).waitFor();

/** Visits each screen at each width: axe, then a screenshot. Returns the violations by screen. */
async function checkScreens(page: Page, screens: Screen[]) {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(screen.path);
      try {
        await screen.ready(page);
        await screen.afterReady?.(page);
      } catch (error) {
        // Keep what the page showed, for whoever reads the failure.
        await screenshot(page, `FAILED-${screen.name}-${size.width}`);
        const main =
          (await page
            .locator('main')
            .textContent()
            .catch(() => null)) ?? '';
        throw new Error(`${screen.name} at ${size.width}px never got ready (${page.url()}): ${main.slice(0, 400)}`, {
          cause: error,
        });
      }
      await settle(page);
      const key = `${screen.name}@${size.width}`;
      const violations = await seriousA11yViolations(page);
      if (violations.length) {
        found[key] = violations.map(
          (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
      }
      // Works at this width: nothing wider than the viewport (no sideways scrolling on a phone).
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        // Slides of a carousel (a photo gallery) lie beyond the edge inside their own scroller, on purpose.
        const inScroller = (el: Element) => {
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX) && p.getBoundingClientRect().right <= width + 1)
              return true;
          }
          return false;
        };
        return Array.from(document.querySelectorAll('body *'))
          .filter(
            (el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed' && !inScroller(el),
          )
          .slice(0, 3)
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`);
      });
      if (overflow.length) found[key] = [...(found[key] ?? []), `wider than ${size.width}px: ${overflow.join(', ')}`];
      await screenshot(page, `${screen.name}-${size.width}`, { fullPage: !screen.viewportOnly });
    }
  }
  return found;
}

test.describe('accessibility and screenshots', () => {
  test('public screens: home, login, sign up, blog', async ({ page }) => {
    const found = await checkScreens(page, [
      {
        name: 'home',
        path: '/',
        ready: async (p) => {
          await p.getByRole('list', { name: 'Our Products' }).waitFor();
          await p.getByRole('heading', { name: 'Featured Collection' }).waitFor();
          await p.getByText('Click the card to get the best Laptop.').waitFor();
        },
      },
      { name: 'login', path: '/login', ready: (p) => heading(p, 'Log In') },
      { name: 'signup', path: '/signup', ready: (p) => heading(p, 'Sign Up') },
      { name: 'blog', path: '/blog', ready: (p) => heading(p, 'Blog') },
    ]);
    expect(found).toEqual({});
  });

  test('buyer screens: category, booking modal, dashboard, my orders, payment', async ({ page, signIn }) => {
    await signIn(fresh.buyer.email, 'buyer-pass-123');
    const category: Screen['ready'] = (p) => p.getByRole('list', { name: 'Laptop products' }).waitFor();
    const found = await checkScreens(page, [
      { name: 'category', path: '/category/Laptop', ready: category },
      {
        name: 'booking',
        path: '/category/Laptop',
        ready: category,
        afterReady: async (p) => {
          // Cards carry Buy now from sm up; on a phone it is on the product page the card opens.
          const onCard = p.getByRole('button', { name: /^Buy now: / }).first();
          if (await onCard.isVisible()) await onCard.click();
          else {
            await p.getByRole('list', { name: 'Laptop products' }).getByRole('link').first().click();
            await p.getByRole('button', { name: 'Buy now', exact: true }).click();
          }
          await p.getByRole('dialog').getByLabel('Phone', { exact: true }).waitFor();
        },
        viewportOnly: true,
      },
      { name: 'dashboard', path: '/dashboard', ready: (p) => heading(p, /^Welcome to your dashboard/) },
      {
        name: 'myorders',
        path: '/dashboard/myorders',
        ready: async (p) => {
          await heading(p, 'You have 1 Orders');
          await p.getByRole('link', { name: /^Pay for / }).waitFor();
        },
      },
      {
        name: 'payment',
        path: `/dashboard/payment/${orderId}`,
        ready: async (p) => {
          await heading(p, /^Payment for Studio Headphones/);
          await expect.poll(() => p.getByRole('button', { name: /^Pay/ }).isEnabled()).toBe(true);
        },
      },
    ]);
    expect(found).toEqual({});
  });

  test('seller screens: my products, add a product', async ({ page, signIn }) => {
    await signIn('seller@shop.test', DEMO_PASSWORD);
    const found = await checkScreens(page, [
      {
        name: 'myproducts',
        path: '/dashboard/myproducts',
        ready: async (p) => {
          await heading(p, /^You Have \d+ Products$/);
        },
      },
      { name: 'addproducts', path: '/dashboard/addproducts', ready: (p) => heading(p, 'Add A Product') },
    ]);
    expect(found).toEqual({});
  });

  test('admin screens: all buyers, all sellers', async ({ page, signIn }) => {
    await signIn('admin@shop.test', DEMO_PASSWORD);
    const found = await checkScreens(page, [
      {
        name: 'allbuyer',
        path: '/dashboard/allbuyer',
        ready: async (p) => {
          await heading(p, /^All Buyers/);
          await p.getByRole('row').filter({ hasText: 'buyer@shop.test' }).first().waitFor();
        },
      },
      {
        name: 'allseller',
        path: '/dashboard/allseller',
        ready: async (p) => {
          await heading(p, /^All Sellers/);
          await p.getByRole('row').filter({ hasText: 'seller@shop.test' }).first().waitFor();
        },
      },
    ]);
    expect(found).toEqual({});
  });
});
