import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** What the server's events carry that we use to pick the queries to refresh. */
type EventData = { conversationId?: string };

const read = (e: Event): EventData => {
  try {
    return JSON.parse((e as MessageEvent<string>).data) as EventData;
  } catch {
    return {};
  }
};

/**
 * The signed-in user's live events (GET /api/events) refresh the queries they concern: a message its
 * conversation and the list, a read receipt the conversation, a notification the bell, a booking or
 * payment the orders and products. EventSource reconnects by itself and sends Last-Event-ID, so the
 * server replays what was missed; after a reconnect every talk query is refreshed anyway. The first
 * connection of a page the server rendered for the person starts after the event the page's counts
 * were read at (InitialPageData.lastEventId).
 */
export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // A signed-in page's counts were read by the server (InitialPageData): the stream starts after the
    // newest event then, and the server replays what came since instead of the page missing it.
    const after = queryClient.getQueryData<number>(queryKeys.talk.eventsAfter);
    const source = new EventSource(after === undefined ? '/api/events' : `/api/events?lastEventId=${after}`);
    const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) invalidate(queryKeys.talk.all);
      opened = true;
    });
    source.addEventListener('message', (e) => {
      const { conversationId } = read(e);
      if (conversationId) {
        invalidate(queryKeys.talk.messages(conversationId));
        invalidate(queryKeys.talk.conversation(conversationId));
      }
      invalidate(queryKeys.talk.conversations);
    });
    source.addEventListener('conversation.read', (e) => {
      const { conversationId } = read(e);
      if (conversationId) invalidate(queryKeys.talk.conversation(conversationId));
      invalidate(queryKeys.talk.conversations);
    });
    source.addEventListener('notification', () => invalidate(queryKeys.talk.notifications));
    for (const type of ['order', 'payment']) {
      source.addEventListener(type, () => {
        invalidate(queryKeys.orders.all);
        invalidate(queryKeys.products.all);
      });
    }
    return () => source.close();
  }, [enabled, queryClient]);
}
