import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/notifications/unread-count: the bell's number. */
export function getUnreadCount(signal?: AbortSignal) {
  return api<UnreadCount>('/notifications/unread-count', { signal });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.talk.unread, queryFn: ({ signal }) => getUnreadCount(signal), enabled });
}
