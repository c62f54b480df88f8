import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/offers?role=: the offers made (buyer) or received (seller), newest first. */
export function useOffers(role: 'buyer' | 'seller', enabled = true) {
  return useQuery({
    queryKey: queryKeys.offers.list(role),
    queryFn: ({ signal }) => api<Offer[]>('/offers', { query: { role }, signal }),
    enabled,
  });
}

type Answer =
  | { id: string; action: 'accept' }
  | { id: string; action: 'decline' }
  | { id: string; action: 'counter'; amount: number };

/** POST /api/offers/{id}/accept|decline|counter; an accepted offer answers its booking (orderId) and price. */
export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: Answer) =>
      api<{ acknowledged: boolean; orderId?: string; price?: number; status?: string }>(
        `/offers/${encodeURIComponent(a.id)}/${a.action}`,
        { method: 'POST', body: a.action === 'counter' ? { amount: a.amount } : undefined },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}
