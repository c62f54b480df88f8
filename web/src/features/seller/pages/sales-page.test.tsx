import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sale } from '@shop/contract';
import { exactly } from '@/test/exactly';
import { mockFetch, pending } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { SalesPage } from './sales-page';

const seller = { id: 'u-s', name: 'Sally', email: 'seller@shop.test', role: 'seller' as const, verified: true };

const sale = (over: Partial<Sale>): Sale => ({
  _id: '11111111-1111-4111-8111-111111111111',
  productId: '22222222-2222-4222-8222-222222222222',
  productName: 'Sony A7 III',
  img: '/images/fallback.svg',
  buyerId: 'u-b',
  buyerName: 'Bo Booker',
  phone: '+880 1700 000000',
  meetingLocation: 'Dhanmondi Lake',
  price: 321,
  paid: false,
  status: 'unpaid',
  createdAt: '2026-11-26T10:00:00.000Z',
  paidAt: null,
  ...over,
});

const waiting = sale({ productName: 'Kindle Paperwhite' });
const held = sale({
  _id: '33333333-3333-4333-8333-333333333333',
  productName: 'Sony A7 III',
  status: 'paid',
  paid: true,
  paidAt: '2026-11-25T10:00:00.000Z',
});

function renderPage(routes: Parameters<typeof mockFetch>[0], entry = '/dashboard/sales') {
  const mock = mockFetch(routes);
  renderWithApp(null, { user: seller, routes: [{ path: '/dashboard/sales', element: <SalesPage /> }], initialEntries: [entry] });
  return mock;
}

describe('SalesPage', () => {
  it('lists every booking, newest first, each with its state, what to do next and its actions', async () => {
    renderPage({ 'GET /api/me/sales': { body: [waiting, held] } });
    const list = await screen.findByRole('list', { name: 'Your sales' });
    const [first, second] = exactly(within(list).getAllByRole('listitem'), 2);
    expect(within(first).getByRole('heading', { name: 'Kindle Paperwhite' })).toBeInTheDocument();
    expect(within(first).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(first).getByText('Booked, not paid yet: wait for the payment before you meet.')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Confirm hand-off' })).not.toBeInTheDocument();
    expect(within(second).getByText('Paid, held')).toBeInTheDocument();
    expect(within(second).getByText('Meet and confirm the hand-off code: the money is yours then.')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Confirm hand-off' })).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: '+880 1700 000000' })).toHaveAttribute('href', 'tel:+8801700000000');
    expect(within(second).getByRole('link', { name: 'Sony A7 III' })).toHaveAttribute('href', `/product/${held.productId}`);
  });

  it('filters by state: the select asks the server for that state and the address keeps it', async () => {
    const { calls } = renderPage({
      'GET /api/me/sales': ({ url }) => ({ body: url.searchParams.get('state') === 'paid' ? [held] : [waiting, held] }),
    });
    await screen.findByRole('list', { name: 'Your sales' });
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Paid, held');
    await expect.poll(() => within(screen.getByRole('list', { name: 'Your sales' })).getAllByRole('listitem').length).toBe(1);
    expect(calls.at(-1)?.url.searchParams.get('state')).toBe('paid');
  });

  it('starts from the state in the address', async () => {
    const { calls } = renderPage({ 'GET /api/me/sales': { body: [held] } }, '/dashboard/sales?state=paid');
    await screen.findByRole('list', { name: 'Your sales' });
    expect(screen.getByLabelText('State')).toHaveValue('paid');
    expect(calls[0]?.url.searchParams.get('state')).toBe('paid');
  });

  it('says when there are none (and, filtered, offers all)', async () => {
    renderPage({ 'GET /api/me/sales': { body: [] } }, '/dashboard/sales?state=completed');
    expect(await screen.findByText('No sales are completed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all sales' }));
    expect(await screen.findByText('No sales yet')).toBeInTheDocument();
    expect(screen.getByLabelText('State')).toHaveValue('');
  });

  it('shows a loading state while the sales load', () => {
    renderPage({ 'GET /api/me/sales': () => pending() });
    expect(screen.getByRole('status', { name: 'Loading your sales' })).toBeInTheDocument();
  });

  it('says when they could not be loaded, with a retry', async () => {
    let answer = { status: 500, body: { error: 'internal_error', message: 'Boom' } } as { status?: number; body: unknown };
    const { callsTo } = renderPage({ 'GET /api/me/sales': () => answer });
    expect(await screen.findByText('Could not load your sales')).toBeInTheDocument();
    answer = { body: [waiting] };
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('list', { name: 'Your sales' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/me/sales').length).toBeGreaterThanOrEqual(2);
  });
});
