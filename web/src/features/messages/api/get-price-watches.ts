import { useQuery } from '@tanstack/react-query';
import type { PriceWatch } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/price-watches: the listings followed for a price drop. */
export function getPriceWatches(signal?: AbortSignal) {
  return api<PriceWatch[]>('/price-watches', { signal });
}

export function usePriceWatches(enabled = true) {
  return useQuery({ queryKey: queryKeys.talk.priceWatches, queryFn: ({ signal }) => getPriceWatches(signal), enabled });
}
