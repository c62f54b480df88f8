import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/conversations/{id}/report: puts it on the admins' list. */
export function reportConversation({ conversationId, reason }: { conversationId: string; reason: string }) {
  return api<{ acknowledged: boolean; insertedId: string }>(`/conversations/${encodeURIComponent(conversationId)}/report`, {
    method: 'POST',
    body: { reason },
  });
}

export function useReportConversation() {
  return useMutation({ mutationFn: reportConversation });
}
