import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SessionData } from './auth-client';
import { FIVE_MINUTES } from './query-client';
import { queryKeys } from './query-keys';

/** GET /api/auth/get-session: the session, or null when logged out. */
export async function getSession(signal?: AbortSignal): Promise<SessionData | null> {
  const { authClient, authCall } = await import('./auth-client');
  const data = await authCall(authClient.getSession({ fetchOptions: { signal } }));
  return data && typeof data === 'object' && data.user ? data : null;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: FIVE_MINUTES,
  });

/** Forgets everything that belonged to the signed-out user; public lists (categories, ads) stay. */
export function forgetUser(queryClient: QueryClient) {
  const categories = queryClient.getQueryData(queryKeys.categories);
  const ads = queryClient.getQueryData(queryKeys.advertisements);
  queryClient.clear();
  queryClient.setQueryData(queryKeys.session, null);
  if (categories) queryClient.setQueryData(queryKeys.categories, categories);
  if (ads) queryClient.setQueryData(queryKeys.advertisements, ads);
}

/**
 * On signing in: another account may have been signed in before, in this tab. What belonged to it
 * goes (its orders, saved items, conversations and counts: the server puts the last three into every
 * page it sends a signed-in person), so the new account never sees them, not even until they are
 * asked for again.
 */
export function forgetPreviousAccount(queryClient: QueryClient) {
  for (const queryKey of [queryKeys.orders.all, queryKeys.favorites, queryKeys.talk.all]) queryClient.removeQueries({ queryKey });
}

/** What a redirect to /login carries: the page to come back to. */
export interface LoginLocationState {
  from?: { pathname: string; search?: string; hash?: string };
  /** Set when a role guard sent a signed-in user here. */
  reason?: 'forbidden';
}
