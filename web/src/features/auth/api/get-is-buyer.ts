import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/buyer/{email} -> {isBuyer}. */
export function getIsBuyer(email: string, signal?: AbortSignal) {
  return api<{ isBuyer: boolean }>(`/users/buyer/${encodeURIComponent(email)}`, { signal });
}

export const isBuyerQueryOptions = (email: string) =>
  queryOptions({ queryKey: queryKeys.roles.buyer(email), queryFn: ({ signal }) => getIsBuyer(email, signal), enabled: !!email });

export function useIsBuyer(email: string | undefined) {
  return useQuery(isBuyerQueryOptions(email ?? ''));
}
