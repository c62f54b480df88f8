import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { queryKeys } from './query-keys';

/** Reads cached 5 minutes; failed reads retried 3 times, 1 s doubling, capped at 30 s (docs/product.md#web-client-defaults). */
export const FIVE_MINUTES = 5 * 60 * 1000;
export const MAX_RETRIES = 3;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Retry network failures and server errors. A 4xx answer (other than 408 and 429) will not change
 * by asking again, so it fails at once: a 401 or 403 must redirect now, not after 7 seconds.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  return true;
}

/**
 * A 401 from any call means the session ended (expired, signed out elsewhere, account closed):
 * ask for the session again, and the route guards send the person to /login, remembering the page.
 */
function onUnauthorized(client: () => QueryClient) {
  return (error: unknown) => {
    if (isApiError(error) && error.status === 401) void client().invalidateQueries({ queryKey: queryKeys.session });
  };
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized(() => client) }),
    mutationCache: new MutationCache({ onError: onUnauthorized(() => client) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
