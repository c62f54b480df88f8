import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/conversations: the caller's conversation about a listing, made on first use (a listing's
 * id), or its seller's with a buyer who booked it ({listingId, buyerId}).
 */
export function openConversation(input: string | { listingId: string; buyerId: string }) {
  return api<Conversation>('/conversations', { method: 'POST', body: typeof input === 'string' ? { listingId: input } : input });
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
