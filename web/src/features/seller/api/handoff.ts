import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Handoff } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/orders/:id/handoff/confirm: the seller confirms the meeting with the buyer's code; the money is captured. */
export function useConfirmHandoff(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<Handoff>(`/orders/${orderId}/handoff/confirm`, { method: 'POST', body: { code } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
