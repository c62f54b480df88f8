import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/auth/sign-out. */
export function signOut() {
  return api<{ success: boolean }>('/auth/sign-out', { method: 'POST', body: {} });
}

/** Forgets everything that belonged to the signed-out user; public lists (categories, ads) stay. */
export function forgetUser(queryClient: QueryClient) {
  const categories = queryClient.getQueryData(queryKeys.categories);
  const ads = queryClient.getQueryData(queryKeys.advertisements);
  queryClient.clear();
  queryClient.setQueryData(queryKeys.session, null);
  if (categories) queryClient.setQueryData(queryKeys.categories, categories);
  if (ads) queryClient.setQueryData(queryKeys.advertisements, ads);
}

/** Signs out and forgets everything that belonged to the user, even when the call fails. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => forgetUser(queryClient),
  });
}
