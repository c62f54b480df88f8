import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { PAGE_PATTERNS } from '@shop/contract';
import { paths } from '@/config/paths';
import { ShopNameContext } from '@/hooks/use-shop-name';
import { usePageMeta } from '@/lib/page-meta';
import { RouteMeta, routeMeta } from './route-meta';

const SHOP = 'Gadget Loop';

const description = () => document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function ProductProbe() {
  usePageMeta('MacBook Air M1', 'Used MacBook Air M1 in Good condition, Dhaka.');
  return null;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <RouteMeta />
            <Outlet />
          </>
        ),
        children: [{ path: 'product/:id', element: <ProductProbe /> }],
      },
      { path: '*', element: <RouteMeta /> },
    ],
    { initialEntries: [url] },
  );
  // The shop's name as the server wrote it into the page (SHOP_NAME).
  render(
    <ShopNameContext value={SHOP}>
      <RouterProvider router={router} />
    </ShopNameContext>,
  );
  return router;
}

/** Every route pattern in the route table (nested objects included). */
function allPatterns(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = 'path' in node && typeof node.path === 'string' && node.path.startsWith('/') ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(allPatterns)];
}

describe('page titles and descriptions', () => {
  it("each route has its own title with the shop's name (the server's), and a description", async () => {
    renderAt('/blog');
    expect(document.title).toBe(`Blog | ${SHOP}`);
    expect(description()).toMatch(/buying and selling used tech/);
  });

  it('the home page is the brand, a category page names the category', () => {
    expect(routeMeta('/').title).toBeUndefined();
    expect(routeMeta('/category/Laptop')).toMatchObject({ title: 'Laptop', description: expect.stringContaining('Used Laptop') });
    expect(routeMeta('/dashboard/messages/abc').title).toBe('Messages');
    expect(routeMeta('/no/such/page').title).toBe('Page not found');
  });

  it("a page's own title (the product's name) wins over the route's default, and goes with the page", async () => {
    const router = renderAt('/product/1');
    expect(document.title).toBe(`MacBook Air M1 | ${SHOP}`);
    expect(description()).toBe('Used MacBook Air M1 in Good condition, Dhaka.');
    await act(() => router.navigate('/login'));
    expect(document.title).toBe(`Log in | ${SHOP}`);
  });

  it('every page of the route table has a title of its own, and the server knows every one (PAGE_PATTERNS)', () => {
    const patterns = allPatterns(paths);
    expect([...new Set(patterns)].sort()).toEqual([...new Set(PAGE_PATTERNS)].sort());
    for (const p of patterns) expect(routeMeta(p.replace(/:[a-z]+/gi, 'x')).title, p).not.toBe('Page not found');
  });
});
