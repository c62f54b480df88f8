import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetupSpot, MeetupSpotInput } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/meetup-spots/{id} (admin): changes a meetup spot. */
export function editMeetupSpot({ id, input }: { id: string; input: Partial<MeetupSpotInput> }) {
  return api<MeetupSpot>(`/meetup-spots/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useEditMeetupSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMeetupSpot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meetupSpots.all }),
  });
}
