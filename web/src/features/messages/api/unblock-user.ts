import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/blocks/{userId}. */
export function unblockUser(userId: string) {
  return api<{ acknowledged: boolean }>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.talk.all }),
  });
}
