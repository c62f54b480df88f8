import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/category, cached under 'category' (docs/product.md#field-names-kept-as-spelled). */
export function getCategories(signal?: AbortSignal) {
  return api<Category[]>('/category', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories, queryFn: ({ signal }) => getCategories(signal) });

/** The list defaults to empty until loaded, and stays empty when it fails (docs/product.md#home-page). */
export function useCategories() {
  const query = useQuery(categoriesQueryOptions());
  return { ...query, categories: Array.isArray(query.data) ? query.data : [] };
}
