import type { Product } from '@shop/contract';
import { apiRequest, nextLink, totalCount } from '@/lib/api';
import type { ProductFilters } from '@/lib/query-keys';

/** One page of a product list: items, the next page's path (Link rel="next") and the total if given. */
export interface ProductPage {
  items: Product[];
  next: string | null;
  total: number | null;
}

export function filtersToQuery(filters: ProductFilters): Record<string, string | number | boolean | undefined> {
  return { ...filters };
}

/** Fetches `path` (first page, with filters) or a Link header's next path as is. */
export async function fetchProductPage(path: string, filters: ProductFilters | null, signal?: AbortSignal): Promise<ProductPage> {
  const { data, headers } = await apiRequest<Product[]>(path, { query: filters ? filtersToQuery(filters) : undefined, signal });
  return { items: Array.isArray(data) ? data : [], next: nextLink(headers), total: totalCount(headers) };
}
