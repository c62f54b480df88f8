import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exactly } from '@/test/exactly';
import { mockFetch } from '@/test/fetch-mock';
import { order } from '@/test/fixtures';
import { buyer, renderWithApp } from '@/test/render';
import { MyOrdersPage } from './my-orders-page';

const paid = {
  ...order,
  _id: '33333333-3333-4333-8333-333333333333',
  productName: 'Pixel 7',
  paid: true,
  status: 'paid' as const,
  transactionId: 'pi_sim_paid',
};

/** The hand-off of the paid (held) order, as GET /orders/:id/handoff answers its buyer. */
const heldHandoff = {
  orderId: paid._id,
  status: 'paid',
  role: 'buyer',
  productName: paid.productName,
  price: paid.price,
  heldUntil: '2025-11-11T12:00:00.000Z',
  code: '042917',
  qr: `shop-handoff:${paid._id}:042917`,
  lockedUntil: null,
  attemptsLeft: 5,
  completedAt: null,
  canDecline: true,
  canDispute: false,
  disputeUntil: null,
  cases: [],
  transitions: [],
};

function renderPage(orders: unknown[], extra = {}) {
  const mock = mockFetch({
    'GET /api/orders': { body: orders },
    [`GET /api/orders/${paid._id}/handoff`]: { body: heldHandoff },
    ...extra,
  });
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

  it('a booking cancelled because the seller sold elsewhere says so, has no Pay, and can be deleted', async () => {
    renderPage([{ ...order, status: 'cancelled' as const }]);
    const [row] = exactly(
      within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1),
      1,
    );
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).getByText('The seller sold it elsewhere; you were not charged.')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete order: MacBook Air M1' })).toBeInTheDocument();
  });

  it("an unpaid booking says the seller's phone shows once paid; a paid one shows it", async () => {
    renderPage([
      { ...order, sellerPhone: '' },
      { ...paid, sellerPhone: '+880 1700 000000' },
    ]);
    const [unpaidRow, paidRow] = exactly(
      within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1),
      2,
    );
    expect(within(unpaidRow).getByText('Their phone shows once you pay')).toBeInTheDocument();
    expect(within(paidRow).getByText('Phone: +880 1700 000000')).toBeInTheDocument();
    expect(within(paidRow).queryByText('Their phone shows once you pay')).not.toBeInTheDocument();
  });

  it("asks for the buyer's own orders and shows 'You have N Orders', Pay only while unpaid", async () => {
    const { calls } = renderPage([order, paid]);
    expect(await screen.findByRole('heading', { name: 'You have 2 Orders' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/orders')?.url.searchParams.get('email')).toBe('buyer@shop.test');
    const [unpaidRow, paidRow] = exactly(within(table()).getAllByRole('row').slice(1), 2);
    expect(within(unpaidRow).getByRole('link', { name: 'Pay for MacBook Air M1' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${order._id}`,
    );
    expect(within(unpaidRow).getByText('Gulshan 1')).toBeInTheDocument();
    expect(within(unpaidRow).getByText('$1,234.00')).toBeInTheDocument();
    // Paying now is explained where Pay is: the money is held until the hand-off.
    expect(within(unpaidRow).getByText(/^Pay now: the money is held, not sent to the seller/)).toBeInTheDocument();
    expect(within(paidRow).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(paidRow).getByText('Paid, held')).toBeInTheDocument();
    expect(within(paidRow).getByText(/^Held until you meet: check the item, then show your code/)).toBeInTheDocument();
    expect(within(paidRow).getByText('pi_sim_paid')).toBeInTheDocument();
    expect(within(paidRow).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("shows 'no orders yet' with a way to browse", async () => {
    renderPage([]);
    expect(await screen.findByText('no orders yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You have 0 Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
  });

  it('deletes an unpaid order after confirmation', async () => {
    const { callsTo } = renderPage([order], {
      [`DELETE /api/orders/${order._id}`]: { body: { acknowledged: true, deletedCount: 1 } },
    });
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
    const [unpaidCard, paidCard] = exactly(within(list).getAllByRole('listitem'), 2);
    expect(within(unpaidCard).getByRole('link', { name: 'Pay for MacBook Air M1' })).toBeInTheDocument();
    expect(within(paidCard).getByText('Paid, held')).toBeInTheDocument();
    // While held, Show code opens the QR code and the 6-digit code for the seller (not drawn in the card).
    expect(within(paidCard).queryByTestId('handoff-code')).not.toBeInTheDocument();
    await userEvent.click(await within(paidCard).findByRole('button', { name: 'Show code for Pixel 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your hand-off code' });
    expect(within(dialog).getByText('Hand-off code: 0 4 2 9 1 7')).toBeInTheDocument();
    expect(within(dialog).getByTestId('handoff-code')).toHaveTextContent('042917');
    expect(within(dialog).getByRole('img', { name: 'QR code for the seller to scan' })).toBeInTheDocument();
  });

  it('the open code and a half-written decline stay open when the window crosses from table to cards', async () => {
    // A window whose width can change: the listeners the page adds are called as the browser would.
    let wide = true;
    const listeners = new Set<() => void>();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return wide;
          },
          media: query,
          addEventListener: (_: string, fn: () => void) => listeners.add(fn),
          removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
        }) as unknown as MediaQueryList,
    );
    renderPage([paid]);
    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Show code for Pixel 7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Not as described? Decline' }));
    await userEvent.type(screen.getByLabelText('What is not as described?'), 'The screen');
    wide = false;
    act(() => {
      for (const fn of listeners) fn();
    });
    expect(await screen.findByRole('list', { name: 'Your orders' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Your hand-off code' });
    expect(within(dialog).getByTestId('handoff-code')).toHaveTextContent('042917');
    expect(within(dialog).getByLabelText('What is not as described?')).toHaveValue('The screen');
  });

  it('the buyer declines at the meeting with a reason; the hold is released', async () => {
    const { callsTo } = renderPage([paid], {
      [`POST /api/orders/${paid._id}/decline`]: {
        body: { ...heldHandoff, status: 'declined', code: null, qr: null, canDecline: false },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show code for Pixel 7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Not as described? Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline and release my money' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please say what is wrong.');
    await userEvent.type(screen.getByLabelText('What is not as described?'), 'The battery is swollen');
    await userEvent.click(screen.getByRole('button', { name: 'Decline and release my money' }));
    expect(await screen.findByText('Declined: your hold is released.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/orders/${paid._id}/decline`)[0]?.body).toEqual({ text: 'The battery is swollen', photos: [] });
  });

  describe('payment records', () => {
    const paidWithCard = {
      ...paid,
      paidAt: '2025-11-05T12:00:00.000Z',
      payment: {
        provider: 'stripe',
        transactionId: 'pi_sim_paid',
        amount: 1234,
        status: 'succeeded' as const,
        last4: '4242',
        brand: 'visa',
        createdAt: '2025-11-05T12:00:00.000Z',
        refundedAt: null,
      },
    };
    const refunded = {
      ...order,
      _id: '44444444-4444-4444-8444-444444444444',
      productName: 'iPad Air',
      status: 'refunded' as const,
      payment: {
        provider: 'stripe',
        transactionId: 'pi_lost',
        amount: 1234,
        status: 'refunded' as const,
        last4: '0005',
        brand: 'mastercard',
        createdAt: '2025-11-06T12:00:00.000Z',
        refundedAt: '2025-11-07T12:00:00.000Z',
      },
    };
    const refundPending = {
      ...refunded,
      _id: '55555555-5555-4555-8555-555555555555',
      productName: 'Galaxy Watch',
      payment: { ...refunded.payment, transactionId: 'pi_pending', status: 'refund_pending' as const, refundedAt: null },
    };

    function expectDetails(paidRow: HTMLElement, refundedRow: HTMLElement, pendingRow: HTMLElement) {
      expect(within(paidRow).getByText('Paid, held')).toBeInTheDocument();
      expect(within(paidRow).getByText('Paid on 5 Nov 2025')).toBeInTheDocument();
      expect(within(paidRow).getByText(/Visa/)).toHaveTextContent('Visa •••• ending in 4242');
      expect(within(paidRow).getByText('pi_sim_paid')).toBeInTheDocument();

      expect(within(refundedRow).getByText('Refunded')).toBeInTheDocument();
      expect(within(refundedRow).getByText('Refunded on 7 Nov 2025')).toBeInTheDocument();
      expect(within(refundedRow).getByText('Paid on 6 Nov 2025')).toBeInTheDocument();
      expect(within(refundedRow).getByText(/Mastercard/)).toHaveTextContent('Mastercard •••• ending in 0005');
      expect(within(refundedRow).getByText('pi_lost')).toBeInTheDocument();
      // A refunded order is a record of money: no Pay, no Delete.
      expect(within(refundedRow).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
      expect(within(refundedRow).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

      expect(within(pendingRow).getByText('Refund pending')).toBeInTheDocument();
      expect(within(pendingRow).getByText('Your refund is on its way.')).toBeInTheDocument();
      expect(within(pendingRow).getByText('pi_pending')).toBeInTheDocument();
      expect(within(pendingRow).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    }

    it('shows the paid date, card and transaction id, and Refunded / Refund pending, in the table', async () => {
      renderPage([paidWithCard, refunded, refundPending]);
      await screen.findByRole('heading', { name: 'You have 3 Orders' });
      expectDetails(...exactly(within(table()).getAllByRole('row').slice(1), 3));
    });

    it('shows the same on the phone cards', async () => {
      screenWidth(false);
      renderPage([paidWithCard, refunded, refundPending]);
      const cards = within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
      expectDetails(...exactly(cards, 3));
    });
  });
});
