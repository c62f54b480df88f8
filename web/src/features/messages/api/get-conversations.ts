import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@shop/contract';
import { CONVERSATIONS_LISTED } from '@shop/contract/constants';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/conversations: the newest message first (the first CONVERSATIONS_LISTED). */
export function getConversations(signal?: AbortSignal) {
  return api<ConversationSummary[]>('/conversations', { query: { limit: CONVERSATIONS_LISTED }, signal });
}

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.talk.conversations, queryFn: ({ signal }) => getConversations(signal) });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
