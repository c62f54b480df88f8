import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@shop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp, type TestUser } from '@/test/render';
import { TabBar } from './tab-bar';

function renderAt(url: string, user: TestUser | null = null) {
  const view = renderWithApp(null, {
    user,
    initialEntries: [url],
    routes: [{ path: '*', element: <TabBar /> }],
  });
  const bar = screen.getByRole('navigation', { name: 'Tabs' });
  const tab = (name: string) => within(bar).getByRole('link', { name });
  return { ...view, bar, tab };
}

describe('TabBar', () => {
  it('has Home, Search, Sell, Messages and Account, in that order, the current one marked', () => {
    const { bar, tab } = renderAt('/');
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Search', 'Sell', 'Messages', 'Account']);
    expect(tab('Home')).toHaveAttribute('aria-current', 'page');
    expect(
      within(bar)
        .getAllByRole('link')
        .filter((l) => l.hasAttribute('aria-current')),
    ).toHaveLength(1);
    expect(tab('Sell')).toHaveAttribute('href', '/dashboard/addproducts');
    expect(tab('Messages')).toHaveAttribute('href', '/dashboard/messages');
  });

  it("Search goes to the home page's search bar, keeping a search already in the URL", async () => {
    const { tab, router } = renderAt('/?q=mac&sort=price_asc');
    expect(tab('Search')).toHaveAttribute('href', '/?q=mac&sort=price_asc#search');
    await userEvent.click(tab('Search'));
    expect(router.state.location.hash).toBe('#search');
    expect(tab('Search')).toHaveAttribute('aria-current', 'page');
    expect(tab('Home')).not.toHaveAttribute('aria-current');
  });

  it('from another page, Search starts a fresh search', () => {
    const { tab } = renderAt('/blog');
    expect(tab('Search')).toHaveAttribute('href', '/#search');
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('Account is the login page for a visitor and the dashboard once signed in', () => {
    expect(renderAt('/login').tab('Account')).toHaveAttribute('href', '/login');
  });

  it('shows how many messages are unread on Messages, for a signed-in person', async () => {
    const conversation = (unread: number) => ({ _id: `c${unread}`, unread }) as ConversationSummary;
    const { callTo } = mockFetch({ 'GET /api/conversations': { body: [conversation(2), conversation(0), conversation(1)] } });
    const { bar } = renderAt('/', buyer);
    const messages = await within(bar).findByRole('link', { name: /^Messages\s*, 3 unread$/ });
    expect(within(messages).getByText('3')).toBeInTheDocument();
    expect(callTo('GET', '/api/conversations')).toBeTruthy();
  });

  it('asks nothing about messages for a visitor, and shows no count', () => {
    const { calls } = mockFetch({});
    const { tab } = renderAt('/');
    expect(tab('Messages')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/dashboard', 'Account'],
    ['/dashboard/profile', 'Account'],
    ['/dashboard/myorders', 'Account'],
    ['/dashboard/messages', 'Messages'],
    ['/dashboard/messages/c1', 'Messages'],
    ['/dashboard/addproducts', 'Sell'],
    ['/dashboard/myproducts', 'Sell'],
  ])('on %s the %s tab is current', (url, current) => {
    const { tab, bar } = renderAt(url, buyer);
    expect(tab('Account')).toHaveAttribute('href', '/dashboard');
    expect(tab(current)).toHaveAttribute('aria-current', 'page');
    expect(
      within(bar)
        .getAllByRole('link')
        .filter((l) => l.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });
});
