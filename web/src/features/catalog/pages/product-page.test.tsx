import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { Product } from '@shop/contract';
import { mockFetch, pending } from '@/test/fetch-mock';
import { product } from '@/test/fixtures';
import { buyer, renderWithApp } from '@/test/render';
import type { TestUser } from '@/test/render';
import { postedDate, ProductPage } from './product-page';

const other = (n: number): Product => ({ ...product, _id: `00000000-0000-4000-8000-00000000000${n}`, name: `Laptop ${n}` });
const path = `/product/${product._id}`;
const full: Product = { ...product, description: 'Battery at 91 %.\nCharger included.' };

function LoginProbe() {
  const state = useLocation().state as { from?: { pathname: string } } | null;
  return <h1>Login page (from {state?.from?.pathname})</h1>;
}

function renderProduct(
  answer: Parameters<typeof mockFetch>[0][string],
  user: TestUser | null = null,
  related: Product[] = [product, other(1), other(2)],
) {
  const mock = mockFetch({
    [`GET /api/product/${product._id}`]: answer,
    'GET /api/product/nope': { status: 400, body: { error: 'bad_request', message: 'id is not valid' } },
    'GET /api/products/Laptop': { body: related },
  });
  const view = renderWithApp(null, {
    user,
    initialEntries: [path],
    routes: [
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/login', element: <LoginProbe /> },
    ],
  });
  return { ...mock, ...view };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductPage', () => {
  it('shows every field of an available product, its saving and related items of the category', async () => {
    const { callTo } = renderProduct({ body: full });
    const title = await screen.findByRole('heading', { level: 1, name: 'MacBook Air M1' });
    const article = title.closest('article')!;
    const inArticle = within(article as HTMLElement);
    expect(inArticle.getByRole('img', { name: 'MacBook Air M1' })).toHaveAttribute('src', product.img);
    expect(inArticle.getByText('$1,234.00')).toBeInTheDocument();
    expect(inArticle.getByText('$1,999.00')).toBeInTheDocument();
    expect(inArticle.getByText('38% below original price')).toBeInTheDocument();
    expect(inArticle.getAllByText('Excellent').length).toBeGreaterThan(0);
    expect(inArticle.getByText('Laptop')).toBeInTheDocument();
    expect(inArticle.getByText('2 years')).toBeInTheDocument();
    expect(inArticle.getByText('Dhaka')).toBeInTheDocument();
    expect(inArticle.getByText('Sally Seller')).toBeInTheDocument();
    expect(inArticle.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(inArticle.getByText('3 Nov 2025')).toHaveAttribute('datetime', product.createdAt);
    expect(inArticle.getByText(/Battery at 91 %/)).toBeInTheDocument();
    expect(inArticle.getByRole('button', { name: 'Buy now' })).toBeEnabled();
    expect(document.title).toMatch(/^MacBook Air M1 \| /);

    // Related: the same category, without the product itself.
    const related = await screen.findByRole('list', { name: 'More in Laptop' });
    expect(
      within(related)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(within(related).getByRole('link', { name: 'Laptop 1' })).toHaveAttribute('href', `/product/${other(1)._id}`);
    expect(within(related).queryByText('MacBook Air M1')).not.toBeInTheDocument();
    expect(callTo('GET', '/api/products/Laptop').url.searchParams.get('limit')).toBe('5');
  });

  it('asks for related items only as the person scrolls near them, and draws no pulsing placeholder before', async () => {
    // The browser's IntersectionObserver, told by the test when an element comes near.
    const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observed: Element[] = [];
        constructor(public callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(element: Element) {
          this.observed.push(element);
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    const { callsTo } = renderProduct({ body: full });
    await screen.findByRole('heading', { level: 1, name: 'MacBook Air M1' });
    const section = screen.getByRole('heading', { level: 2, name: 'More in Laptop' }).closest('section')!;
    // Far below the screen: its place is kept (a row of still card shapes, as tall as the skeleton's),
    // nothing asked for, no skeleton (whose pulse keeps a phone drawing frames).
    expect(within(section).getByTestId('related-place').children).toHaveLength(4);
    expect(section.querySelector('.skeleton')).toBeNull();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/products/Laptop')).toHaveLength(0);

    const observer = observers.find((o) => o.observed.includes(section))!;
    act(() =>
      observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver),
    );
    expect(await within(section).findByRole('list', { name: 'More in Laptop' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/products/Laptop')).toHaveLength(1);
  });

  it('sends a logged-out visitor who presses Buy now to /login, to come back here', async () => {
    const { router } = renderProduct({ body: product }, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('heading', { name: `Login page (from ${path})` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the booking modal for a logged-in buyer', async () => {
    renderProduct({ body: product }, buyer);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    // The dialog opens at once; the form takes the spinner's place when its code is here.
    const price = await screen.findByLabelText('Price');
    expect(screen.getByRole('dialog', { name: 'Book MacBook Air M1' })).toContainElement(price);
    expect(price).toHaveValue('$1,234.00');
  });

  it('shows a sold product as Sold, without Buy now', async () => {
    renderProduct({ body: { ...product, status: 'sold' } }, buyer);
    await screen.findByRole('heading', { level: 1, name: 'MacBook Air M1' });
    expect(screen.getByText(/can no longer be booked/).closest('[role="status"]')).toHaveTextContent(/^Sold/);
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    // Its page still has everything else.
    expect(screen.getByText('38% below original price')).toBeInTheDocument();
  });

  it('shows a friendly not-found state for an unknown product (404) or a malformed id (400)', async () => {
    const { router } = renderProduct({ status: 404, body: { error: 'not_found', message: 'The product was not found.' } });
    expect(await screen.findByText('We could not find this product')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();

    await act(() => router.navigate('/product/nope'));
    expect(await screen.findByText('We could not find this product')).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    renderProduct(() => pending());
    expect(await screen.findByRole('status', { name: 'Loading the product' })).toBeInTheDocument();
  });

  it('offers a retry when the server fails', async () => {
    renderProduct({ status: 503, body: { error: 'unavailable', message: 'Down for maintenance.' } });
    expect(await screen.findByText('Could not load this product')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('postedDate', () => {
  it('spells the posting day out, falling back to the API date', () => {
    expect(postedDate({ createdAt: '2025-11-03T10:00:00.000Z', date: '3/11/2025' })).toBe('3 Nov 2025');
    expect(postedDate({ createdAt: 'garbage', date: '3/11/2025' })).toBe('3 Nov 2025');
  });
});
