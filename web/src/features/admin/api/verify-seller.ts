import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/users/verify/{id} (admin): one-way, unverified -> verified. */
export function verifySeller(id: string) {
  return api<{ acknowledged: boolean; modifiedCount: number }>(`/users/verify/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: {},
  });
}

export function useVerifySeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySeller,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.sellers }),
        // The verified tick is derived from the seller: every product list may change.
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
}
