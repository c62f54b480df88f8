import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/products?email= : the seller's own products, sold ones included. */
export function getSellerProducts(email: string, signal?: AbortSignal) {
  return api<Product[]>('/products', { query: { email, limit: 100 }, signal });
}

export const sellerProductsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.products.bySeller(email),
    queryFn: ({ signal }) => getSellerProducts(email, signal),
    enabled: !!email,
  });

export function useSellerProducts(email: string | undefined) {
  return useQuery(sellerProductsQueryOptions(email ?? ''));
}
