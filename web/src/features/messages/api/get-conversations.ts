import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/conversations: the newest message first (the first 100 are plenty for one person). */
export function getConversations(signal?: AbortSignal) {
  return api<ConversationSummary[]>('/conversations', { query: { limit: 100 }, signal });
}

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.talk.conversations, queryFn: ({ signal }) => getConversations(signal) });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
