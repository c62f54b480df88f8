import { describe, expect, it } from 'vitest';
import type { SellerBooking } from '@shop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { product } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ListingActions } from './listing-actions';
import { ProductBookings } from './product-bookings';

const seller = { id: 'u-s', name: 'Sally', email: 'seller@shop.test', role: 'seller' as const, verified: true };
const id = product._id;

/** A booking as GET /products/{id}/bookings answers it: unpaid, in Gulshan, unless `over` says otherwise. */
const booking = (over: Partial<SellerBooking>): SellerBooking => ({
  _id: 'b0',
  buyerId: 'u-b0',
  buyerName: 'Bo Booker',
  phone: '+880 1800 000000',
  meetingLocation: 'Gulshan 1',
  price: 1234,
  paid: false,
  status: 'unpaid',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('ListingActions', () => {
  it('marks an item sold only after the confirm dialog, and says how many bookings were cancelled', async () => {
    const { callsTo } = mockFetch({
      [`POST /api/products/${id}/mark-sold`]: { body: { acknowledged: true, status: 'sold', cancelledBookings: 2 } },
    });
    renderWithApp(<ListingActions product={product} />, { user: seller });
    await userEvent.click(await screen.findByRole('button', { name: `Mark ${product.name} sold` }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this item sold?' });
    expect(callsTo('POST', `/api/products/${id}/mark-sold`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST', `/api/products/${id}/mark-sold`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Mark ${product.name} sold` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Mark this item sold?' })).getByRole('button', { name: 'Mark sold' }),
    );
    expect(await screen.findByText(/2 open booking\(s\) cancelled/)).toBeInTheDocument();
    expect(callsTo('POST', `/api/products/${id}/mark-sold`)).toHaveLength(1);
  });

  it('offers Relist for an unlisted item, Unlist for a listed one, and nothing once sold', async () => {
    mockFetch({});
    const { unmount } = renderWithApp(<ListingActions product={{ ...product, status: 'unlisted' }} />, { user: seller });
    expect(await screen.findByRole('button', { name: `Relist ${product.name}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Edit ${product.name}` })).toHaveAttribute('href', `/dashboard/editproduct/${id}`);
    unmount();
    renderWithApp(<ListingActions product={{ ...product, status: 'sold' }} />, { user: seller });
    await waitFor(() => expect(screen.queryByRole('button', { name: `Unlist ${product.name}` })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: `Edit ${product.name}` })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    mockFetch({
      [`POST /api/products/${id}/unlist`]: {
        status: 409,
        body: { error: 'product_sold', message: 'This item is sold: it can no longer be changed.' },
      },
    });
    renderWithApp(<ListingActions product={product} />, { user: seller });
    await userEvent.click(await screen.findByRole('button', { name: `Unlist ${product.name}` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unlist this item?' })).getByRole('button', { name: 'Unlist' }),
    );
    expect(await screen.findByText('This item is sold: it can no longer be changed.')).toBeInTheDocument();
  });
});

describe('ProductBookings', () => {
  it('loads the bookings when opened and shows each with buyer, phone, place and payment', async () => {
    const { callsTo } = mockFetch({
      [`GET /api/products/${id}/bookings`]: {
        body: [
          booking({ _id: 'b2', buyerId: 'u-b2', buyerName: 'Bo Booker' }),
          booking({
            _id: 'b1',
            buyerId: 'u-b1',
            buyerName: 'Pat Payer',
            phone: '+880 1800 000001',
            meetingLocation: 'Banani',
            paid: true,
            status: 'paid',
            createdAt: '2026-11-19T10:00:00.000Z',
          }),
        ],
      },
    });
    renderWithApp(<ProductBookings productId={id} productName={product.name} />, { user: seller });
    const toggle = await screen.findByRole('button', { name: 'Bookings' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(callsTo('GET', `/api/products/${id}/bookings`)).toHaveLength(0);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: `Bookings of ${product.name}` });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Bo Booker');
    expect(first).toHaveTextContent('Waiting for payment');
    expect(within(first!).getByRole('link', { name: '+880 1800 000000' })).toHaveAttribute('href', 'tel:+8801800000000');
    expect(second).toHaveTextContent('Paid, held');
    expect(second).toHaveTextContent('Meet and confirm the hand-off code: the money is yours then.');
    expect(second).toHaveTextContent('Banani');
  });

  it('shows 20 bookings, then the next page from the Link header with Show more bookings', async () => {
    const numbered = (n: number) => booking({ _id: `b${n}`, buyerId: `u-${n}`, buyerName: `Buyer ${n}` });
    const { callsTo } = mockFetch({
      [`GET /api/products/${id}/bookings`]: ({ url }) =>
        url.searchParams.get('cursor') === 'next-1'
          ? { body: [numbered(21), numbered(22)] }
          : {
              body: Array.from({ length: 20 }, (_, i) => numbered(i + 1)),
              headers: { link: `</api/products/${id}/bookings?limit=20&cursor=next-1>; rel="next"` },
            },
    });
    renderWithApp(<ProductBookings productId={id} productName={product.name} />, { user: seller });
    await userEvent.click(await screen.findByRole('button', { name: 'Bookings' }));
    const list = await screen.findByRole('list', { name: `Bookings of ${product.name}` });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(callsTo('GET', `/api/products/${id}/bookings`)[0]?.url.searchParams.get('limit')).toBe('20');
    await userEvent.click(screen.getByRole('button', { name: 'Show more bookings' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22));
    expect(within(list).getAllByRole('listitem')[21]).toHaveTextContent('Buyer 22');
    // The last page has no next link: no more button.
    expect(screen.queryByRole('button', { name: 'Show more bookings' })).toBeNull();
  });

  it('says when there are none, and offers a retry when loading failed', async () => {
    mockFetch({ [`GET /api/products/${id}/bookings`]: { body: [] } });
    const { unmount } = renderWithApp(<ProductBookings productId={id} productName={product.name} />, { user: seller });
    await userEvent.click(await screen.findByRole('button', { name: 'Bookings' }));
    expect(await screen.findByText('No bookings yet.')).toBeInTheDocument();
    unmount();
    mockFetch({ [`GET /api/products/${id}/bookings`]: { status: 500, body: { error: 'internal', message: 'Boom' } } });
    renderWithApp(<ProductBookings productId="other" productName="Other" />, { user: seller });
    await userEvent.click(await screen.findByRole('button', { name: 'Bookings' }));
    expect(await screen.findByText('Could not load the bookings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
