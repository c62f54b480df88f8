import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderStatus, Sale } from '@shop/contract';
import { pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/me/sales (sellers): every booking of every item of the seller, newest first, the next
 * pages by the Link header; `state` keeps one order status. Under the orders' key, so a payment, a
 * hand-off or an order event refreshes it.
 */
const salesQueryOptions = (state?: OrderStatus, pageSize = 20) =>
  pagedListOptions<Sale>(
    queryKeys.orders.sales(state ?? 'all', pageSize),
    state ? `/me/sales?state=${encodeURIComponent(state)}` : '/me/sales',
    pageSize,
  );

export function useSales(state?: OrderStatus) {
  return useInfiniteQuery(salesQueryOptions(state));
}

/** The items whose payment is held now (paid, not handed over yet): at most 100, the most a seller has at once in practice. */
export function useHeldSales(enabled = true) {
  return useInfiniteQuery({ ...salesQueryOptions('paid', 100), enabled });
}
