import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/conversations: the caller's conversation about a listing, made on first use. */
export function openConversation(listingId: string) {
  return api<Conversation>('/conversations', { method: 'POST', body: { listingId } });
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (c) => {
      queryClient.setQueryData(queryKeys.talk.conversation(c._id), c);
      void queryClient.invalidateQueries({ queryKey: queryKeys.talk.conversations });
    },
  });
}
