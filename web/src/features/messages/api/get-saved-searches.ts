import { useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/saved-searches. */
export function getSavedSearches(signal?: AbortSignal) {
  return api<SavedSearch[]>('/saved-searches', { signal });
}

export function useSavedSearches() {
  return useQuery({ queryKey: queryKeys.talk.savedSearches, queryFn: ({ signal }) => getSavedSearches(signal) });
}
