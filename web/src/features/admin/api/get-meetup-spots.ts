import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetupSpot } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/meetup-spots: every safe meetup spot, by name (the most the server gives at once). */
export function getMeetupSpots(signal?: AbortSignal) {
  return api<MeetupSpot[]>('/meetup-spots', { query: { limit: 100 }, signal });
}

export const meetupSpotsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.meetupSpots.all, queryFn: ({ signal }) => getMeetupSpots(signal) });

export function useMeetupSpots() {
  return useQuery(meetupSpotsQueryOptions());
}
