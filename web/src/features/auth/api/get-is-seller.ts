import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/seller/{email} -> {isSeller, isVerified}. */
export function getIsSeller(email: string, signal?: AbortSignal) {
  return api<{ isSeller: boolean; isVerified: boolean }>(`/users/seller/${encodeURIComponent(email)}`, { signal });
}

export const isSellerQueryOptions = (email: string) =>
  queryOptions({ queryKey: queryKeys.roles.seller(email), queryFn: ({ signal }) => getIsSeller(email, signal), enabled: !!email });

export function useIsSeller(email: string | undefined) {
  return useQuery(isSellerQueryOptions(email ?? ''));
}
