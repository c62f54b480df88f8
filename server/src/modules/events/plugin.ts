import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createCounterStore } from '../../lib/rate-limit';
import { createEventBus } from '../events/bus';
import { createStreamRegistry, eventsRoutes } from '../events/routes';
import { alertsService } from './alerts';
import { alertsRoutes } from './alerts-routes';
import { conversationsService } from './conversations';
import { notificationsService } from './notifications';
import { talkRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Server-Sent Event streams this instance holds open (a gauge for /metrics). */
    eventStreams: { count(): number };
  }
}

/** Bookings, payments and verifications told to the bell and open tabs, after the answer went out. */
const ORDER_ROUTE = 'POST /api/orders';
const PAYMENT_ROUTE = 'POST /api/payments';
const VERIFY_ROUTE = 'PUT /api/users/verify/:id';
const MARK_SOLD_ROUTE = 'POST /api/products/:id/mark-sold';
const TOLD_ROUTES = new Set([ORDER_ROUTE, PAYMENT_ROUTE, VERIFY_ROUTE, MARK_SOLD_ROUTE]);

/**
 * Buyer and seller talk: conversations, the live event stream, notifications, saved searches and
 * price alerts. Adds its hooks to `app` (bookings, payments and verifications become notifications; streams close
 * with a retry hint before the server stops) and answers the routes to register under /api.
 */
export async function registerTalk(
  app: FastifyInstance,
  deps: { config: Config; database: Database; jobs: FastifyInstance['jobs'] },
) {
  const { config, database, jobs } = deps;
  const bus = createEventBus({ database, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, log: app.log });
  const streams = createStreamRegistry({ perUser: config.eventStreamsPerUser });
  const counters = await createCounterStore(config, app.log);
  const notifications = notificationsService({ database, bus, mailer: app.mailer, baseUrl: config.baseUrl });
  const conversations = conversationsService({
    database,
    bus,
    notifications,
    counters,
    messageRateMax: config.messageRateMax,
  });
  const alerts = alertsService({ database, notifications });

  app.decorate('eventStreams', { count: streams.count });
  jobs.register({ name: 'events.prune', everyMs: 60 * 60_000, run: ({ now }) => bus.prune(now) });
  jobs.register({ name: 'alerts.saved-searches', everyMs: 10 * 60_000, run: ({ now }) => alerts.runSavedSearches(now) });
  jobs.register({ name: 'alerts.price-drops', everyMs: 5 * 60_000, run: () => alerts.runPriceDrops() });

  const told = new WeakMap<object, () => Promise<void>>();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (reply.statusCode >= 300 || !TOLD_ROUTES.has(route) || typeof payload !== 'string') return payload;
    if (route === MARK_SOLD_ROUTE) {
      const id = (request.params as { id?: string }).id;
      const cancelled = (JSON.parse(payload) as { cancelledBookings?: number }).cancelledBookings ?? 0;
      if (id && cancelled > 0) told.set(request, () => notifications.bookingsCancelled(id));
    } else if (route === VERIFY_ROUTE) {
      // Told only by the call that made the change (a repeated verify modifies nothing).
      const id = (request.params as { id?: string }).id;
      const changed = (JSON.parse(payload) as { modifiedCount?: number }).modifiedCount === 1;
      if (id && changed) told.set(request, () => notifications.sellerVerified(id));
    } else if (route === ORDER_ROUTE) {
      const id = (JSON.parse(payload) as { insertedId?: string }).insertedId;
      if (id) told.set(request, () => notifications.orderPlaced(id));
    } else {
      const id = (request.body as { OrderId?: string } | undefined)?.OrderId;
      if (id) told.set(request, () => notifications.orderPaidOnce(id));
    }
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const tell = told.get(request);
    if (tell) await tell().catch((err) => request.log.error({ err }, 'talk: notification failed'));
  });
  // Streams end as soon as the instance starts draining (lib/drain.ts), before it waits for its
  // connections to close: browsers reconnect through the proxy to another instance. preClose covers
  // an app closed without a drain (tests).
  app.drain.onDrain(() => streams.closeAll());
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => {
    await bus.close();
    await counters.close();
  });

  const routes: FastifyPluginAsync = async (api) => {
    await bus.ready();
    await api.register(eventsRoutes, {
      bus,
      streams,
      sessionsAlive: async (ids) => {
        const rows = await database.query<{ id: string }>(
          'events_sessions_alive',
          'select id from session where id = any($1::uuid[]) and expires_at > now()',
          [ids],
        );
        return new Set(rows.map((r) => r.id));
      },
    });
    await api.register(talkRoutes, { conversations, notifications });
    await api.register(alertsRoutes, { alerts });
  };
  return { routes, notifications, bus };
}
