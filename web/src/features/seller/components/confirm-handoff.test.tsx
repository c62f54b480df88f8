import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ConfirmHandoff } from './confirm-handoff';

const seller = { id: 'u-s', name: 'Sally', email: 'seller@shop.test', role: 'seller' as const, verified: true };
const orderId = '66666666-6666-4666-8666-666666666666';
const path = `/api/orders/${orderId}/handoff/confirm`;

async function open() {
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm hand-off' }));
  return screen.findByRole('dialog', { name: 'Confirm the hand-off to Bo Booker' });
}

describe('ConfirmHandoff', () => {
  afterEach(() => {
    delete (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
  });

  it('without BarcodeDetector offers typing only, checks the 6 digits, and shows the server’s wrong-code answer', async () => {
    const { callsTo } = mockFetch({
      [`POST ${path}`]: ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { status: 'completed' } }
          : {
              status: 400,
              body: {
                error: 'wrong_code',
                field: 'code',
                message: "code is not this order's code: 4 tries left before the hand-off locks for an hour.",
              },
            },
    });
    renderWithApp(<ConfirmHandoff orderId={orderId} buyerName="Bo Booker" />, { user: seller });
    const dialog = await open();
    expect(dialog).toHaveTextContent('This browser cannot scan QR codes here: type the code instead.');
    expect(screen.queryByRole('button', { name: "Scan the buyer's QR code" })).not.toBeInTheDocument();
    const field = screen.getByLabelText("Buyer's 6-digit code");
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveFocus();

    await userEvent.type(field, '12');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type the 6 digits the buyer shows you.');
    expect(callsTo('POST', path)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '000000{Enter}');
    expect(await screen.findByText(/4 tries left/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, '123456{Enter}');
    expect(await screen.findByText('Handed over to Bo Booker: the payment is yours.')).toBeInTheDocument();
    expect(callsTo('POST', path).map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('offers the camera where the browser has BarcodeDetector', async () => {
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
      async detect() {
        return [];
      }
    };
    mockFetch({});
    renderWithApp(<ConfirmHandoff orderId={orderId} buyerName="Bo Booker" />, { user: seller });
    await open();
    expect(screen.getByRole('button', { name: "Scan the buyer's QR code" })).toBeInTheDocument();
  });
});
