import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@/lib/auth-client';
import { sessionQueryOptions } from '@/lib/session';

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The signed-in user (null when logged out) and whether we are still asking. */
export function useUser(): { user: SessionUser | null; isPending: boolean } {
  const { data, isPending } = useSession();
  return { user: data?.user ?? null, isPending };
}
