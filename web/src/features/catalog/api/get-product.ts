import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductDetail } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/product/{id}: one product with its condition report, sold and unlisted ones too; 404 when unknown (or its seller left). */
export function getProduct(id: string, signal?: AbortSignal) {
  return api<ProductDetail>(`/product/${encodeURIComponent(id)}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.products.one(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

/** How many related items the product page shows. */
export const RELATED_COUNT = 4;

/** A few items for sale in the same category, newest first (one extra, in case it is the product itself). */
export function getRelatedProducts(category: string, signal?: AbortSignal) {
  return api<Product[]>(`/products/${encodeURIComponent(category)}`, { query: { limit: RELATED_COUNT + 1 }, signal });
}

export function useRelatedProducts(category: string | undefined, excludeId: string) {
  const query = useQuery({
    queryKey: queryKeys.products.related(category ?? ''),
    queryFn: ({ signal }) => getRelatedProducts(category!, signal),
    enabled: !!category,
  });
  const items = Array.isArray(query.data) ? query.data.filter((p) => p._id !== excludeId).slice(0, RELATED_COUNT) : [];
  return { ...query, items };
}
