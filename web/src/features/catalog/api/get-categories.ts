import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/category, cached under 'category' (SPEC.md 7). */
export function getCategories(signal?: AbortSignal) {
  return api<Category[]>('/category', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories, queryFn: ({ signal }) => getCategories(signal) });

/** SPEC.md 4: the list defaults to empty until loaded, and stays empty when it fails. */
export function useCategories() {
  const query = useQuery(categoriesQueryOptions());
  return { ...query, categories: Array.isArray(query.data) ? query.data : [] };
}
