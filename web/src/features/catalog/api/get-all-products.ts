import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys, type ProductFilters } from '@/lib/query-keys';
import { fetchProductPage } from './product-page';

const FIRST_PAGE = '/allproducts';

/** GET /api/allproducts, page by page following the Link header. */
export const allProductsQueryOptions = (filters: ProductFilters = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.products.list(filters),
    queryFn: ({ pageParam, signal }) => fetchProductPage(pageParam ?? FIRST_PAGE, pageParam ? null : filters, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // A new search keeps the current results on screen (dimmed) until its own arrive: no flash, no shift.
    placeholderData: keepPreviousData,
  });

export function useAllProducts(filters: ProductFilters = {}) {
  return useInfiniteQuery(allProductsQueryOptions(filters));
}
