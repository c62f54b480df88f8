import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/allseller (admin). */
export function getAllSellers(signal?: AbortSignal) {
  return api<User[]>('/users/allseller', { query: { limit: 100 }, signal });
}

export const allSellersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.sellers, queryFn: ({ signal }) => getAllSellers(signal) });

export function useAllSellers() {
  return useQuery(allSellersQueryOptions());
}
