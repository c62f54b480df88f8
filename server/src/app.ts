import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createAuth, isAdminEmail, resolveSecret } from './auth/auth';
import { registerAuth } from './auth/plugin';
import { frameworkErrors, installErrorHandler } from './lib/error-handler';
import { rejectUnstorableText } from './lib/input-guard';
import { createCounterStore, registerRateLimits } from './lib/rate-limit';
import { registerNoStore, registerOriginCheck, registerSecurityHeaders } from './lib/security';
import { parseJsonBody } from './lib/json-body';
import { openapiTransform, openapiTransformObject } from './lib/openapi';
import { requestLogSerializer } from './lib/log-redaction';
import { RequestLogController } from './lib/request-log';
import { requestIdOf, sendRequestIdHeader } from './lib/request-id';
import { createDrain, registerDrain } from './lib/drain';
import { registerIdempotency } from './lib/idempotency';
import { registerMetrics } from './lib/metrics';
import { mailSettingsService } from './modules/me/mail-settings';
import { meRoutes } from './modules/me/routes';
import { salesRoutes } from './modules/sales/routes';
import { salesService } from './modules/sales/service';
import { catalogService } from './modules/catalog/service';
import { catalogRoutes } from './modules/catalog/routes';
import { devicesService } from './modules/devices/service';
import { devicesRoutes } from './modules/devices/routes';
import { listingService } from './modules/listing/service';
import { listingRoutes } from './modules/listing/routes';
import { photosService } from './modules/uploads/service';
import { mediaRoutes, uploadsRoutes } from './modules/uploads/routes';
import { createStorage } from './storage';
import { usersService } from './modules/users/service';
import { usersRoutes } from './modules/users/routes';
import { ordersService } from './modules/orders/service';
import { ordersRoutes } from './modules/orders/routes';
import { handoffCodes } from './modules/handoff/codes';
import { handoffRoutes } from './modules/handoff/routes';
import { handoffService } from './modules/handoff/service';
import { paymentsService } from './modules/payments/service';
import { paymentsRoutes } from './modules/payments/routes';
import { financeService } from './modules/payouts/finance';
import { payoutsRoutes } from './modules/payouts/routes';
import { payoutsService } from './modules/payouts/service';
import { systemRoutes } from './modules/system/routes';
import { auditService } from './modules/audit/service';
import { auditRoutes } from './modules/audit/routes';
import { registerEvents } from './modules/events/plugin';
import { meetupRoutes } from './modules/meetup/routes';
import { meetupService } from './modules/meetup/service';
import { placesRoutes } from './modules/places/routes';
import { notificationsService } from './modules/notifications/service';
import { notificationsRoutes } from './modules/notifications/routes';
import { subscribeModules } from './modules/subscribers';
import { createDomainEvents } from './lib/domain-events';
import { conversationsService } from './modules/conversations/service';
import { conversationsRoutes } from './modules/conversations/routes';
import { alertsService } from './modules/alerts/service';
import { alertsRoutes } from './modules/alerts/routes';
import { favoritesService } from './modules/alerts/favorites';
import { favoritesRoutes } from './modules/alerts/favorites-routes';
import { offersService } from './modules/offers/service';
import { offersRoutes } from './modules/offers/routes';
import { recentlyViewedService } from './modules/recently-viewed/service';
import { recentlyViewedRoutes } from './modules/recently-viewed/routes';
import { moderationService } from './modules/trust/moderation';
import { reviewsService } from './modules/trust/reviews';
import { trustRoutes } from './modules/trust/routes';
import { createPaymentProvider, type Payments } from './modules/payments/providers';
import { createJobRunner } from './jobs/runner';
import { createMailer } from './mail/mailer';
import { devMailRoutes } from './mail/dev-routes';
import { pageRoutes } from './modules/pages/routes';
import { registerCompression } from './lib/compression';
import { logDestination } from './lib/log-destination';

export type AppDeps = {
  config: Config;
  database: Database;
  payments?: Payments;
  /** The time background jobs go by (tests move it on instead of sleeping). */
  clock?: () => Date;
  /** Where log lines go instead of stdout (when LOG_LEVEL is not silent): e.g. logDestination(file). */
  logStream?: { write(line: string): void };
};

/** proxy-addr's trust function for a hop count: the socket's peer is hop 0, the next X-Forwarded-For entry hop 1. */
function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole shop (API + web app) without listening; main.ts and the tests both use it. */
export async function buildApp({ config, database, payments, clock, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Emails and tokens in URLs (?email=, ?token=, /users/buyer/<email>) never reach the log, nor
            // do headers: the request is logged as method, redacted URL, host and peer only, so cookies and
            // Authorization have nothing to redact (pino's redact cost 0.6-1.6 % of the server's CPU per request
            // on a product list, for nothing; no-store-and-log-redaction.test.ts checks every level).
            serializers: { req: requestLogSerializer },
            // stdout unless told otherwise, through pino's own writer, a turn's lines at a time (lib/log-destination.ts).
            stream: logStream ?? logDestination(),
          },
    // Fastify 5.12 reads a bare hop count as "trust no hop" (it cannot check the peer), which made
    // TRUST_PROXY=1 behind nginx see every client as nginx's address. The setting means "the nearest
    // N hops are our proxies": passed as the function proxy-addr calls with each hop's index.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 300 },
    frameworkErrors,
    // Each request's id (lib/request-id.ts): nginx's X-Request-Id when valid, labelled requestId in every log line.
    genReqId: requestIdOf,
    // One line per request, when it is answered (lib/request-log.ts).
    logController: new RequestLogController({ requestIdLogLabel: 'requestId' }),
    // Shutting down drains first (lib/drain.ts); a request still arriving at close is answered, not refused with 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  sendRequestIdHeader(app);
  registerDrain(app, createDrain());
  registerMetrics(app, { database, ...config.metrics, host: config.host });
  rejectUnstorableText(app);

  // JSON bodies (lib/json-body.ts): a blank one reads as no body, a too deeply nested one is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // CSP, frame-ancestors none, nosniff, referrer policy (lib/security.ts); foreign-Origin writes refused;
  // per-IP and per-email abuse limits (lib/rate-limit.ts), counted in Redis when REDIS_URL is set.
  await registerSecurityHeaders(app, config);
  registerOriginCheck(app, config);
  registerNoStore(app);
  // Counters of the per-IP limits, and of the bookings a person made in a day (modules/orders).
  const counters = await createCounterStore(config, app.log);
  await registerRateLimits(app, {
    store: counters,
    apiMax: config.rateLimit.max,
    authMax: config.rateLimit.authMax,
    emailHourlyMax: config.rateLimit.emailHourlyMax,
  });

  // Booking and paying sent with an Idempotency-Key are done once, a repeat answered as the first
  // (lib/idempotency.ts); before compression, which would otherwise hand it the compressed answer.
  const idempotency = registerIdempotency(app, database.db);

  // API answers (and pages, sitemaps) over 1 KB go out as brotli or gzip; the event stream and files
  // already compressed (the web build's .br/.gz, photos) are sent as they are (lib/compression.ts).
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.shopName} API`,
        version: '1.0.0',
        description:
          "The shop's paths and answer shapes, under /api; the original client's calls keep the shapes it reads. Identity comes from the session cookie set by /api/auth.",
        contact: { name: `${config.shopName} maintainers` },
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } } },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  // The docs page is served under the shop's own CSP (lib/security.ts), which it satisfies.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { db } = database;
  // Background jobs: each due time runs on one instance, however many share the database.
  const jobs = createJobRunner({ db, log: app.log, enabled: config.jobsEnabled, clock });
  // Mail is queued in an outbox table and sent by a job (mail/mailer.ts); without SMTP_URL outside
  // production it is kept in the development outbox instead (/dev/mail).
  const mailSettings = mailSettingsService(db);
  const mailer = createMailer({
    db,
    log: app.log,
    jobs,
    clock,
    ...config.mail,
    baseUrl: config.baseUrl,
    shopName: config.shopName,
    isOptedOut: mailSettings.isOptedOut,
  });
  /** What the modules that send mail need: the mailer, and the shop's address for links. */
  const mail = { mailer, baseUrl: config.baseUrl, shopName: config.shopName };
  app.decorate('mailer', mailer);
  // A session that ends (sign-out, revoked, suspension, deletion) ends its open event streams on every instance.
  const sessionsEnded = (userIds: string[]) => events.bus.sessionsEnded(userIds);
  const auth = createAuth(config, db, mailer, sessionsEnded);
  registerAuth(app, auth, { requireAdmin2fa: config.requireAdmin2fa });
  const pay = payments ?? (await createPaymentProvider(config, db));
  const codes = handoffCodes(resolveSecret(config));
  // What services state once their change committed (order placed, payment held, ...): the bell and
  // the live stream subscribe below (modules/subscribers.ts).
  const domainEvents = createDomainEvents(app.log);
  app.decorate('domainEvents', domainEvents);
  // Sellers paid through the provider: payout accounts, the shop's fee, transfers, the ledger's views.
  const payouts = payoutsService({
    db,
    provider: pay.provider,
    fee: config.payments.fee,
    baseUrl: config.baseUrl,
    log: app.log,
  });
  const paymentsSvc = paymentsService({
    db,
    provider: pay.provider,
    log: app.log,
    mail,
    codes,
    events: domainEvents,
    terms: payouts.chargeTerms,
    connect: payouts.handleConnectEvent,
  });
  jobs.register({ name: 'payouts.transfer-owed', everyMs: 15 * 60_000, run: payouts.transferSweep });

  const photos = photosService({ db, storage: createStorage(config.storage), log: app.log, limits: config.uploads });
  // One catalog service for every module that reads products, so they share its row-estimate cache.
  const devices = devicesService(database);
  app.addHook('onClose', async () => devices.close());
  const catalog = catalogService(database, devices);
  jobs.register({ name: 'uploads.cleanup', everyMs: 60 * 60_000, run: photos.cleanup });
  const refundSweep = jobs.register({ name: 'payments.refund-sweep', everyMs: 5 * 60_000, run: paymentsSvc.sweepRefunds });
  jobs.register({ name: 'payments.forget-webhook-events', everyMs: 60 * 60_000, run: paymentsSvc.forgetWebhookEvents });
  jobs.register({ name: 'idempotency.forget', everyMs: 60 * 60_000, run: idempotency.forget });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  // The live event stream (SSE) every module below publishes to; it registers its own routes.
  const events = registerEvents(app, { config, database, jobs });
  // The bell (and its mails), conversations between buyer and seller, saved searches and price alerts.
  const notifications = notificationsService({ database, bus: events.bus, mailer, baseUrl: config.baseUrl });
  const messageCounters = await createCounterStore(config, app.log);
  app.addHook('onClose', async () => messageCounters.close());
  const conversations = conversationsService({
    database,
    bus: events.bus,
    notifications,
    counters: messageCounters,
    messageRateMax: config.messageRateMax,
  });
  const alerts = alertsService({ database, notifications });
  subscribeModules(domainEvents, { notifications, live: events.bus, conversations });
  jobs.register({ name: 'alerts.saved-searches', everyMs: 10 * 60_000, run: ({ now }) => alerts.runSavedSearches(now) });
  const priceDrops = jobs.register({ name: 'alerts.price-drops', everyMs: 5 * 60_000, run: () => alerts.runPriceDrops() });
  // Favourites (the heart) are the price watches: one feature. Their sale is told by its own job.
  const favorites = favoritesService({
    db,
    notify: (userId, n) => notifications.create(userId, { kind: 'favorite-sold', ...n }),
  });
  jobs.register({ name: 'alerts.sold-favorites', everyMs: 5 * 60_000, run: () => favorites.runSoldFavorites() });
  // Offers publish offer.* domain events; the bell, mail, conversation and tabs subscribe (modules/subscribers.ts).
  const offers = offersService({ db, events: domainEvents, limits: config.offers, clock: clock ?? (() => new Date()) });
  jobs.register({ name: 'offers.sweep', everyMs: 5 * 60_000, run: offers.sweep });
  // The meeting: code, capture on confirmation, decline/dispute cases; stale holds released, unpaid bookings expired.
  const handoff = handoffService({
    db,
    provider: pay.provider,
    codes,
    photos,
    events: domainEvents,
    log: app.log,
    clock: clock ?? (() => new Date()),
    ...config.handoff,
    afterCapture: payouts.transferOwed,
  });
  // Reviews and seller pages: the API's and the seller page's head read the same profile.
  const reviews = reviewsService({ database, notifications: notifications });
  jobs.register({ name: 'handoff.release-stale-holds', everyMs: 15 * 60_000, run: handoff.releaseStaleHolds });
  jobs.register({ name: 'handoff.expire-unpaid', everyMs: 15 * 60_000, run: handoff.expireUnpaid });
  // Meetings: the agreed place and time of each booking, reminders before it and a follow-up after.
  const meetup = meetupService({
    db,
    mailer,
    baseUrl: config.baseUrl,
    shopName: config.shopName,
    notifications,
    clock: clock ?? (() => new Date()),
  });
  jobs.register({ name: 'meetings.remind', everyMs: 5 * 60_000, run: meetup.remindDue });
  jobs.register({ name: 'meetings.follow-up', everyMs: 15 * 60_000, run: meetup.followUpPassed });
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(systemRoutes, {
        ping: database.ping,
        isDraining: () => app.drain.draining,
        google: !!config.google,
        paymentProvider: pay.provider.name,
        platformFee: config.payments.fee,
      });
      await api.register(catalogRoutes, { catalog });
      await api.register(placesRoutes, { warm: config.env === 'production' });
      await api.register(meetupRoutes, { meetup });
      await api.register(devicesRoutes, { devices });
      await api.register(uploadsRoutes, { photos });
      await api.register(usersRoutes, {
        users: usersService(db, { isAdminEmail: (e) => isAdminEmail(config, e), mail, sessionsEnded, events: domainEvents }),
      });
      await api.register(ordersRoutes, { orders: ordersService(db, mail, { counters, ...config.bookings }, domainEvents) });
      await api.register(handoffRoutes, { handoff });
      await api.register(meRoutes, { mailSettings });
      await api.register(salesRoutes, { sales: salesService(db) });
      await api.register(auditRoutes, { audit: auditService(db) });
      await api.register(events.routes);
      await api.register(conversationsRoutes, { conversations });
      await api.register(notificationsRoutes, { notifications });
      await api.register(alertsRoutes, { alerts });
      await api.register(favoritesRoutes, { favorites });
      await api.register(offersRoutes, { offers, ...config.offers });
      await api.register(recentlyViewedRoutes, { recentlyViewed: recentlyViewedService(db) });
      // Reviews, seller pages, reports and moderation; outcomes reach people through notifications.
      await api.register(trustRoutes, {
        reviews,
        moderation: moderationService({
          database,
          notifications,
          hideThreshold: config.reportHideThreshold,
          sessionsEnded,
        }),
        catalog,
      });
      await api.register(listingRoutes, {
        listing: listingService(db, { mail, photos, onPriceCut: priceDrops.nudge, events: domainEvents }),
        catalog,
        devices,
      });
      await api.register(paymentsRoutes, {
        payments: paymentsSvc,
        simulated: pay.simulated,
        afterWebhook: refundSweep.nudge,
      });
      await api.register(payoutsRoutes, {
        payouts,
        finance: financeService({
          db,
          holdDays: config.handoff.holdDays,
          shop: { name: config.shopName, url: config.baseUrl },
          refundPayment: paymentsSvc.refundPayment,
        }),
        simulated: pay.simulated,
      });
    },
    { prefix: '/api' },
  );
  await app.register(devMailRoutes, { mailer });
  await app.register(mediaRoutes, { storage: photos.storage });

  // The built web app: hashed assets cached for a year, served precompressed (.br/.gz written by the
  // build) to browsers that accept it; index.html for every other page (SPA routes), read from disk on
  // each request so a rebuild never leaves it pointing at assets that are gone.
  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The page shell and the manifest carry the shop's name (SHOP_NAME): pages routes serve them.
      globIgnore: ['index.html', 'index.html.*', 'manifest.webmanifest', 'manifest.webmanifest.*'],
      preCompressed: true,
      setHeaders: (reply, file) => {
        const cache = file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : // The page, and the service worker and manifest that must follow each deploy (the worker's
            // update check and the update prompt depend on it).
            /^(index\.html|sw\.js|manifest\.webmanifest)/.test(path.basename(file))
            ? 'no-cache'
            : 'public, max-age=3600';
        reply.header('cache-control', cache);
      },
    });
  } else {
    app.log.warn({ webDist: config.webDist }, 'web app not built: run `npm run build` (the API still works)');
  }
  // The app's pages with statuses that mean what they say (404 unknown, 410 removed listing), robots.txt, sitemaps.
  await app.register(pageRoutes, {
    database,
    baseUrl: config.baseUrl,
    shopName: config.shopName,
    google: Boolean(config.google),
    web: fs.existsSync(path.join(config.webDist, 'index.html'))
      ? {
          dist: config.webDist,
          ssr: fs.existsSync(config.webSsr) ? config.webSsr : undefined,
          catalog,
          reviews,
          personal: { favorites, notifications, conversations, events: events.bus },
        }
      : undefined,
  });

  return app;
}
