import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { ApiError } from './api';
import { createQueryClient, FIVE_MINUTES, retryDelay, shouldRetry } from './query-client';

describe('query defaults (cache time, retries, back-off)', () => {
  it('backs off 1 s doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries network and server failures 3 times, not client errors', () => {
    const net = new ApiError(0, 'network_error', 'offline');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, net))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError(503, 'unavailable', 'down'))).toBe(true);
    expect(shouldRetry(0, new ApiError(429, 'rate_limited', 'slow down'))).toBe(true);
    expect(shouldRetry(0, new ApiError(403, 'forbidden', 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'no'))).toBe(false);
  });

  it('caches for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(FIVE_MINUTES);
    expect(defaults.gcTime).toBe(FIVE_MINUTES);
    expect(FIVE_MINUTES).toBe(300_000);
  });
});

describe('an ended session', () => {
  it('asks for the session again when any call answers 401', async () => {
    const client = createQueryClient();
    const getSession = vi.fn().mockResolvedValue(null);
    // The navbar keeps the session query observed on every page.
    const observer = new QueryObserver(client, { queryKey: queryKeys.session, queryFn: getSession });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(getSession).toHaveBeenCalledTimes(1));
    await expect(
      client.fetchQuery({
        queryKey: ['orders'],
        queryFn: () => Promise.reject(new ApiError(401, 'unauthorized', 'Please log in.')),
        retry: false,
      }),
    ).rejects.toThrow('Please log in.');
    await vi.waitFor(() => expect(getSession).toHaveBeenCalledTimes(2));
    // Other failures leave the session alone.
    await expect(
      client.fetchQuery({
        queryKey: ['other'],
        queryFn: () => Promise.reject(new ApiError(404, 'not_found', 'Not found.')),
        retry: false,
      }),
    ).rejects.toThrow('Not found.');
    expect(getSession).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
