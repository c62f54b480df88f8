import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/conversations/{id}. */
export function getConversation(id: string, signal?: AbortSignal) {
  return api<Conversation>(`/conversations/${encodeURIComponent(id)}`, { signal });
}

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.talk.conversation(id), queryFn: ({ signal }) => getConversation(id, signal) });

export function useConversation(id: string) {
  return useQuery(conversationQueryOptions(id));
}
