import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { testQueryClient } from '@/test/render';
import { useLiveEvents } from './use-live-events';

/** The streams the hook opens, by address. */
const opened: string[] = [];
class FakeEventSource {
  constructor(readonly url: string) {
    opened.push(url);
  }
  addEventListener() {}
  close() {}
}

function streamOf(seed?: number) {
  const client = testQueryClient();
  if (seed !== undefined) client.setQueryData(queryKeys.talk.eventsAfter, seed);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => useLiveEvents(true), { wrapper });
  unmount();
  return opened.at(-1);
}

describe('useLiveEvents', () => {
  afterEach(() => {
    opened.length = 0;
    vi.unstubAllGlobals();
  });

  it('starts after the event the server read the page at, so what came since is replayed', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    expect(streamOf(42)).toBe('/api/events?lastEventId=42');
    expect(streamOf(0)).toBe('/api/events?lastEventId=0');
  });

  it('starts from now when the page did not say (a page the browser drew)', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    expect(streamOf()).toBe('/api/events');
  });
});
