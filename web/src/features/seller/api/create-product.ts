import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/products. Seller, email, date and verified mark come from the session on the server. */
export function createProduct(input: ProductInput) {
  return api<{ acknowledged: boolean; insertedId: string }>('/products', { method: 'POST', body: input });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
