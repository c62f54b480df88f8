import { api } from '@/lib/api';

export interface SimulatedCard {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ConfirmedPaymentIntent {
  id: string;
  status: string;
  amount: number;
  last4: string;
  brand: string;
}

/**
 * POST /api/payments/simulated/confirm: the test-mode provider's stand-in for Stripe.js
 * confirmCardPayment. A declined card is a 402 whose message is the provider's (thrown as ApiError).
 */
export async function confirmSimulatedPayment(card: SimulatedCard): Promise<ConfirmedPaymentIntent> {
  const data = await api<{ paymentIntent?: ConfirmedPaymentIntent; error?: { code: string; message: string } }>(
    '/payments/simulated/confirm',
    { method: 'POST', body: card, idempotent: true },
  );
  if (data?.error) throw new Error(data.error.message);
  // Held (requires_capture) until the hand-off, or captured already: either way the card went through.
  const status = data?.paymentIntent?.status;
  if (!data?.paymentIntent || (status !== 'requires_capture' && status !== 'succeeded')) {
    throw new Error('The payment did not go through. Please try again.');
  }
  return data.paymentIntent;
}
