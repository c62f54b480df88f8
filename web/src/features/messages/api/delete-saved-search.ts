import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/saved-searches/{id}. */
export function deleteSavedSearch(id: string) {
  return api<{ acknowledged: boolean }>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.talk.savedSearches }),
  });
}
