import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/conversations/{id}/read: the other person sees the read receipt. */
export function markConversationRead(id: string) {
  return api<{ readUpTo: string }>(`/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.talk.conversations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.talk.notifications });
    },
  });
}
