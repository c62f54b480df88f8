import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The port metrics are served on when METRICS_PORT is set (useful when it is 0: any free port). */
    metricsPort?: () => number | undefined;
  }
}

/**
 * Prometheus metrics. Two registries: the process's (Node's own metrics: CPU, memory, event-loop
 * delay, GC; and the counters modules bump, exported here), and one per app (HTTP, database pool,
 * queues), since tests run many apps in one process. /metrics serves both.
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/** What POST /api/payments answered: `succeeded`, or the error code (item_sold, payment_not_verified, ...). */
export const paymentOutcomes = new Counter({
  name: 'shop_payments_total',
  help: 'Payments recorded through POST /api/payments, by outcome (succeeded or the error code answered)',
  labelNames: ['outcome'],
  registers: [processRegistry],
});

/** A request that matched no route is counted under this route label, never its raw URL (unbounded). */
const NO_ROUTE = '(no route)';

function appRegistry(app: FastifyInstance, database: Database) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  // Per request only what a scrape cannot work out: the counts, the durations' buckets and the
  // in-flight number are plain numbers here, handed over or written out when /metrics is read
  // (prom-client's inc() and observe() check and hash the labels on every call); the hooks are
  // callbacks, not async functions (no promise per request). On a product list at full load these
  // metrics took about 4 % of the server's CPU with inc(), then 5 % with observe() alone.
  const counts = new Map<
    string,
    { labels: { method: string; route: string; status_code: number }; n: number; durations: Durations }
  >();
  let inFlightNow = 0;
  new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, n } of counts.values()) this.inc(labels, n);
    },
  });
  new Gauge({
    name: 'shop_http_requests_in_flight',
    help: 'HTTP requests being answered right now',
    registers: [registry],
    collect() {
      this.set(inFlightNow);
    },
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlightNow++;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    inFlightNow--;
    const route = request.routeOptions.url ?? NO_ROUTE;
    const key = `${request.method} ${route} ${reply.statusCode}`;
    let count = counts.get(key);
    if (!count) {
      count = { labels: { method: request.method, route, status_code: reply.statusCode }, n: 0, durations: new Durations() };
      counts.set(key, count);
    }
    count.n++;
    count.durations.observe(reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'shop_event_streams_open',
    help: 'Event streams (server-sent events, GET /api/events) open on this instance',
    registers: [registry],
    collect() {
      // The stream registry of modules/events, decorated by the talk plugin after this one is set up.
      this.set(app.hasDecorator('eventStreams') ? app.eventStreams.count() : 0);
    },
  });
  new Gauge({
    name: 'shop_draining',
    help: '1 while this instance is shutting down (GET /api/ready answers 503)',
    registers: [registry],
    collect() {
      this.set(app.drain.draining ? 1 : 0);
    },
  });

  const { poolStats } = database;
  if (poolStats) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total open, idle); waiting counts queries queued for a connection',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
    new Gauge({
      name: 'shop_db_pool_max',
      help: 'The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE)',
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  // Queues live in the database (shared by the instances), so these are the same on every instance.
  new Gauge({
    name: 'shop_queue_depth',
    help: 'Work waiting in the database queues: jobs due and unclaimed (jobs), mails not yet sent (mail_outbox)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      try {
        const rows = await database.query<{ jobs: number; mails: number }>(
          'shop_metrics_queue_depth',
          `select
            (select count(*)::int from job where next_run_at <= now() and (locked_until is null or locked_until <= now())) as jobs,
            (select count(*)::int from mail_outbox where next_attempt_at is not null) as mails`,
        );
        this.set({ queue: 'jobs' }, rows[0]?.jobs ?? Number.NaN);
        this.set({ queue: 'mail_outbox' }, rows[0]?.mails ?? Number.NaN);
      } catch {
        this.set({ queue: 'jobs' }, Number.NaN);
        this.set({ queue: 'mail_outbox' }, Number.NaN);
      }
    },
  });
  /** The durations in Prometheus text, after the registry's metrics. */
  const durationsText = () => histogramText(counts.values());
  return { registry, durationsText };
}

/** Upper bounds (seconds) of the request-duration histogram's buckets; +Inf is the count. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One label set's durations: how many fell in each bucket (not cumulative), their sum and count. */
class Durations {
  readonly inBucket = new Array<number>(DURATION_BUCKETS.length).fill(0);
  sum = 0;
  count = 0;
  observe(seconds: number) {
    const i = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
    if (i >= 0) this.inBucket[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/** A label value as the Prometheus text format writes it: backslash, double quote and newline escaped. */
const labelValue = (v: string | number) => String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Record<string, string | number>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${labelValue(v)}"`)
    .join(',');

/**
 * shop_http_request_duration_seconds in the Prometheus text format (0.0.4), as prom-client wrote it:
 * cumulative `_bucket` lines with `le` first, then `_sum` and `_count`, per label set.
 */
function histogramText(series: Iterable<{ labels: Record<string, string | number>; durations: Durations }>): string {
  const name = 'shop_http_request_duration_seconds';
  const lines = [
    `# HELP ${name} Time to answer an HTTP request, by method, route pattern and status code`,
    `# TYPE ${name} histogram`,
  ];
  for (const { labels, durations } of series) {
    const rest = labelText(labels);
    let cumulative = 0;
    DURATION_BUCKETS.forEach((bound, i) => {
      cumulative += durations.inBucket[i]!;
      lines.push(`${name}_bucket{le="${bound}",${rest}} ${cumulative}`);
    });
    lines.push(`${name}_bucket{le="+Inf",${rest}} ${durations.count}`);
    lines.push(`${name}_sum{${rest}} ${durations.sum}`);
    lines.push(`${name}_count{${rest}} ${durations.count}`);
  }
  return `${lines.join('\n')}\n`;
}

const sameToken = (given: string, token: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Metrics of this app, served as Prometheus text: on their own port (METRICS_PORT, e.g. reachable by
 * the scraper only), or at /metrics on the shop's port behind `Authorization: Bearer METRICS_TOKEN`;
 * a token set with a port is required there too. Neither set: no /metrics at all.
 */
export function registerMetrics(app: FastifyInstance, opts: { database: Database; token?: string; port?: number; host: string }) {
  const { registry, durationsText } = appRegistry(app, opts.database);
  const render = async () => `${await registry.metrics()}\n${durationsText()}\n${await processRegistry.metrics()}`;
  const authorised = (header: string | undefined) =>
    !opts.token || (header?.startsWith('Bearer ') === true && sameToken(header.slice(7), opts.token));

  if (opts.port !== undefined) {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://metrics');
      if (req.method !== 'GET' || url.pathname !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
        return;
      }
      if (!authorised(req.headers.authorization)) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
        return;
      }
      render().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err) => {
          app.log.error({ err }, 'metrics could not be collected');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
        },
      );
    });
    app.decorate('metricsPort', () => {
      const a = server.address();
      return typeof a === 'object' && a ? a.port : undefined;
    });
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(opts.port, opts.host, () => resolve());
        }),
    );
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    return;
  }
  if (!opts.token) return;
  // Prometheus text for a scraper, not part of the JSON API: kept out of the OpenAPI document. Scrapes
  // are logged at warn only, so a 15 s scrape interval does not fill the log.
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorised(request.headers.authorization))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'unauthorized', message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.' });
    return reply.type(registry.contentType).send(await render());
  });
}
