import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/orders?email= : the buyer's own orders. */
export function getMyOrders(email: string, signal?: AbortSignal) {
  return api<Order[]>('/orders', { query: { email, limit: 100 }, signal });
}

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.orders.byBuyer(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
    enabled: !!email,
  });

export function useMyOrders(email: string | undefined) {
  return useQuery(myOrdersQueryOptions(email ?? ''));
}
