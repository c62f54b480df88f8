import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useProductFilters } from './search-params';
import { renderWithApp } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { FilterBar } from './filter-bar';

function Bar() {
  const { filters, setFilters } = useProductFilters({ allowCategory: true });
  return <FilterBar filters={filters} onChange={setFilters} allowCategory />;
}

/** A phone: the test setup's matchMedia matches nothing, so the bar is below md. */
function renderPhone(url = '/') {
  const view = renderWithApp(<Bar />, { user: null, initialEntries: [url] });
  return { ...view, search: () => view.router.state.location.search };
}

describe('FilterBar on a phone', () => {
  it('keeps sort and filters in a drawer the Filters button opens; Enter or Show results applies them and closes it', async () => {
    const { search } = renderPhone();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const drawer = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLDialogElement;
    expect(drawer.tagName).toBe('DIALOG');
    expect(drawer.open).toBe(false);
    expect(within(drawer).getByLabelText('Sort')).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(drawer.open).toBe(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(within(drawer).getByLabelText('Max price'), '450{Enter}');
    expect(search()).toBe('?maxPrice=450');
    expect(drawer.open).toBe(false);

    await userEvent.click(toggle);
    await userEvent.selectOptions(within(drawer).getByLabelText('Condition'), 'Good');
    await userEvent.type(within(drawer).getByLabelText('Location'), 'Dhaka');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Show results' }));
    expect(search()).toBe('?condition=Good&maxPrice=450&location=Dhaka');
    expect(drawer.open).toBe(false);
    expect(screen.getByRole('button', { name: 'Filters, 3 active' })).toBeInTheDocument();
  });

  it('reads prices typed with thousands separators as the add form does', async () => {
    const { search } = renderPhone();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = screen.getByRole('dialog');
    await userEvent.type(within(drawer).getByLabelText('Min price'), '1 000');
    await userEvent.type(within(drawer).getByLabelText('Max price'), '1,299.50{Enter}');
    expect(search()).toBe('?minPrice=1000&maxPrice=1299.5');
  });

  it('submits the search with Enter or the Search button', async () => {
    const { search } = renderPhone();
    await userEvent.type(screen.getByLabelText('Search products'), 'pixel{Enter}');
    expect(search()).toBe('?q=pixel');
    await userEvent.clear(screen.getByLabelText('Search products'));
    await userEvent.type(screen.getByLabelText('Search products'), 'iphone');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(search()).toBe('?q=iphone');
  });

  it('the close button closes the drawer without applying anything', async () => {
    const { search } = renderPhone('/?q=mac');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const drawer = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLDialogElement;
    await userEvent.click(toggle);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close filters' }));
    expect(drawer.open).toBe(false);
    expect(search()).toBe('?q=mac');
  });
});

describe('FilterBar spec filters (GET /facets)', () => {
  const facets = (brand: Array<{ value: string; label: string; count: number }>) => ({
    facets: { brand, model: [{ value: 'dev1', label: 'iPhone 13', count: 3 }], storage: [], ram: [], colour: [] },
    exact: true,
  });

  it('asks for the counts once the panel opens, lists values with their counts and puts the chosen one in the URL', async () => {
    const mock = mockFetch({
      'GET /api/facets': {
        body: facets([
          { value: 'Apple', label: 'Apple', count: 124 },
          { value: 'Nokia', label: 'Nokia', count: 0 },
        ]),
      },
    });
    const { search } = renderPhone('/?condition=Good');
    expect(mock.callsTo('GET', '/api/facets')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const drawer = screen.getByRole('dialog');
    const brand = await within(drawer).findByLabelText('Brand');
    expect(within(brand).getByRole('option', { name: 'Apple (124)' })).toBeInTheDocument();
    expect(within(brand).queryByRole('option', { name: /Nokia/ })).toBeNull();
    expect(within(drawer).queryByLabelText('Storage')).toBeNull();
    expect(mock.callTo('GET', '/api/facets').url.searchParams.get('condition')).toBe('Good');

    await userEvent.selectOptions(brand, 'Apple');
    expect(search()).toBe('?condition=Good&brand=Apple');
    await userEvent.selectOptions(within(drawer).getByLabelText('Model'), 'iPhone 13 (3)');
    expect(search()).toBe('?condition=Good&brand=Apple&deviceId=dev1');
    expect(within(drawer).getByLabelText('Brand')).toHaveValue('Apple');
  });

  it("a category page's closed drawer asks for no counts; opening it asks for that category's", async () => {
    const mock = mockFetch({ 'GET /api/facets': { body: facets([{ value: 'Apple', label: 'Apple', count: 7 }]) } });
    function CategoryBar() {
      const { filters, setFilters } = useProductFilters({ allowCategory: false });
      return <FilterBar filters={filters} onChange={setFilters} allowCategory={false} category="Laptop" />;
    }
    renderWithApp(<CategoryBar />, { user: null, initialEntries: ['/'] });
    // Give a query that would start on mount its chance to.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.callsTo('GET', '/api/facets')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const brand = await within(screen.getByRole('dialog')).findByLabelText('Brand');
    expect(within(brand).getByRole('option', { name: 'Apple (7)' })).toBeInTheDocument();
    expect(mock.callTo('GET', '/api/facets').url.searchParams.get('category')).toBe('Laptop');
  });

  it('shows no spec filters when the counts fail', async () => {
    mockFetch({ 'GET /api/facets': { status: 500, body: { error: 'internal', message: 'boom' } } });
    renderPhone();
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const drawer = screen.getByRole('dialog');
    await waitFor(() => expect(within(drawer).queryByText('Loading device filters…')).toBeNull());
    expect(within(drawer).queryByLabelText('Brand')).toBeNull();
    expect(within(drawer).getByLabelText('Condition')).toBeInTheDocument();
  });
});
