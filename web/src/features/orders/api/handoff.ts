import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Handoff, OrderCaseInput } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/orders/:id/handoff: the meeting as the buyer sees it (the code and QR text while the money is held). */
export function useHandoff(orderId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.orders.handoff(orderId),
    queryFn: ({ signal }) => api<Handoff>(`/orders/${orderId}/handoff`, { signal }),
    enabled,
  });
}

/** POST /api/orders/:id/decline or /dispute: the buyer's case, with what they say. */
export function useOrderCase(orderId: string, kind: 'decline' | 'dispute') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCaseInput) => api<Handoff>(`/orders/${orderId}/${kind}`, { method: 'POST', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.orders.handoff(orderId), data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
