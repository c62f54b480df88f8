import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { mockFetch, type MockResponse } from '@/test/fetch-mock';
import { product } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { OurProducts } from './our-products';

const item = (n: number, extra: Partial<Product> = {}): Product => ({
  ...product,
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Item ${n}`,
  ...extra,
});

/** The API's filters of a call, as a plain object (limit/cursor left out). */
const filtersOf = (url: URL) => Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'cursor' && k !== 'limit'));

function renderAt(
  url: string,
  answer: (url: URL) => MockResponse = () => ({ body: [item(1)], headers: { 'x-total-count': '1' } }),
) {
  const mock = mockFetch({ 'GET /api/allproducts': ({ url: u }) => answer(u) });
  const view = renderWithApp(null, {
    user: null,
    initialEntries: [url],
    routes: [
      { path: '/', element: <OurProducts /> },
      { path: '/product/:id', element: <h1>Product page</h1> },
    ],
  });
  const search = () => view.router.state.location.search;
  return { ...mock, ...view, search };
}

/** A wide screen shows the filters under the search; phones get them in a drawer (filter-bar.test.tsx). */
function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe("'Our Products' filters <-> URL", () => {
  beforeEach(wideScreen);

  it('starts from the URL: controls show it and the API is asked with it', async () => {
    const { callTo } = renderAt(
      '/?q=mac&category=Laptop&condition=Good&minPrice=100&maxPrice=900&location=Dhaka&verified=true&sort=price_asc',
    );
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Search products')).toHaveValue('mac');
    expect(screen.getByLabelText('Category')).toHaveValue('Laptop');
    expect(screen.getByLabelText('Condition')).toHaveValue('Good');
    expect(screen.getByLabelText('Min price')).toHaveValue('100');
    expect(screen.getByLabelText('Max price')).toHaveValue('900');
    expect(screen.getByLabelText('Location')).toHaveValue('Dhaka');
    expect(screen.getByLabelText('Verified sellers only')).toBeChecked();
    expect(screen.getByLabelText('Sort')).toHaveValue('price_asc');
    expect(filtersOf(callTo('GET', '/api/allproducts').url)).toEqual({
      q: 'mac',
      category: 'Laptop',
      condition: 'Good',
      minPrice: '100',
      maxPrice: '900',
      location: 'Dhaka',
      verified: 'true',
      sort: 'price_asc',
    });
    // The Filters disclosure (phones) says how many filters narrow the list.
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAccessibleName('Filters, 6 active');
  });

  it('writes each change to the URL, and back/forward bring the earlier filters back', async () => {
    const { search, router, callsTo } = renderAt('/');
    await screen.findByText('Item 1');

    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Fair');
    expect(search()).toBe('?condition=Fair');
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'price_desc');
    expect(search()).toBe('?condition=Fair&sort=price_desc');
    await userEvent.click(screen.getByLabelText('Verified sellers only'));
    expect(search()).toBe('?condition=Fair&verified=true&sort=price_desc');
    await waitFor(() =>
      expect(filtersOf(callsTo('GET', '/api/allproducts').at(-1)!.url)).toEqual({
        condition: 'Fair',
        verified: 'true',
        sort: 'price_desc',
      }),
    );

    await act(() => router.navigate(-1));
    expect(search()).toBe('?condition=Fair&sort=price_desc');
    expect(screen.getByLabelText('Verified sellers only')).not.toBeChecked();
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Sort')).toHaveValue('newest');
    expect(screen.getByLabelText('Condition')).toHaveValue('Fair');
    await act(() => router.navigate(1));
    expect(screen.getByLabelText('Sort')).toHaveValue('price_desc');
  });

  it('applies typing after a pause (debounced), or at once on Enter', async () => {
    const { search, router } = renderAt('/');
    await screen.findByText('Item 1');
    const box = screen.getByLabelText('Search products');
    await userEvent.type(box, 'pixel');
    // Not one URL change per key.
    expect(search()).toBe('');
    await waitFor(() => expect(search()).toBe('?q=pixel'));
    expect(router.state.historyAction).toBe('PUSH');

    await userEvent.type(screen.getByLabelText('Max price'), '450{Enter}');
    expect(search()).toBe('?q=pixel&maxPrice=450');
    await userEvent.type(screen.getByLabelText('Location'), '  Sylhet ');
    await waitFor(() => expect(search()).toBe('?q=pixel&maxPrice=450&location=Sylhet'));
    // What was typed stays as typed (the trailing space is not snatched away mid-word).
    expect(screen.getByLabelText('Location')).toHaveValue('  Sylhet ');

    // Back restores the fields from the URL.
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(screen.getByLabelText('Max price')).toHaveValue('450');
  });

  it('shows the count, "Clear filters" and, with nothing left, the empty state with a reset link', async () => {
    const { search } = renderAt('/?q=zzz&condition=Fair&sort=price_asc', (url) =>
      url.searchParams.get('q')
        ? { body: [], headers: { 'x-total-count': '0' } }
        : { body: [item(1), item(2)], headers: { 'x-total-count': '2' } },
    );
    expect(await screen.findByText('No products match your filters')).toBeInTheDocument();
    expect(screen.getByText('0 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Reset filters' }));
    // The sort order stays; the search and the filters go.
    expect(search()).toBe('?sort=price_asc');
    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(screen.getByLabelText('Search products')).toHaveValue('');
    expect(screen.getByLabelText('Condition')).toHaveValue('');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Camera');
    await userEvent.click(await screen.findByRole('link', { name: 'Clear filters' }));
    expect(search()).toBe('?sort=price_asc');
  });

  it('links every card to its product page', async () => {
    const { router } = renderAt('/');
    const link = await screen.findByRole('link', { name: 'Item 1' });
    expect(link).toHaveAttribute('href', `/product/${item(1)._id}`);
    // Buy now stays a button of its own.
    expect(screen.getByRole('button', { name: 'Buy now: Item 1' })).toBeInTheDocument();
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe(`/product/${item(1)._id}`);
  });
});

describe("'Our Products' pages", () => {
  const page1 = Array.from({ length: 3 }, (_, i) => item(i + 1));
  const page2 = Array.from({ length: 2 }, (_, i) => item(i + 4));

  it('loads the next page from the Link header with "Load more", keeping the filters', async () => {
    const { callTo } = renderAt('/?condition=Good', (url) =>
      url.searchParams.get('cursor') === 'c2'
        ? { body: page2 }
        : {
            body: page1,
            headers: { 'x-total-count': '5', link: '</api/allproducts?condition=Good&limit=3&cursor=c2>; rel="next"' },
          },
    );
    const list = await screen.findByRole('list', { name: 'Our Products' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('5 results')).toBeInTheDocument();
    expect(screen.getByText(/Showing 3 of 5/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(5));
    expect(screen.getByText('Item 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The second call is the Link header's URL as given (cursor and filters included).
    const second = callTo('GET', '/api/allproducts', 1).url;
    expect(second.searchParams.get('cursor')).toBe('c2');
    expect(second.searchParams.get('condition')).toBe('Good');
    expect(screen.getByText('5 results')).toBeInTheDocument();
  });

  it("says 'About N results' for the server's estimate and 'N+' when there is no total", async () => {
    renderAt('/?q=phone', () => ({
      body: page1,
      headers: {
        'x-total-count': '12000',
        'x-total-count-exact': 'false',
        link: '</api/allproducts?q=phone&cursor=c2>; rel="next"',
      },
    }));
    expect(await screen.findByText('About 12,000 results')).toBeInTheDocument();
  });

  it("says 'N+ results' when the server gives no total but more pages follow", async () => {
    renderAt('/', () => ({ body: page1, headers: { link: '</api/allproducts?cursor=c2>; rel="next"' } }));
    expect(await screen.findByText('3+ results')).toBeInTheDocument();
  });
});
