import { lazy } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BookingModalContext, type BookingModalProps } from '@/hooks/use-booking-modal';
import { buyer, renderWithApp } from '@/test/render';
import { product } from '@/test/fixtures';
import { useBuyNow } from './use-buy-now';

function BuyNow() {
  const { onBuy, modal } = useBuyNow();
  return (
    <>
      <button type="button" onClick={() => onBuy(product)}>
        Buy now
      </button>
      {modal}
    </>
  );
}

describe('useBuyNow', () => {
  it("opens the booking dialog at once, with a spinner until the form's code has arrived", async () => {
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    // The booking form as a chunk that arrives when the test says so.
    const SlowBookingModal = lazy(async () => {
      await arrived;
      return { default: ({ product: p }: BookingModalProps) => <p>The form for {p?.name}</p> };
    });
    renderWithApp(
      <BookingModalContext value={SlowBookingModal}>
        <BuyNow />
      </BookingModalContext>,
      { user: buyer },
    );

    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: `Book ${product.name}` });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the booking form…');
    expect(screen.queryByText(`The form for ${product.name}`)).not.toBeInTheDocument();

    await act(async () => arrive());
    expect(await screen.findByText(`The form for ${product.name}`)).toBeInTheDocument();
    expect(screen.queryByText('Loading the booking form…')).not.toBeInTheDocument();
  });
});
