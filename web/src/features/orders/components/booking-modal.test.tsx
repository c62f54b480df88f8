import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { product } from '@/test/fixtures';
import { buyer, renderWithApp } from '@/test/render';
import { BookingModal } from './booking-modal';

const buyerYes = {};

describe('BookingModal', () => {
  it('shows price and email read-only and the name prefilled from the session', async () => {
    mockFetch(buyerYes);
    renderWithApp(<BookingModal product={product} user={buyer} onClose={vi.fn()} />, { user: buyer });
    expect(await screen.findByRole('dialog', { name: 'Book MacBook Air M1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveValue('$1,234.00');
    expect(screen.getByLabelText('Price')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('buyer@shop.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Name')).toHaveValue('Bea Buyer');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(screen.getByLabelText('Meeting location')).toHaveValue('');
  });

  it('places the order, toasts "Order Placed Successfully!" and closes', async () => {
    const { callTo } = mockFetch({
      ...buyerYes,
      'POST /api/orders': { status: 201, body: { acknowledged: true, insertedId: 'o1' } },
    });
    const onClose = vi.fn();
    renderWithApp(<BookingModal product={product} user={buyer} onClose={onClose} />, { user: buyer });
    await userEvent.type(await screen.findByLabelText('Phone'), '+8801811111111');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Banani');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callTo('POST', '/api/orders').body).toEqual({
      productId: product._id,
      buyerName: 'Bea Buyer',
      phone: '+8801811111111',
      meettingLocation: 'Banani',
    });
    expect(await screen.findByText(MESSAGES.orderPlaced)).toBeInTheDocument();
  });

  it('asks for phone and meeting location before calling the server', async () => {
    const { callsTo } = mockFetch(buyerYes);
    renderWithApp(<BookingModal product={product} user={buyer} onClose={vi.fn()} />, { user: buyer });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Meeting location is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/orders')).toHaveLength(0);
  });

  it('refuses invisible characters in what the seller will read, with the same rule as the server', async () => {
    const { callsTo } = mockFetch(buyerYes);
    renderWithApp(<BookingModal product={product} user={buyer} onClose={vi.fn()} />, { user: buyer });
    await userEvent.type(await screen.findByLabelText('Phone'), '01811111111');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Gulshan\u202E1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Meeting location must not contain invisible or control characters (U+202E)'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/orders')).toHaveLength(0);
  });

  it('shows the server refusal in the modal and keeps it open', async () => {
    mockFetch({
      ...buyerYes,
      'POST /api/orders': { status: 409, body: { error: 'already_booked', message: 'You have already booked this item.' } },
    });
    const onClose = vi.fn();
    renderWithApp(<BookingModal product={product} user={buyer} onClose={onClose} />, { user: buyer });
    await userEvent.type(await screen.findByLabelText('Phone'), '01811111111');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Banani');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You have already booked this item.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Phone')).toHaveValue('01811111111');
  });

  it.each([
    [403, 'email_not_verified', 'Please verify your email address to book an item: open the link we mailed to buyer@shop.test.'],
    [
      429,
      'too_many_open_bookings',
      'You have 3 bookings waiting for payment, the most you can hold at once. Pay for one or delete one in My Orders, then book again.',
    ],
    [429, 'rate_limited', 'You booked 10 items in the last 24 hours, the most we take in a day. Try again in 5 hours.'],
  ])('shows the server’s %i %s message in the modal, not a generic one', async (status, error, message) => {
    mockFetch({ ...buyerYes, 'POST /api/orders': { status, body: { error, message } } });
    const onClose = vi.fn();
    renderWithApp(<BookingModal product={product} user={buyer} onClose={onClose} />, { user: buyer });
    await userEvent.type(await screen.findByLabelText('Phone'), '01811111111');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Banani');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
  });

  // Every account but an admin's buys (issue 26): a seller books too, so the refused account is an admin.
  it('disables Submit for an admin account', async () => {
    mockFetch({});
    const admin = { ...buyer, role: 'admin' };
    renderWithApp(<BookingModal product={product} user={admin} onClose={vi.fn()} />, { user: admin });
    expect(await screen.findByText(/Admin accounts do not book items/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('closes on Escape (the dialog cancel event) and on the close button', async () => {
    mockFetch({});
    const onClose = vi.fn();
    renderWithApp(<BookingModal product={product} user={buyer} onClose={onClose} />, { user: buyer });
    const dialog = await screen.findByRole('dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
