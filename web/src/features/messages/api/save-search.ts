import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchQuery } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/saved-searches: new matches arrive as notifications, at most one an hour. */
export function saveSearch(query: SavedSearchQuery) {
  return api<{ acknowledged: boolean; insertedId: string }>('/saved-searches', { method: 'POST', body: { query } });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.talk.savedSearches }),
  });
}
