import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/blocks: no more messages either way. */
export function blockUser(userId: string) {
  return api<{ acknowledged: boolean }>('/blocks', { method: 'POST', body: { userId } });
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.talk.all }) });
}
