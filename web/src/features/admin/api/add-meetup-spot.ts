import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetupSpot, MeetupSpotInput } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/meetup-spots (admin): adds a safe meetup spot. */
export function addMeetupSpot(input: MeetupSpotInput) {
  return api<MeetupSpot>('/meetup-spots', { method: 'POST', body: input });
}

export function useAddMeetupSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMeetupSpot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meetupSpots.all }),
  });
}
