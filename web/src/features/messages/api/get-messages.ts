import { useInfiniteQuery } from '@tanstack/react-query';
import type { Message } from '@shop/contract';
import { apiRequest, nextLink } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/conversations/{id}/messages: newest first; Link rel=next goes to older ones. */
export async function getMessages(id: string, page: string | null, signal?: AbortSignal) {
  const res = await apiRequest<Message[]>(page ?? `/conversations/${encodeURIComponent(id)}/messages`, {
    query: page ? undefined : { limit: 30 },
    signal,
  });
  return { items: res.data, next: nextLink(res.headers) };
}

export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.talk.messages(id),
    queryFn: ({ pageParam, signal }) => getMessages(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? null,
  });
}
