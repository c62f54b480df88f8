import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** PUT (follow) or DELETE (stop following) /api/price-watches/{productId}. */
export function setPriceWatch({ productId, watching }: { productId: string; watching: boolean }) {
  return api<{ acknowledged: boolean }>(`/price-watches/${encodeURIComponent(productId)}`, {
    method: watching ? 'PUT' : 'DELETE',
  });
}

export function useSetPriceWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPriceWatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.talk.priceWatches }),
  });
}
