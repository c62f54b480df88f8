import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useProductFilters } from './search-params';
import { renderWithApp } from '@/test/render';
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
