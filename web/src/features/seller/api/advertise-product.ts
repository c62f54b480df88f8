import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/advertise {productId}; 409 when it is already advertised. */
export function advertiseProduct(productId: string) {
  return api<{ acknowledged: boolean; insertedId: string }>('/advertise', { method: 'POST', body: { productId } });
}

export function useAdvertiseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.advertisements }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
}
