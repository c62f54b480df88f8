import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient, FIVE_MINUTES, retryDelay, shouldRetry } from './query-client';

describe('query defaults (SPEC.md 8 and 9)', () => {
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
