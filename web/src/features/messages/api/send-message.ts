import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/conversations/{id}/messages (403 when blocked, 429 when too fast). */
export function sendMessage({ conversationId, text }: { conversationId: string; text: string }) {
  return api<Message>(`/conversations/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', body: { text } });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_m, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.talk.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.talk.conversations });
    },
  });
}
