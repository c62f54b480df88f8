import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/meetup-spots/{id} (admin): removes a meetup spot. */
export function deleteMeetupSpot(id: string) {
  return api<{ acknowledged: boolean; deletedCount: number }>(`/meetup-spots/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteMeetupSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeetupSpot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meetupSpots.all }),
  });
}
