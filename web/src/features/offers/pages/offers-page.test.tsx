import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Offer } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { OffersPage } from './offers-page';

const offer = (o: Partial<Offer>): Offer => ({
  _id: '11111111-1111-4111-8111-111111111111',
  productId: '22222222-2222-4222-8222-222222222222',
  productName: 'Pixel 8',
  img: '/images/fallback.svg',
  listPrice: 500,
  amount: 380,
  counter: null,
  status: 'open',
  role: 'buyer',
  otherName: 'Sally',
  orderId: null,
  expiresAt: new Date(Date.now() + 46.5 * 3_600_000).toISOString(),
  createdAt: '2026-11-27T05:00:00.000Z',
  updatedAt: '2026-11-27T05:00:00.000Z',
  ...o,
});
const seller = { ...buyer, id: 'u-seller', role: 'seller' as const };

describe('OffersPage', () => {
  it('a buyer accepts a counter, then pays the agreed price', async () => {
    let accepted = false;
    const { callTo } = mockFetch({
      'GET /api/offers': () => ({
        body: [
          accepted
            ? offer({ status: 'accepted', counter: 450, orderId: '33333333-3333-4333-8333-333333333333' })
            : offer({ status: 'countered', counter: 450 }),
        ],
      }),
      [`POST /api/offers/${offer({})._id}/accept`]: () => {
        accepted = true;
        return { body: { acknowledged: true, orderId: '33333333-3333-4333-8333-333333333333', price: 450 } };
      },
    });
    renderWithApp(<OffersPage />, { user: buyer });
    const card = await screen.findByRole('article', { name: 'Pixel 8' });
    expect(within(card).getByText('Countered')).toBeInTheDocument();
    expect(within(card).getByText('Answer needed in 46 hours.', { exact: false })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept $450.00' }));
    expect(callTo('POST', `/api/offers/${offer({})._id}/accept`).method).toBe('POST');
    expect(await within(card).findByRole('link', { name: 'Pay $450.00' })).toHaveAttribute(
      'href',
      '/dashboard/payment/33333333-3333-4333-8333-333333333333',
    );
  });

  it('a seller counters: below the offer is refused in the form, a good price is sent', async () => {
    const { callsTo } = mockFetch({
      'GET /api/offers': { body: [offer({ role: 'seller', otherName: 'Hal' })] },
      [`POST /api/offers/${offer({})._id}/counter`]: { body: { acknowledged: true, status: 'countered' } },
    });
    // The bell's link for a seller opens the Received tab.
    renderWithApp(<OffersPage />, { user: seller, initialEntries: ['/?tab=received'] });
    expect(await screen.findByRole('tab', { name: 'Received', selected: true })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Pixel 8' });
    await userEvent.click(within(card).getByRole('button', { name: 'Counter' }));
    const price = within(card).getByLabelText('Your price ($)');
    await userEvent.type(price, '300');
    await userEvent.click(within(card).getByRole('button', { name: 'Send counter' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Counter with more than the offer ($380.00).');
    expect(callsTo('POST', `/api/offers/${offer({})._id}/counter`)).toHaveLength(0);
    await userEvent.clear(price);
    await userEvent.type(price, '450');
    await userEvent.click(within(card).getByRole('button', { name: 'Send counter' }));
    await waitFor(() => expect(callsTo('POST', `/api/offers/${offer({})._id}/counter`)[0]?.body).toEqual({ amount: 450 }));
  });
});
