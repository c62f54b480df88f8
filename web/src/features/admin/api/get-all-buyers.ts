import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/allbuyer (admin). */
export function getAllBuyers(signal?: AbortSignal) {
  return api<User[]>('/users/allbuyer', { query: { limit: 100 }, signal });
}

export const allBuyersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.buyers, queryFn: ({ signal }) => getAllBuyers(signal) });

export function useAllBuyers() {
  return useQuery(allBuyersQueryOptions());
}
