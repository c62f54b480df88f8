import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Advertisement } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/advertise, cached under 'advertise' (docs/product.md#field-names-kept-as-spelled). */
export function getAdvertisements(signal?: AbortSignal) {
  return api<Advertisement[]>('/advertise', { signal });
}

export const advertisementsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.advertisements, queryFn: ({ signal }) => getAdvertisements(signal) });

/** Defaults to empty; a failure leaves it empty (docs/product.md#home-page). */
export function useAdvertisements() {
  const query = useQuery(advertisementsQueryOptions());
  return { ...query, advertisements: Array.isArray(query.data) ? query.data : [] };
}
