import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shop/contract';
import { mockFetch, pending, type MockResponse } from '@/test/fetch-mock';
import { order } from '@/test/fixtures';
import { buyer, renderWithApp } from '@/test/render';
import { PaymentPage } from './payment-page';

const intent = {
  clientSecret: 'pi_sim_1_secret_abc',
  paymentIntentId: 'pi_sim_1',
  amount: 1234,
  currency: 'usd',
  provider: 'simulated',
  publishableKey: null,
};

function renderPage(routes: Record<string, MockResponse | (() => Promise<MockResponse>)>) {
  const mock = mockFetch({ [`GET /api/order/${order._id}`]: { body: order }, ...routes });
  renderWithApp(null, {
    user: buyer,
    routes: [{ path: '/dashboard/payment/:id', element: <PaymentPage /> }],
    initialEntries: [`/dashboard/payment/${order._id}`],
  });
  return mock;
}

async function typeCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

describe('PaymentPage', () => {
  // The card form is a lazy chunk; import it once up front so the first test does not race its transform.
  beforeAll(() => import('../components/simulated-card-form'));
  it('shows the product, the amount and the test cards; Pay waits for the client secret', async () => {
    renderPage({ 'POST /api/create-payment-intent': () => pending() });
    expect(await screen.findByRole('heading', { name: 'Payment for MacBook Air M1' })).toBeInTheDocument();
    // The amount under "Please pay" (the Pay button repeats it once the card form has loaded).
    expect(screen.getByText('Please pay').nextElementSibling).toHaveTextContent('$1,234.00');
    expect(await screen.findByText(/Test mode/)).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pay/ })).toBeDisabled();
  });

  it('shows the card provider message under the form when the card is declined', async () => {
    const { callsTo, callTo } = renderPage({
      'POST /api/create-payment-intent': { body: intent },
      'POST /api/payments/simulated/confirm': {
        status: 402,
        body: { error: 'card_declined', message: 'Your card was declined.' },
      },
    });
    await typeCard('4000000000000002');
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(callTo('POST', '/api/payments/simulated/confirm').body).toEqual({
      clientSecret: intent.clientSecret,
      cardNumber: '4000000000000002',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(callsTo('POST', '/api/payments')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Pay/ })).toBeEnabled();
  });

  it('confirms, records the payment and shows the transaction id', async () => {
    const { callTo } = renderPage({
      'POST /api/create-payment-intent': { body: intent },
      'POST /api/payments/simulated/confirm': {
        body: { paymentIntent: { id: 'pi_sim_1', status: 'succeeded', amount: 1234, last4: '4242', brand: 'visa' } },
      },
      'POST /api/payments': { status: 201, body: { acknowledged: true, insertedId: 'pay1' } },
    });
    await typeCard('4242 4242 4242 4242');
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText(MESSAGES.paymentComplete)).toBeInTheDocument();
    expect(screen.getByText('pi_sim_1')).toBeInTheDocument();
    expect(callTo('POST', '/api/create-payment-intent').body).toEqual({ orderId: order._id });
    expect(callTo('POST', '/api/payments').body).toEqual({
      OrderId: order._id,
      transactionId: 'pi_sim_1',
      price: 1234,
      email: 'buyer@shop.test',
    });
  });

  it('shows why when the item was sold to someone else first', async () => {
    renderPage({
      'POST /api/create-payment-intent': { body: intent },
      'POST /api/payments/simulated/confirm': {
        body: { paymentIntent: { id: 'pi_sim_1', status: 'succeeded', amount: 1234, last4: '4242', brand: 'visa' } },
      },
      'POST /api/payments': {
        status: 409,
        body: { error: 'sold', message: 'Someone else bought this item first. Your payment was refunded.' },
      },
    });
    await typeCard('4242424242424242');
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('Someone else bought this item first. Your payment was refunded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse other products' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(MESSAGES.paymentComplete)).not.toBeInTheDocument();
  });

  it('checks the card fields before asking the provider', async () => {
    const { callsTo } = renderPage({ 'POST /api/create-payment-intent': { body: intent } });
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('Card number is required')).toBeInTheDocument();
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument();
    expect(screen.getByText('CVC is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/payments/simulated/confirm')).toHaveLength(0);
  });

  it('does not offer to pay an order that is already paid', async () => {
    const { callsTo } = mockFetch({
      [`GET /api/order/${order._id}`]: { body: { ...order, paid: true, status: 'paid', transactionId: 'pi_old' } },
    });
    renderWithApp(null, {
      user: buyer,
      routes: [{ path: '/dashboard/payment/:id', element: <PaymentPage /> }],
      initialEntries: [`/dashboard/payment/${order._id}`],
    });
    expect(await screen.findByText('This order is already paid.')).toBeInTheDocument();
    expect(screen.getByText('pi_old')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });

  it('says the provider is unavailable (502) and tries again on request', async () => {
    let calls = 0;
    renderPage({
      'POST /api/create-payment-intent': async () => {
        calls += 1;
        return calls === 1
          ? {
              status: 502,
              body: {
                error: 'payment_provider_unavailable',
                message: 'The payment provider could not be reached. Please try again in a minute.',
              },
            }
          : { body: intent };
      },
    });
    expect(await screen.findByText('The payment provider is not available right now')).toBeInTheDocument();
    expect(screen.getByText('The payment provider could not be reached. Please try again in a minute.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay/ })).toBeEnabled());
  });

  it('shows why an order cannot be paid (409 on starting the payment), with a way back to browsing', async () => {
    renderPage({
      'POST /api/create-payment-intent': {
        status: 409,
        body: { error: 'item_sold', message: 'Sorry, this item has already been sold.' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order cannot be paid');
    expect(alert).toHaveTextContent('Sorry, this item has already been sold.');
    expect(within(alert).getByRole('link', { name: 'Browse other products' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('tells the buyer a refunded order cannot be paid, without starting a payment', async () => {
    const refunded = {
      ...order,
      status: 'refunded' as const,
      payment: {
        provider: 'simulated',
        transactionId: 'pi_sim_lost',
        amount: 1234,
        status: 'refunded' as const,
        last4: '4242',
        brand: 'visa',
        createdAt: order.createdAt,
        refundedAt: order.createdAt,
      },
    };
    const { callsTo } = mockFetch({ [`GET /api/order/${order._id}`]: { body: refunded } });
    renderWithApp(null, {
      user: buyer,
      routes: [{ path: '/dashboard/payment/:id', element: <PaymentPage /> }],
      initialEntries: [`/dashboard/payment/${order._id}`],
    });
    expect(await screen.findByText('The item sold to someone else, so your payment was refunded in full.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse other products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });
});
