import type { Product, ProductListPage } from '@shop/contract';
import { apiRequest, nextLink, totalCount } from '@/lib/api';
import type { ProductFilters } from '@/lib/query-keys';

/**
 * One page of a product list: items, the next page's path (Link rel="next") and the total if
 * given. `totalExact` is false when the server sent an estimate (X-Total-Count-Exact: false): for
 * a broad search it counts roughly rather than every match. (The server puts a list's first page
 * into the HTML in this shape: contract InitialPageData.)
 */
export type ProductPage = ProductListPage;

export function filtersToQuery(filters: ProductFilters): Record<string, string | number | boolean | undefined> {
  // 'newest' is the server's default: leaving it out keeps the URL (and the server's cache key) short.
  return { ...filters, sort: filters.sort === 'newest' ? undefined : filters.sort };
}

/** Fetches `path` (first page, with filters) or a Link header's next path as is. */
export async function fetchProductPage(path: string, filters: ProductFilters | null, signal?: AbortSignal): Promise<ProductPage> {
  const { data, headers } = await apiRequest<Product[]>(path, { query: filters ? filtersToQuery(filters) : undefined, signal });
  return {
    items: Array.isArray(data) ? data : [],
    next: nextLink(headers),
    total: totalCount(headers),
    totalExact: headers.get('x-total-count-exact')?.trim().toLowerCase() !== 'false',
  };
}
