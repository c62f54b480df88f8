import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favorite } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/favorites: the signed-in person's saved listings, the latest saved first. */
export function getFavorites(signal?: AbortSignal) {
  return api<Favorite[]>('/favorites', { signal });
}

export function useFavorites(enabled = true) {
  return useQuery({ queryKey: queryKeys.favorites, queryFn: ({ signal }) => getFavorites(signal), enabled });
}

/** PUT (save) or DELETE (un-save) /api/favorites/{productId}; the hearts change at once and go back if the shop refuses. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, saved }: { productId: string; saved: boolean }) =>
      api<{ acknowledged: boolean }>(`/favorites/${encodeURIComponent(productId)}`, { method: saved ? 'PUT' : 'DELETE' }),
    onMutate: async ({ productId, saved }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.favorites });
      const before = queryClient.getQueryData<Favorite[]>(queryKeys.favorites);
      if (before && !saved)
        queryClient.setQueryData(
          queryKeys.favorites,
          before.filter((f) => f.productId !== productId),
        );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.favorites, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favorites }),
  });
}
