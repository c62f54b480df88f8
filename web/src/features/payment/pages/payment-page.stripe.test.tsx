import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { MESSAGES, type Order } from '@shop/contract';
import { exactly } from '@/test/exactly';
import { mockFetch, type MockResponse } from '@/test/fetch-mock';
import { order } from '@/test/fixtures';
import { buyer, renderWithApp } from '@/test/render';
import { paymentPolling } from '../api/wait-for-payment';
import { idempotentRetry } from '@/lib/api';
import { StripeLoaderContext } from '../components/stripe-loader';
import { cardError, fakeStripe, type FakeStripeOptions } from '../test/fake-stripe';
import { PaymentPage } from './payment-page';

const intent = {
  clientSecret: 'pi_3Stripe123_secret_abc',
  paymentIntentId: 'pi_3Stripe123',
  amount: 1234,
  currency: 'usd',
  provider: 'stripe',
  publishableKey: 'pk_live_shop',
};

type Route = MockResponse | ((request: { body: unknown }) => MockResponse | Promise<MockResponse>);

function renderPage(routes: Record<string, Route>, stripeOptions: FakeStripeOptions = {}) {
  const fake = fakeStripe(stripeOptions);
  const mock = mockFetch({
    [`GET /api/order/${order._id}`]: { body: order },
    'POST /api/create-payment-intent': { body: intent },
    ...routes,
  });
  renderWithApp(null, {
    user: buyer,
    routes: [
      {
        path: '/dashboard/payment/:id',
        element: (
          <StripeLoaderContext.Provider value={fake.loader}>
            <PaymentPage />
          </StripeLoaderContext.Provider>
        ),
      },
    ],
    initialEntries: [`/dashboard/payment/${order._id}`],
  });
  return { ...mock, fake };
}

const payButton = () => screen.getByRole('button', { name: /Pay/ });

async function pay() {
  await screen.findByLabelText('Stripe card details');
  await waitFor(() => expect(payButton()).toBeEnabled());
  await userEvent.click(payButton());
}

const paidOrder = (transactionId: string): Order => ({
  ...order,
  paid: true,
  status: 'paid',
  transactionId,
  paidAt: '2025-11-05T10:00:00.000Z',
  payment: {
    provider: 'stripe',
    transactionId,
    amount: 1234,
    status: 'succeeded',
    last4: '4242',
    brand: 'visa',
    createdAt: '2025-11-05T10:00:00.000Z',
    refundedAt: null,
  },
});

describe('PaymentPage with Stripe', () => {
  // The form is a lazy chunk; import it once up front so the first test does not race its transform.
  beforeAll(() => import('../components/stripe-card-form'));
  const saved = { ...paymentPolling };
  const savedRetry = { ...idempotentRetry };
  beforeEach(() => {
    Object.assign(paymentPolling, { intervalMs: 5, timeoutMs: 1000 });
    Object.assign(idempotentRetry, { maxWaitMs: 5 });
  });
  afterEach(() => {
    Object.assign(paymentPolling, saved);
    Object.assign(idempotentRetry, savedRetry);
  });

  it('loads Stripe with the publishable key, mounts the PaymentElement with the client secret, confirms, then records', async () => {
    const { fake, callTo } = renderPage({
      'POST /api/payments': { status: 201, body: { acknowledged: true, insertedId: 'pay1' } },
    });
    expect(await screen.findByRole('heading', { name: 'Payment for MacBook Air M1' })).toBeInTheDocument();
    await pay();

    expect(await screen.findByText(MESSAGES.paymentComplete)).toBeInTheDocument();
    expect(screen.getByText('pi_3Stripe123')).toBeInTheDocument();
    expect(fake.calls.loadStripe).toEqual(['pk_live_shop']);
    expect(fake.calls.elements[0]).toMatchObject({ clientSecret: intent.clientSecret });
    expect(fake.calls.created).toEqual(['payment']);
    const [confirmed] = exactly(fake.calls.confirmPayment, 1);
    expect(confirmed.redirect).toBe('if_required');
    expect(confirmed.elements).toBe(fake.elements);
    expect(callTo('POST', '/api/payments').body).toEqual({
      OrderId: order._id,
      transactionId: 'pi_3Stripe123',
      price: 1234,
      email: 'buyer@shop.test',
    });
    // Live keys: no test-mode notice.
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });

  it('keeps Pay disabled until the client secret and Stripe are ready', async () => {
    let answer: (r: MockResponse) => void = () => {};
    const { fake } = renderPage({
      'POST /api/create-payment-intent': () => new Promise<MockResponse>((resolve) => (answer = resolve)),
    });
    await screen.findByText('Preparing a secure payment…');
    expect(payButton()).toBeDisabled();
    expect(fake.calls.loadStripe).toHaveLength(0);
    answer({ body: intent });
    await screen.findByLabelText('Stripe card details');
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it("shows the card provider's message under the form and records nothing", async () => {
    const { callsTo } = renderPage({}, { confirm: async () => cardError('Your card has insufficient funds.') });
    await pay();
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(callsTo('POST', '/api/payments')).toHaveLength(0);
    expect(payButton()).toBeEnabled();
  });

  it('records an intent Stripe says has already succeeded (page reloaded before the shop recorded it)', async () => {
    const alreadyPaid = {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        payment_intent: { id: 'pi_3Stripe123', status: 'succeeded' },
      },
    } as unknown as PaymentIntentResult;
    const { callTo } = renderPage(
      { 'POST /api/payments': { status: 201, body: { acknowledged: true, insertedId: 'pay1' } } },
      { confirm: async () => alreadyPaid },
    );
    await pay();
    expect(await screen.findByText(MESSAGES.paymentComplete)).toBeInTheDocument();
    expect((callTo('POST', '/api/payments').body as { transactionId: string }).transactionId).toBe('pi_3Stripe123');
  });

  it('shows the test cards when the shop uses Stripe test keys', async () => {
    renderPage({ 'POST /api/create-payment-intent': { body: { ...intent, publishableKey: 'pk_test_shop' } } });
    expect(await screen.findByText(/Test mode/)).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
  });

  it("shows the server's 409 message plainly, with a way back to browsing", async () => {
    const message = 'Sorry, someone else bought this item a moment before you. Your payment has been refunded in full.';
    renderPage({ 'POST /api/payments': { status: 409, body: { error: 'item_sold', message } } });
    await pay();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Browse other products' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(MESSAGES.paymentComplete)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    // The form it replaced had focus: the message takes it.
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('when POST /payments is lost, waits for the webhook to mark the order paid, then shows success', async () => {
    let posted = false;
    let readsAfterPost = 0;
    const { callsTo } = renderPage({
      'POST /api/payments': () => {
        posted = true;
        throw new TypeError('Failed to fetch');
      },
      [`GET /api/order/${order._id}`]: () => {
        if (!posted) return { body: order };
        readsAfterPost += 1;
        // The webhook lands after a couple of reads.
        return { body: readsAfterPost < 3 ? order : paidOrder('pi_3Stripe123') };
      },
    });
    await pay();
    expect(await screen.findByText(MESSAGES.paymentComplete)).toBeInTheDocument();
    expect(screen.getByText('pi_3Stripe123')).toBeInTheDocument();
    // Sent again with its Idempotency-Key (lib/api.ts) three times, then left to the webhook.
    expect(callsTo('POST', '/api/payments')).toHaveLength(4);
    expect(readsAfterPost).toBeGreaterThanOrEqual(3);
  });

  it('when the webhook does not come in time, says the payment is not confirmed yet, and Check again records it', async () => {
    let attempts = 0;
    const { callsTo } = renderPage({
      'POST /api/payments': () => {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 502,
            body: { error: 'payment_provider_unavailable', message: 'The payment provider could not be reached.' },
          };
        return { status: 201, body: { acknowledged: true, insertedId: 'pay1' } };
      },
    });
    Object.assign(paymentPolling, { intervalMs: 5, timeoutMs: 50 });
    await pay();
    expect(await screen.findByText('Your payment is not confirmed yet')).toBeInTheDocument();
    expect(screen.getByText(/Please do not pay again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(MESSAGES.paymentComplete)).toBeInTheDocument();
    expect(callsTo('POST', '/api/payments').map((c) => (c.body as { transactionId: string }).transactionId)).toEqual([
      'pi_3Stripe123',
      'pi_3Stripe123',
    ]);
  });

  it('offers to try again when Stripe.js cannot be loaded', async () => {
    const options: FakeStripeOptions = { loadError: new Error('Failed to load Stripe.js') };
    const { fake } = renderPage({}, options);
    expect(await screen.findByText('Could not load the card form')).toBeInTheDocument();
    options.loadError = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByLabelText('Stripe card details');
    expect(fake.calls.loadStripe).toHaveLength(2);
  });
});
