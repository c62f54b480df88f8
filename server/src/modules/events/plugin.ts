import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createEventBus } from './bus';
import { createStreamRegistry, eventsRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Server-Sent Event streams this instance holds open (a gauge for /metrics). */
    eventStreams: { count(): number };
  }
}

/**
 * The live event stream (Server-Sent Events): the per-user event bus (bus.ts) that other modules
 * publish to, the streams this instance holds open (closed with a retry hint before the server
 * stops), the job that prunes old events, and `routes` to register under /api.
 */
export function registerEvents(
  app: FastifyInstance,
  deps: { config: Config; database: Database; jobs: FastifyInstance['jobs'] },
) {
  const { config, database, jobs } = deps;
  const bus = createEventBus({ database, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, log: app.log });
  const streams = createStreamRegistry({ perUser: config.eventStreamsPerUser });

  app.decorate('eventStreams', { count: streams.count });
  jobs.register({ name: 'events.prune', everyMs: 60 * 60_000, run: ({ now }) => bus.prune(now) });
  // Streams end as soon as the instance starts draining (lib/drain.ts), before it waits for its
  // connections to close: browsers reconnect through the proxy to another instance. preClose covers
  // an app closed without a drain (tests).
  app.drain.onDrain(() => streams.closeAll());
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => bus.close());

  const routes: FastifyPluginAsync = async (api) => {
    await bus.ready();
    await api.register(eventsRoutes, {
      bus,
      streams,
      heartbeatMs: config.eventHeartbeatMs,
      sessionsAlive: async (ids) => {
        const rows = await database.query<{ id: string }>(
          'events_sessions_alive',
          'select id from session where id = any($1::uuid[]) and expires_at > now()',
          [ids],
        );
        return new Set(rows.map((r) => r.id));
      },
    });
  };
  return { bus, routes };
}
