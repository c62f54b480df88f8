import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/admin/{email} -> {isAdmin}. */
export function getIsAdmin(email: string, signal?: AbortSignal) {
  return api<{ isAdmin: boolean }>(`/users/admin/${encodeURIComponent(email)}`, { signal });
}

export const isAdminQueryOptions = (email: string) =>
  queryOptions({ queryKey: queryKeys.roles.admin(email), queryFn: ({ signal }) => getIsAdmin(email, signal), enabled: !!email });

export function useIsAdmin(email: string | undefined) {
  return useQuery(isAdminQueryOptions(email ?? ''));
}
