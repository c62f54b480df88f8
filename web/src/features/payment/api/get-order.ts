import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/order/{id}. */
export function getOrder(id: string, signal?: AbortSignal) {
  return api<Order>(`/order/${encodeURIComponent(id)}`, { signal });
}

const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.orders.one(id), queryFn: ({ signal }) => getOrder(id, signal), enabled: !!id });

export function useOrder(id: string | undefined) {
  return useQuery(orderQueryOptions(id ?? ''));
}
