import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FIVE_MINUTES } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { SessionData, SessionUser } from '../types';

/** GET /api/auth/get-session: the session, or null when logged out. */
export async function getSession(signal?: AbortSignal): Promise<SessionData | null> {
  const data = await api<SessionData | null>('/auth/get-session', { signal });
  return data && typeof data === 'object' && data.user ? data : null;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: FIVE_MINUTES,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The signed-in user (null when logged out) and whether we are still asking. */
export function useUser(): { user: SessionUser | null; isPending: boolean } {
  const { data, isPending } = useSession();
  return { user: data?.user ?? null, isPending };
}
