import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Facets } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys, type ProductFilters } from '@/lib/query-keys';
import { filtersToQuery } from './product-page';

/** GET /api/facets: listings per brand, model, storage, RAM and colour, each counted under the other filters. */
export function getFacets(filters: ProductFilters, signal?: AbortSignal) {
  // The sort order does not change a count: left out, so one answer serves every sort.
  const { sort: _sort, ...rest } = filters;
  return api<Facets>('/facets', { query: filtersToQuery(rest), signal });
}

export const facetsQueryOptions = (filters: ProductFilters) => {
  const { sort: _sort, ...rest } = filters;
  return queryOptions({
    queryKey: queryKeys.devices.facets({ ...rest }),
    queryFn: ({ signal }) => getFacets(rest, signal),
    // The server reuses an answer for 10 s per filter; a changed filter keeps the old counts until the new arrive.
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    // No spec filters is the fallback when it fails: no retries delaying the panel.
    retry: false,
  });
};

/** The facet counts, asked only while `enabled` (the filter panel is open, or a category page shows it). */
export function useFacets(filters: ProductFilters, enabled: boolean) {
  return useQuery({ ...facetsQueryOptions(filters), enabled });
}
