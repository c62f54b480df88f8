import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meeting, MeetupSpot, MeetingProposal, MyDetails } from '@shop/contract';
import { api, isApiError } from '@/lib/api';

/** Query keys of meetings, spots and remembered details (one place, as lib/query-keys). */
export const meetingKeys = {
  meeting: (orderId: string) => ['meeting', orderId] as const,
  spots: (near: string) => ['meetup-spots', near] as const,
  details: ['me', 'details'] as const,
};

/** GET /api/orders/{id}/meeting: null while nobody proposed a meeting yet. */
export function useMeeting(orderId: string) {
  return useQuery({
    queryKey: meetingKeys.meeting(orderId),
    queryFn: async ({ signal }) => {
      try {
        return await api<Meeting>(`/orders/${encodeURIComponent(orderId)}/meeting`, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useProposeMeeting(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingProposal) =>
      api<Meeting>(`/orders/${encodeURIComponent(orderId)}/meeting`, { method: 'POST', body }),
    onSuccess: (m) => queryClient.setQueryData(meetingKeys.meeting(orderId), m),
  });
}

export function useConfirmMeeting(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (time: string) =>
      api<Meeting>(`/orders/${encodeURIComponent(orderId)}/meeting/confirm`, { method: 'POST', body: { time } }),
    onSuccess: (m) => queryClient.setQueryData(meetingKeys.meeting(orderId), m),
  });
}

/** The safe meetup spots nearest to a point (GET /api/meetup-spots?near=). */
export function useMeetupSpots(near: { lat: number; lng: number } | null | undefined, limit = 3) {
  const at = near ? `${near.lat},${near.lng}` : '';
  return useQuery({
    queryKey: meetingKeys.spots(at),
    queryFn: ({ signal }) => api<MeetupSpot[]>('/meetup-spots', { query: { near: at, limit }, signal }),
    enabled: !!near,
  });
}

/** The phone and home area the forms prefill (GET /api/me/details). */
export function useMyDetails(enabled = true) {
  return useQuery({
    queryKey: meetingKeys.details,
    queryFn: ({ signal }) => api<MyDetails>('/me/details', { signal }),
    enabled,
  });
}

/** A `datetime-local` value (the browser's wall clock) as an ISO instant, or undefined when empty or not a time. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** A time as the meeting place reads it: "Sat 28 Nov, 15:00", with the zone when it is not the reader's. */
export function meetingTime(iso: string, timeZone: string): string {
  const zone = (() => {
    try {
      return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
    } catch {
      return undefined;
    }
  })();
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone !== mine ? `${text} (${zone.replace(/_/g, ' ')} time)` : text;
}

/** Proposes the meeting of a booking just placed (its id is known only then): the booking modal. */
export function useProposeMeetingFor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: MeetingProposal }) =>
      api<Meeting>(`/orders/${encodeURIComponent(orderId)}/meeting`, { method: 'POST', body }),
    onSuccess: (m) => queryClient.setQueryData(meetingKeys.meeting(m.orderId), m),
  });
}
