import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/notifications/read: the named ones, or all of them. */
export function markNotificationsRead(ids?: string[]) {
  return api<{ acknowledged: boolean }>('/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.talk.notifications }),
  });
}
