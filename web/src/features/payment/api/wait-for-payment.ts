import type { Order } from '@shop/contract';
import { getOrder } from './get-order';

/** How long the page waits for the server to learn of a payment (the provider's webhook) by itself. */
export const paymentPolling = { intervalMs: 2000, timeoutMs: 30_000 };

export type PaymentSettlement = { kind: 'paid'; transactionId: string } | { kind: 'lost'; message: string } | { kind: 'timeout' };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** What an order says about one transaction: settled one way or the other, or not yet. */
export function settlementOf(order: Order, transactionId: string): PaymentSettlement | null {
  const payment = order.payment;
  const refundNote = (status: string | undefined) =>
    status === 'refunded'
      ? 'Your payment has been refunded in full.'
      : 'Your payment will be refunded in full: the refund is on its way and needs nothing from you.';
  if (payment && payment.transactionId === transactionId) {
    if (payment.status === 'succeeded') return { kind: 'paid', transactionId };
    return order.status === 'paid'
      ? { kind: 'lost', message: `This order was already paid with another payment. ${refundNote(payment.status)}` }
      : { kind: 'lost', message: `Sorry, someone else bought this item a moment before you. ${refundNote(payment.status)}` };
  }
  if (order.status === 'paid' && order.transactionId === transactionId) return { kind: 'paid', transactionId };
  if (order.status === 'paid')
    return { kind: 'lost', message: `This order was already paid with another payment. ${refundNote(undefined)}` };
  if (order.status === 'refunded')
    return { kind: 'lost', message: `Sorry, someone else bought this item a moment before you. ${refundNote(payment?.status)}` };
  return null;
}

/**
 * After the provider confirmed a payment but POST /payments got no answer (connection lost, server
 * or provider down): ask GET /order/{id} until the server has recorded it (Stripe's webhook does
 * that without us), for a short while. Failed reads are skipped; the caller aborts on unmount.
 */
export async function waitForPayment(orderId: string, transactionId: string, signal: AbortSignal): Promise<PaymentSettlement> {
  const deadline = Date.now() + paymentPolling.timeoutMs;
  while (Date.now() < deadline) {
    await sleep(paymentPolling.intervalMs, signal);
    try {
      const settled = settlementOf(await getOrder(orderId, signal), transactionId);
      if (settled) return settled;
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  return { kind: 'timeout' };
}
