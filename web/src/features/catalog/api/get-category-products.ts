import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys, type ProductFilters } from '@/lib/query-keys';
import { fetchProductPage } from './product-page';

/** GET /api/products/{category}, page by page; an unknown category is a 404. */
export const categoryProductsQueryOptions = (category: string, filters: ProductFilters = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.products.byCategory(category, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchProductPage(pageParam ?? `/products/${encodeURIComponent(category)}`, pageParam ? null : filters, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // New filters keep this category's results on screen until theirs arrive; another category does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === category ? previous : undefined),
  });

export function useCategoryProducts(category: string, filters: ProductFilters = {}) {
  return useInfiniteQuery(categoryProductsQueryOptions(category, filters));
}
