import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntent } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/create-payment-intent {orderId}: the amount comes from the order on the server. */
export function createPaymentIntent(orderId: string) {
  return api<PaymentIntent>('/create-payment-intent', { method: 'POST', body: { orderId }, idempotent: true });
}

/**
 * Held as a query so the page creates one intent per order (not one per render or remount),
 * reuses it for the cache's lifetime, and shows loading and error states like any read.
 */
export const paymentIntentQueryOptions = (orderId: string, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.payments.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    enabled: enabled && !!orderId,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePaymentIntent(orderId: string | undefined, enabled: boolean) {
  return useQuery(paymentIntentQueryOptions(orderId ?? '', enabled));
}
