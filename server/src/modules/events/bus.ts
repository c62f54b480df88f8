import { EventEmitter } from 'node:events';
import { and, asc, eq, gt, lt, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Database, Executor } from '../../db/client';
import { userEvent } from '../../db/schema';

/** One thing a user's open tabs are told: its id is the SSE id a resumed stream continues after. */
export type UserEvent = { id: number; userId: string; type: string; data: Record<string, unknown> };

export type EventType = 'message' | 'conversation.read' | 'notification' | 'order' | 'payment';

/** The channel every instance listens on (PostgreSQL NOTIFY, or Redis pub/sub). */
const CHANNEL = 'shop_events';
/** NOTIFY payloads must stay under 8,000 bytes: bigger batches go as ids, read back from user_event. */
const MAX_INLINE_PAYLOAD = 7000;
/** A resumed stream is sent at most this many missed events (older tabs reload their lists anyway). */
const REPLAY_LIMIT = 1000;
/** How long events are kept for resuming streams. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

/** `revoked`: users some of whose sessions just ended; their streams check their own session again. */
type Wire = { events: UserEvent[] } | { ids: number[] } | { revoked: string[] };

/**
 * $1 user ids, $2 type, $3 data (JSON text), $4 channel, $5 the payload limit: the events of one
 * publish and their announcement, which carries the ids alone when the events would not fit.
 */
const PUBLISH_SQL = `with e as (
  insert into user_event (user_id, type, data) select u, $2, $3::jsonb from unnest($1::uuid[]) as u returning id, user_id
), p as (
  select json_build_object('events', json_agg(json_build_object('id', e.id, 'userId', e.user_id, 'type', $2::text, 'data', $3::jsonb) order by e.id))::text as full_text,
    json_build_object('ids', json_agg(e.id order by e.id))::text as ids_text
  from e
)
select pg_notify($4, case when octet_length(p.full_text) <= $5::int then p.full_text else p.ids_text end) from p`;

/**
 * Fan-out of user events to every instance's open streams. An event is first written to user_event
 * (the resume log), then announced: through PostgreSQL LISTEN/NOTIFY on one dedicated connection
 * that reconnects, through Redis pub/sub when REDIS_URL is set, or within this process on the
 * embedded database (one process owns a PGlite folder). Every instance hears every announcement and
 * hands it to the streams of that user it holds.
 */
export function createEventBus(opts: { database: Database; redisUrl?: string; redisKeyPrefix?: string; log: FastifyBaseLogger }) {
  const { database, log } = opts;
  const { db } = database;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const revocations = new EventEmitter();
  revocations.setMaxListeners(0);
  const channel = `${opts.redisKeyPrefix ?? ''}${CHANNEL}`;

  let stopped = false;
  /** On PostgreSQL without Redis, publish writes the events and their NOTIFY in one statement. */
  const notifyInSql = !opts.redisUrl && database.kind === 'postgres';
  let announce: (text: string) => Promise<void>;
  let closeTransport: () => Promise<void> = async () => {};
  /** Resolves once this instance hears announcements (so a publish right after start is not missed in tests). */
  let ready: Promise<void> = Promise.resolve();

  const deliver = async (wire: Wire) => {
    if ('revoked' in wire) {
      for (const userId of wire.revoked) revocations.emit(userId);
      return;
    }
    let events: UserEvent[];
    if ('events' in wire) events = wire.events;
    else {
      const rows = wire.ids.length
        ? await database.query<{ id: string; user_id: string; type: string; data: Record<string, unknown> | string }>(
            'events_by_ids',
            'select id, user_id, type, data from user_event where id = any($1::bigint[]) order by id',
            [wire.ids],
          )
        : [];
      events = rows.map((r) => ({
        id: Number(r.id),
        userId: r.user_id,
        type: r.type,
        data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
      }));
    }
    for (const e of events) local.emit(e.userId, e);
  };
  const onWire = (text: string) => {
    let wire: Wire;
    try {
      wire = JSON.parse(text) as Wire;
    } catch {
      return;
    }
    deliver(wire).catch((err) => log.error({ err }, 'events: delivery failed'));
  };
  const encode = (events: UserEvent[]): string => {
    const full = JSON.stringify({ events });
    return full.length <= MAX_INLINE_PAYLOAD ? full : JSON.stringify({ ids: events.map((e) => e.id) });
  };

  if (opts.redisUrl) {
    // The publisher fails fast while Redis is away (no offline queue); ioredis reconnects both by
    // itself and the subscriber re-subscribes. Meanwhile events still reach this instance's streams
    // (and, from user_event, any stream that resumes), so an outage never stops the shop.
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const sub = new Redis(opts.redisUrl, { lazyConnect: true });
    pub.on('error', (err) => log.warn({ err: err.message }, 'events: redis publisher'));
    sub.on('error', (err) => log.warn({ err: err.message }, 'events: redis subscriber'));
    sub.on('message', (_ch: string, text: string) => onWire(text));
    const connected = (async () => {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(channel);
    })().catch((err: Error) => {
      log.warn({ err: err.message }, 'events: Redis unreachable; events reach only this instance until it is back');
      sub.once('ready', () => void sub.subscribe(channel).catch(() => {}));
    });
    // Start-up waits for Redis a little, never for long.
    ready = Promise.race([connected, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
    announce = async (text) => {
      // Not subscribed (Redis away): this instance's own streams get it directly.
      if (sub.status !== 'ready') onWire(text);
      if (pub.status !== 'ready') return;
      try {
        await pub.publish(channel, text);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'events: redis publish failed');
        if (sub.status === 'ready') onWire(text);
      }
    };
    closeTransport = async () => {
      sub.disconnect();
      pub.disconnect();
    };
  } else if (database.kind === 'postgres') {
    // A connection of its own, outside the pool: LISTEN belongs to a session, and a pooled connection
    // would be handed to queries. Reconnects with backoff; events written meanwhile are not lost (a
    // stream that missed them resumes from user_event when its browser reconnects).
    const connection = (database.db as unknown as { $client: pg.Pool }).$client.options;
    let client: pg.Client | undefined;
    let retryMs = 250;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ ...connection });
      c.on('notification', (n) => {
        if (n.channel === CHANNEL && n.payload) onWire(n.payload);
      });
      c.on('error', (err) => {
        log.warn({ err: err.message }, 'events: listener connection lost');
        void c.end().catch(() => {});
        if (client === c) client = undefined;
        schedule();
      });
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
      retryMs = 250;
    };
    const schedule = () => {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        connect().catch((err) => {
          log.warn({ err: err.message }, 'events: listener reconnect failed');
          retryMs = Math.min(retryMs * 2, 10_000);
          schedule();
        });
      }, retryMs);
      timer.unref();
    };
    ready = connect().catch((err: Error) => {
      log.warn({ err: err.message }, 'events: listener could not connect; retrying');
      schedule();
    });
    announce = async (text) => {
      await database.query('events_notify', 'select pg_notify($1, $2)', [CHANNEL, text]);
    };
    closeTransport = async () => {
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    };
  } else {
    announce = async (text) => {
      // After the caller's turn, as a NOTIFY would be.
      queueMicrotask(() => onWire(text));
    };
  }

  return {
    /** Resolves once this instance hears announcements. */
    ready: () => ready,

    /**
     * On PostgreSQL without Redis: the NOTIFY channel and payload limit, for a statement that writes
     * its own events to user_event and announces them itself (as PUBLISH_SQL does). Undefined otherwise.
     */
    inSql: notifyInSql ? { channel: CHANNEL, maxPayload: MAX_INLINE_PAYLOAD } : undefined,

    /**
     * Records one event per user and announces them. Outside the transaction of what caused it:
     * call it after that commits, so a stream never tells of something a reload would not show.
     */
    async publish(userIds: readonly string[], type: EventType, data: Record<string, unknown>, executor: Executor = db) {
      const unique = [...new Set(userIds)];
      if (!unique.length || stopped) return;
      if (notifyInSql && executor === db) {
        // PostgreSQL: the events and their NOTIFY in one statement (one round trip; the NOTIFY goes out as it commits).
        await database.query('events_publish', PUBLISH_SQL, [unique, type, JSON.stringify(data), CHANNEL, MAX_INLINE_PAYLOAD]);
        return;
      }
      const rows = await executor
        .insert(userEvent)
        .values(unique.map((userId) => ({ userId, type, data })))
        .returning({ id: userEvent.id, userId: userEvent.userId });
      const events = rows.map((r) => ({ id: r.id, userId: r.userId, type, data }));
      await announce(encode(events)).catch((err) => log.error({ err }, 'events: announce failed'));
    },

    /** Calls `fn` with each event of this user this instance hears, until the returned function is called. */
    subscribe(userId: string, fn: (e: UserEvent) => void): () => void {
      local.on(userId, fn);
      return () => local.off(userId, fn);
    },

    /**
     * Tells every instance that sessions of these users ended (sign-out, "sign out everywhere", a
     * suspension, a deletion): their open streams check their own session again and end without one.
     * Nothing is written to user_event: a stream that missed it checks its session at the next heartbeat.
     */
    async sessionsEnded(userIds: readonly string[]) {
      const unique = [...new Set(userIds)];
      if (!unique.length || stopped) return;
      await announce(JSON.stringify({ revoked: unique })).catch((err) => log.error({ err }, 'events: announce failed'));
    },

    /** Calls `fn` whenever sessions of this user ended (on any instance), until the returned function is called. */
    onSessionsEnded(userId: string, fn: () => void): () => void {
      revocations.on(userId, fn);
      return () => revocations.off(userId, fn);
    },

    /** The events of a user after `afterId` (a resumed stream's Last-Event-ID), oldest first. */
    async since(userId: string, afterId: number): Promise<UserEvent[]> {
      const rows = await db
        .select({ id: userEvent.id, type: userEvent.type, data: userEvent.data })
        .from(userEvent)
        .where(and(eq(userEvent.userId, userId), gt(userEvent.id, afterId)))
        .orderBy(asc(userEvent.id))
        .limit(REPLAY_LIMIT);
      return rows.map((r) => ({ ...r, userId }));
    },

    /**
     * The newest event's id so far, anyone's (0 before any; ids only grow): a page that reads a person's
     * counts now has their stream resume after it, so what happens between the page's reads and the
     * stream's start is replayed, not lost.
     */
    async latestId(): Promise<number> {
      const [row] = await db.select({ id: max(userEvent.id) }).from(userEvent);
      return row?.id ?? 0;
    },

    /** Forgets events older than the resume window (a job). */
    async prune(now: Date) {
      await db.delete(userEvent).where(lt(userEvent.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)));
    },

    async close() {
      stopped = true;
      local.removeAllListeners();
      revocations.removeAllListeners();
      await closeTransport();
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
