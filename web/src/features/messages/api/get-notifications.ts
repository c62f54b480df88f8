import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/notifications: the newest 30, for the bell's list. */
export function getNotifications(signal?: AbortSignal) {
  return api<Notification[]>('/notifications', { query: { limit: 30 }, signal });
}

export function useNotifications(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.talk.notifications, queryFn: ({ signal }) => getNotifications(signal), enabled });
}
