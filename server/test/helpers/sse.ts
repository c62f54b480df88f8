import type { Client } from './client';

/** One event, and when it arrived (performance.now()). */
export type SseEvent = { id?: string; event?: string; data: string; at: number };

/**
 * An open `GET /api/events` stream of a signed-in client, parsed as a browser's EventSource would:
 * `next(match)` waits for the first event (from the start, or unread) that matches.
 */
export async function openEvents(c: Client, opts: { baseUrl?: string; lastEventId?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie: `better-auth.session_token=${c.cookie('better-auth.session_token')}` };
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(`${opts.baseUrl ?? c.baseUrl}/api/events`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  const waiters = new Set<() => void>();
  let ended = false;
  (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const e: SseEvent = { data: '', at: performance.now() };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data += line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) events.push(e);
          i = buf.indexOf('\n\n');
        }
        for (const w of waiters) w();
      }
    } catch {
      /* aborted */
    } finally {
      ended = true;
      for (const w of waiters) w();
    }
  })();

  return {
    res,
    events,
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    /** The first event matching `match` (already received or still to come), within `timeoutMs`. */
    next(match: (e: SseEvent) => boolean = () => true, timeoutMs = 5000): Promise<SseEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error('stream ended'));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    /** Waits until the stream has ended (the server closed it). */
    closed(timeoutMs = 5000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => reject(new Error('stream still open')), timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
