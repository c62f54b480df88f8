import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/me/start-selling: the account may list items from now on (it keeps buying). */
export function startSelling() {
  return api<{ isSeller: boolean; isVerified: boolean }>('/me/start-selling', { method: 'POST' });
}

export function useStartSelling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSelling,
    // The session carries the role: the menu and the guards read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
