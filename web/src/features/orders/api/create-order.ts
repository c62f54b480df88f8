import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderInput } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/orders. Price, seller, product name and image come from the product on the server. */
export function createOrder(input: OrderInput) {
  return api<{ acknowledged: boolean; insertedId: string }>('/orders', { method: 'POST', body: input, idempotent: true });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
