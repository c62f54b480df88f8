import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favorite } from '@shop/contract';
import { useUser } from '@/hooks/use-user';
import { api } from '@/lib/api';
import type { SessionUser } from '@/lib/auth-client';
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

/** Who is signed in and what they have saved, as every heart on a page needs it. */
export interface SavedState {
  user: SessionUser | null;
  /** Signed in as someone who can save (not an admin). */
  signedIn: boolean;
  savedIds: ReadonlySet<string>;
  /** A heart is on the page: the saved list is wanted (asked for once the first one shows). */
  want: () => void;
}

const SavedContext = createContext<SavedState | null>(null);

/**
 * One subscription to the session and the saved list for all the hearts of a page (AppProviders),
 * instead of two query observers per card: a home page of 24 cards spent 150 ms at 4x CPU in their
 * timers as it hydrated.
 */
export function SavedProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const signedIn = !!user && user.role !== 'admin';
  // Pages without a heart (the dashboard, forms) do not ask for the saved list.
  const [wanted, setWanted] = useState(false);
  const favorites = useFavorites(signedIn && wanted);
  const want = useCallback(() => setWanted(true), []);
  const value = useMemo<SavedState>(
    () => ({ user, signedIn, savedIds: new Set((favorites.data ?? []).map((f) => f.productId)), want }),
    [user, signedIn, favorites.data, want],
  );
  return <SavedContext value={value}>{children}</SavedContext>;
}

/** For a heart: the shared state, and the saved list asked for once one is on the page. */
export function useSaved(): SavedState {
  const state = use(SavedContext);
  if (!state) throw new Error('useSaved needs a SavedProvider (AppProviders has one)');
  const { want } = state;
  useEffect(want, [want]);
  return state;
}
