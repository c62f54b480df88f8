import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { order } from '@/test/fixtures';
import { buyer, renderWithApp } from '@/test/render';
import { MyOrdersPage } from './my-orders-page';

const paid = { ...order, _id: '33333333-3333-4333-8333-333333333333', productName: 'Pixel 7', paid: true, status: 'paid' as const, transactionId: 'pi_sim_paid' };

function renderPage(orders: unknown[], extra = {}) {
  const mock = mockFetch({ 'GET /api/orders': { body: orders }, ...extra });
  renderWithApp(null, { user: buyer, routes: [{ path: '/', element: <MyOrdersPage /> }] });
  return mock;
}

const table = () => screen.getByRole('table');

function screenWidth(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe('MyOrdersPage', () => {
  beforeEach(() => screenWidth(true));

  it("asks for the buyer's own orders and shows 'You have N Orders', Pay only while unpaid", async () => {
    const { calls } = renderPage([order, paid]);
    expect(await screen.findByRole('heading', { name: 'You have 2 Orders' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/orders')?.url.searchParams.get('email')).toBe('buyer@shop.test');
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('link', { name: 'Pay for MacBook Air M1' })).toHaveAttribute('href', `/dashboard/payment/${order._id}`);
    expect(within(rows[0]).getByText('Gulshan 1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('$1,234.00')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1]).getByText('pi_sim_paid')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("shows 'no orders yet' with a way to browse", async () => {
    renderPage([]);
    expect(await screen.findByText('no orders yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You have 0 Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
  });

  it('deletes an unpaid order after confirmation', async () => {
    const { callsTo } = renderPage([order], { [`DELETE /api/orders/${order._id}`]: { body: { acknowledged: true, deletedCount: 1 } } });
    await screen.findByRole('heading', { name: 'You have 1 Orders' });
    await userEvent.click(within(table()).getByRole('button', { name: 'Delete order: MacBook Air M1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this order?' });
    expect(callsTo('DELETE', `/api/orders/${order._id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete order' }));
    expect(await screen.findByText('Order deleted.')).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/orders/${order._id}`)).toHaveLength(1);
  });

  it('shows one card per order on a phone instead of the table', async () => {
    screenWidth(false);
    renderPage([order, paid]);
    const list = await screen.findByRole('list', { name: 'Your orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('link', { name: 'Pay for MacBook Air M1' })).toBeInTheDocument();
    expect(within(cards[1]).getByText('Paid')).toBeInTheDocument();
  });
});
