import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface PaymentRecordInput {
  OrderId: string;
  transactionId: string;
  price: number;
  email: string;
}

/** POST /api/payments: the server checks the transaction with the provider before it records it. */
export function recordPayment(input: PaymentRecordInput) {
  return api<{ acknowledged: boolean; insertedId: string }>('/payments', { method: 'POST', body: input, idempotent: true });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.advertisements }),
        queryClient.removeQueries({ queryKey: queryKeys.payments.intent(input.OrderId) }),
      ]),
  });
}
