import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/contract';
import { requireUser } from '../../auth/plugin';
import { AppError } from '../../lib/errors';
import type { EventBus, UserEvent } from './bus';

/** What a browser waits before reconnecting; on shutdown a shorter wait, to reach another instance soon. */
const RETRY_MS = 3000;
const SHUTDOWN_RETRY_MS = 500;

const lastEventId = z
  .string()
  .regex(/^\d{1,15}$/, { message: 'must be an event id' })
  .transform(Number)
  .optional();

/** What a browser over the per-user limit of open streams is told to wait (Retry-After, seconds). */
const TOO_MANY_RETRY_S = 30;

/**
 * The open streams of this instance: counted for /metrics and per user (at most `perUser` each),
 * closed with a retry hint on shutdown.
 */
export function createStreamRegistry({ perUser }: { perUser: number }) {
  const open = new Map<ServerResponse, string>();
  const byUser = new Map<string, number>();
  /** Each stream's session, and how to check it again (which ends the stream when it is gone). */
  const sessions = new Map<ServerResponse, { sessionId: string; recheck: () => void }>();
  let closing = false;
  return {
    /** Has `sweep` check this stream's session. */
    watch(res: ServerResponse, sessionId: string, recheck: () => void) {
      if (open.has(res)) sessions.set(res, { sessionId, recheck });
    },
    /**
     * One query for every stream of this instance: those whose session is no longer there (removed
     * without an announcement, or expired) check it again, and end.
     */
    async sweep(alive: (sessionIds: string[]) => Promise<Set<string>>) {
      if (!sessions.size) return;
      const ids = [...new Set([...sessions.values()].map((s) => s.sessionId))];
      const still = await alive(ids);
      for (const s of sessions.values()) if (!still.has(s.sessionId)) s.recheck();
    },
    /** Whether this user may open one more stream here (each holds a socket, a subscription and a timer). */
    hasRoom: (userId: string) => (byUser.get(userId) ?? 0) < perUser,
    /** Holds a new stream; once closing (draining), ends it at once with the retry hint instead and answers false. */
    add(res: ServerResponse, userId: string): boolean {
      if (closing) {
        res.end(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
        return false;
      }
      open.set(res, userId);
      byUser.set(userId, (byUser.get(userId) ?? 0) + 1);
      return true;
    },
    delete(res: ServerResponse) {
      sessions.delete(res);
      const userId = open.get(res);
      if (userId === undefined) return;
      open.delete(res);
      const n = (byUser.get(userId) ?? 1) - 1;
      if (n > 0) byUser.set(userId, n);
      else byUser.delete(userId);
    },
    /** How many event streams this instance holds now (a gauge). */
    count: () => open.size,
    /** Ends every stream, telling browsers to come back soon (to whichever instance is still up). */
    closeAll() {
      closing = true;
      for (const res of open.keys()) {
        // The connection goes too (once the hint is out; the answer said Connection: close, so no
        // proxy is keeping it for another request).
        const socket = res.socket;
        res.end(`retry: ${SHUTDOWN_RETRY_MS}\n\n`, () => socket?.end());
      }
      open.clear();
      byUser.clear();
      sessions.clear();
    },
  };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;

const frame = (e: UserEvent) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

export const eventsRoutes: FastifyPluginAsyncZod<{
  bus: EventBus;
  streams: StreamRegistry;
  /** Which of these sessions still exist and have not expired (one query for all of an instance's streams). */
  sessionsAlive: (sessionIds: string[]) => Promise<Set<string>>;
  /** A comment line this often keeps proxies (nginx's 60 s read timeout, load balancers) from closing an idle stream. */
  heartbeatMs: number;
}> = async (app, { bus, streams, sessionsAlive, heartbeatMs }) => {
  // Every heartbeat, one query checks the sessions of all this instance's streams, instead of one
  // session read per stream (1,000 streams were 67 reads a second beside the catalog's queries).
  const sweep = setInterval(() => {
    streams.sweep(sessionsAlive).catch((err: unknown) => app.log.warn({ err }, 'events: session sweep failed'));
  }, heartbeatMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get(
    '/events',
    {
      schema: {
        tags: ['talk'],
        summary:
          "The signed-in user's live events (Server-Sent Events: message, conversation.read, notification, order, payment). Reconnecting with Last-Event-ID replays what was missed. The stream ends when its session does (sign-out, suspension, deletion); 429 past the open streams one person may hold.",
        headers: z.object({ 'last-event-id': lastEventId }),
        querystring: z.object({ lastEventId: lastEventId }),
        response: {
          200: z.string().describe('text/event-stream'),
          400: errorSchema,
          401: errorSchema,
          429: errorSchema.describe(
            'Too many open event streams for this account: close other tabs, or wait Retry-After seconds',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const sessionId = (await request.authSession())?.session.id;
      if (!streams.hasRoom(user.id)) {
        throw new AppError(
          429,
          'rate_limited',
          'Too many live updates are open for this account: close some tabs and try again.',
          undefined,
          TOO_MANY_RETRY_S,
        );
      }
      // EventSource sends Last-Event-ID itself on reconnect; a new page may pass the last id it saw in the query.
      const after = request.headers['last-event-id'] ?? request.query.lastEventId;
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // A stream's connection is not used again once it ends (a drain, its session's end): a proxy
        // keeping it for its next request could write one in just as this side closes it, which it
        // cannot safely send elsewhere if it is a POST (nginx: "upstream prematurely closed").
        connection: 'close',
        // nginx: pass each event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      if (!streams.add(res, user.id)) return;

      // Subscribe first and hold live events while the missed ones are read, so none falls in between.
      const sent = new Set<number>();
      let held: UserEvent[] | undefined = [];
      const send = (e: UserEvent) => {
        // Ended by a drain: an event arriving before 'close' must not be written after the end.
        if (sent.has(e.id) || res.writableEnded) return;
        sent.add(e.id);
        if (sent.size > 2000) sent.delete(sent.values().next().value as number);
        res.write(frame(e));
      };
      // Once its session is gone (signed out, revoked, the account suspended or deleted), the stream
      // ends: at once when any instance announces that sessions of this user ended, else when the
      // heartbeat's sweep no longer finds it. Events that arrive while the session is checked wait, so
      // none slips past its end.
      let checking: Promise<void> | undefined;
      const recheck = () => {
        checking ??= request
          .recheckSession()
          .then(
            (still) => still?.id === user.id,
            (err) => {
              request.log.warn({ err }, 'events: session check failed');
              return true;
            },
          )
          .then((alive) => {
            checking = undefined;
            if (!alive) {
              res.end();
              // Released at once (the connection may stay open for keep-alive): it no longer counts.
              done();
            } else if (gated) {
              const waiting = gated;
              gated = undefined;
              for (const e of waiting) send(e);
            }
          });
        gated ??= [];
        return checking;
      };
      let gated: UserEvent[] | undefined;
      const unsubscribe = bus.subscribe(user.id, (e) => (held ? held.push(e) : gated ? gated.push(e) : send(e)));
      const unwatch = bus.onSessionsEnded(user.id, () => void recheck());
      if (sessionId) streams.watch(res, sessionId, () => void recheck());
      else void recheck();
      const heartbeat = setInterval(() => {
        if (!res.writableEnded) res.write(': heartbeat\n\n');
      }, heartbeatMs);
      heartbeat.unref();
      const done = () => {
        clearInterval(heartbeat);
        unsubscribe();
        unwatch();
        streams.delete(res);
      };
      res.on('close', done);
      try {
        if (after !== undefined) for (const e of await bus.since(user.id, after)) send(e);
      } catch (err) {
        request.log.error({ err }, 'events: replay failed');
        res.end();
        return;
      }
      const pending = held;
      held = undefined;
      for (const e of pending.sort((a, b) => a.id - b.id)) gated ? gated.push(e) : send(e);
    },
  );
};
