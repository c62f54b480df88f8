import crypto from 'node:crypto';
import net from 'node:net';
import { z } from 'zod';
import { DEFAULT_SHOP_NAME } from '@shop/contract/constants';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
);

/** The demo accounts' password outside production: printed in the README, so never used in production. */
const PUBLIC_DEMO_PASSWORD = 'demo-shop-2026';

/** proxy-addr's names for address ranges, allowed in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`, a hop count (how many proxies stand in front of the shop) or a comma list of
 * the proxies' addresses, CIDRs or range names. `true` (trust every hop) would let any client pick its
 * own IP through X-Forwarded-For and so escape every per-IP limit: refused, with the reason.
 */
function parseTrustProxy(value: string): { ok: false | number | string[] } | { error: string } {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '' || v === '0') return { ok: false };
  if (v === 'true')
    return {
      error:
        '`true` trusts X-Forwarded-For from anyone, so any client could choose its own IP. Set the number of proxies in front of the shop (e.g. 1) or their addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    };
  if (/^\d+$/.test(v)) return { ok: Number(v) };
  const entries = v.split(',').map((x) => x.trim());
  const bad = entries.find((x) => {
    if (PROXY_RANGE_NAMES.has(x)) return false;
    const [ip = '', bits, ...rest] = x.split('/');
    const kind = net.isIP(ip);
    if (!kind || rest.length) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (kind === 4 ? 32 : 128);
  });
  if (bad !== undefined)
    return {
      error: `"${bad}" is not a hop count, an IP address, a CIDR or one of loopback, linklocal, uniquelocal`,
    };
  return { ok: entries };
}

/** Every setting of the server. Documented in .env.example; keep both in step. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    FAST_PASSWORD_HASH: bool.optional(),
    PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
    BASE_URL: z.url().optional(),
    SHOP_NAME: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(60, 'must be at most 60 characters')
      .regex(/^[^<>"\\\p{Cc}]+$/u, 'must not contain < > " \\ or control characters')
      .default(DEFAULT_SHOP_NAME),
    EXTRA_TRUSTED_ORIGINS: list.default([]),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    PGLITE_FSYNC: z
      .enum(['on', 'off', 'true', 'false', '1', '0'])
      .transform((v) => v === 'on' || v === 'true' || v === '1')
      .default(true),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number({ message: 'must be a number' }).int().min(1).max(200).default(10),
    SEED_DEMO: bool.optional(),
    DEMO_PASSWORD: z.string().min(8).optional(),
    ADMIN_EMAILS: list.default([]),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: z.string().default('false'),
    WEB_DIST: z.string().default(path.join(repoRoot, 'web', 'dist')),
    WEB_SSR: z.string().default(path.join(repoRoot, 'web', 'dist-ssr', 'entry-server.js')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PAYMENT_PROVIDER: z.enum(['simulated', 'stripe']).optional(),
    ALLOW_SIMULATED_PAYMENTS: bool.default(false),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.coerce.number({ message: 'must be a number' }).int().optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    PLATFORM_FEE_PERCENT: z.coerce
      .number({ message: 'must be a number' })
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
        message: 'must have at most 2 decimals, like 2.9',
      })
      .default(0),
    PLATFORM_FEE_FIXED_CENTS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be whole cents, like 30')
      .min(0, 'must not be negative')
      .max(100_000, 'must be at most 100000 cents')
      .default(0),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER_URL: z.url().default('https://accounts.google.com'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('shop:'),
    RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(300),
    AUTH_RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(10),
    AUTH_EMAIL_HOURLY_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(100),
    MESSAGE_RATE_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(30),
    EVENT_STREAMS_PER_USER: z.coerce.number({ message: 'must be a number' }).int().min(1).max(1000).default(10),
    EVENT_HEARTBEAT_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(55).default(15),
    UPLOADS_PER_HOUR: z.coerce.number({ message: 'must be a number' }).int().min(1).default(60),
    UNUSED_UPLOADS_MAX: z.coerce.number({ message: 'must be a number' }).int().min(8).default(40),
    UNPAID_BOOKING_HOURS: z.coerce.number({ message: 'must be a number' }).positive().default(48),
    BOOKINGS_OPEN_UNPAID_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(3),
    BOOKINGS_PER_DAY_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(10),
    OFFER_MIN_PERCENT: z.coerce.number({ message: 'must be a number' }).int().min(1).max(99).default(50),
    OFFERS_OPEN_MAX: z.coerce.number({ message: 'must be a number' }).int().min(1).default(5),
    HANDOFF_HOLD_DAYS: z.coerce
      .number({ message: 'must be a number' })
      .positive()
      .max(6, 'must be at most 6 (a card hold lasts about 7 days)')
      .default(6),
    REPORT_HIDE_THRESHOLD: z.coerce.number({ message: 'must be a number' }).int().min(1).default(3),
    JOBS_ENABLED: bool.default(true),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).optional(),
    SHUTDOWN_GRACE_MS: z.coerce.number({ message: 'must be a number' }).int().min(1000).default(20_000),
    DRAIN_IDLE_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(6_000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#\s]+/, 'must be smtp://[user:pass@]host[:port] or smtps://…')
      .optional(),
    MAIL_FROM: z.string().regex(/@/, 'must be a mail address, e.g. "SecondByte" <no-reply@shop.example>').optional(),
    REQUIRE_ADMIN_2FA: bool.optional(),
    MEDIA_DIR: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENT_PROVIDER=stripe' });
    if (env.FAST_PASSWORD_HASH && env.NODE_ENV !== 'test')
      ctx.addIssue({
        code: 'custom',
        path: ['FAST_PASSWORD_HASH'],
        message: 'is for the test suites only (NODE_ENV=test): it makes password hashes cheap to guess',
      });
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
    if (env.NODE_ENV === 'production' && !env.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required when NODE_ENV=production: the shop mails sign-up links and password resets (e.g. smtp://user:pass@smtp.example.com:587)',
      });
    if (env.NODE_ENV === 'production' && !env.BASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['BASE_URL'],
        message: 'is required when NODE_ENV=production: the public origin of the shop (e.g. https://shop.example.com)',
      });
    if (env.NODE_ENV === 'production' && env.DEMO_PASSWORD === PUBLIC_DEMO_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_PASSWORD'],
        message: 'the public demo password is refused when NODE_ENV=production; unset it for a random one',
      });
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK's own credentials)",
      });
    if (!env.S3_BUCKET && env.S3_ENDPOINT)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT is set' });
    const trust = parseTrustProxy(env.TRUST_PROXY);
    if ('error' in trust) ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: trust.error });
    const provider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'simulated');
    if (provider === 'simulated' && env.NODE_ENV === 'production' && !env.ALLOW_SIMULATED_PAYMENTS)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the simulated provider takes no real money; refused when NODE_ENV=production unless ALLOW_SIMULATED_PAYMENTS=true',
      });
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses the environment; throws one error listing every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trust = parseTrustProxy(e.TRUST_PROXY);
  const trustProxy = 'ok' in trust ? trust.ok : false;
  const production = e.NODE_ENV === 'production';
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    /**
     * This machine only unless HOST says otherwise: the demo accounts' password is published and the
     * development outbox holds password-reset links, so the network gets nothing it was not opened to.
     */
    host: e.HOST ?? '127.0.0.1',
    baseUrl,
    /**
     * The shop's name (SHOP_NAME), the one place it is set: page titles and the header the server
     * writes (and the web app reads from the page), the app manifest, every mail, the sign-in
     * provider's and the authenticator app's label.
     */
    shopName: e.SHOP_NAME,
    trustedOrigins: [baseUrl, ...e.EXTRA_TRUSTED_ORIGINS, ...(e.NODE_ENV === 'development' ? ['http://localhost:5173'] : [])],
    dataDir: path.resolve(e.DATA_DIR),
    /** Embedded database only: commits are on disk before they are acknowledged. Off for throwaway demos. */
    pgliteFsync: e.PGLITE_FSYNC,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    embedded,
    /** Production seeds the demo shop only when SEED_DEMO=true says so. */
    seedDemo: production ? e.SEED_DEMO === true : (e.SEED_DEMO ?? embedded),
    /** In production, without DEMO_PASSWORD, a random one (shown once, when the accounts are made). */
    demoPassword: e.DEMO_PASSWORD ?? (production ? crypto.randomBytes(12).toString('base64url') : PUBLIC_DEMO_PASSWORD),
    demoPasswordShownOnce: production,
    adminEmails: e.ADMIN_EMAILS,
    authSecret: e.BETTER_AUTH_SECRET,
    /** NODE_ENV=test only: new password hashes do a 32nd of the work (auth/password-hash.ts, decision 075). */
    fastPasswordHash: e.FAST_PASSWORD_HASH === true,
    trustProxy,
    webDist: path.resolve(e.WEB_DIST),
    /** The web app's server renderer (`npm run build` writes it); public pages go out without their body when it is missing. */
    webSsr: path.resolve(e.WEB_SSR),
    logLevel: e.LOG_LEVEL,
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? ('stripe' as const) : ('simulated' as const)),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      /** The signing secret of the Connect endpoint (connected accounts' events), when it is another endpoint. */
      stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
      stripeApi: e.STRIPE_API_HOST
        ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL ?? 'https' }
        : undefined,
      /** The shop's commission on each sale (contract platformFeeCents). */
      fee: { percent: e.PLATFORM_FEE_PERCENT, fixedCents: e.PLATFORM_FEE_FIXED_CENTS },
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.OIDC_ISSUER_URL.replace(/\/$/, '') }
        : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /** Messages one person may send a minute, all conversations together. */
    messageRateMax: e.MESSAGE_RATE_MAX,
    /** Live event streams (GET /api/events) one person may hold open on one instance. */
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    /**
     * How often an open event stream gets a comment line (so a proxy never sees it idle for its read
     * timeout, nginx's 60 s) and the instance checks that the streams' sessions still exist.
     */
    eventHeartbeatMs: e.EVENT_HEARTBEAT_SECONDS * 1000,
    /** Photos one seller may upload an hour, and hold uploaded but on no listing at once. */
    uploads: { perHour: e.UPLOADS_PER_HOUR, unusedMax: e.UNUSED_UPLOADS_MAX },
    /**
     * Bookings one person may hold unpaid at once, and make in 24 hours (deleted and cancelled ones
     * count): past either, 429.
     */
    bookings: { openUnpaidMax: e.BOOKINGS_OPEN_UNPAID_MAX, perDayMax: e.BOOKINGS_PER_DAY_MAX },
    /** Offers (modules/offers): the least offer as a percentage of the price, and the offers one buyer may have open at once. */
    offers: { minPercent: e.OFFER_MIN_PERCENT, openMax: e.OFFERS_OPEN_MAX },
    /** The hand-off (modules/handoff): bookings unpaid this long expire; held money not confirmed this long is released. */
    handoff: { unpaidHours: e.UNPAID_BOOKING_HOURS, holdDays: e.HANDOFF_HOLD_DAYS },
    /**
     * Open reports by different people that hide a listing until an admin reviews it; only people with
     * a history (a completed order, or an account older than 7 days) or a moderator count.
     */
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    rateLimit: { max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX, emailHourlyMax: e.AUTH_EMAIL_HOURLY_MAX },
    /** Background jobs (jobs/runner.ts): off for tests and the bench that do not exercise them. */
    jobsEnabled: e.JOBS_ENABLED,
    /** Prometheus metrics (lib/metrics.ts): on their own port, or at /metrics behind the bearer token; else off. */
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    /**
     * Stopping (lib/drain.ts): at most `idleMs` for the proxy's idle keep-alive connections to go
     * (more than its upstream keepalive_timeout), and `graceMs` for the whole shutdown before exit.
     */
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, idleMs: Math.min(e.DRAIN_IDLE_MS, e.SHUTDOWN_GRACE_MS - 1000) },
    /** Outgoing mail (mail/mailer.ts): over SMTP when smtpUrl is set, else the development outbox (/dev/mail). */
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.SHOP_NAME}" <no-reply@${new URL(baseUrl).hostname}>`,
    },
    /** Uploaded photos (storage/index.ts): an S3-compatible bucket when S3_BUCKET is set, else a folder. */
    storage: e.S3_BUCKET
      ? {
          kind: 's3' as const,
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // S3-compatible stores (MinIO, s3rver...) at their own endpoint mostly want bucket-in-path URLs.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        }
      : { kind: 'disk' as const, dir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')) },
    /** Admin calls answer 403 two_factor_required until the admin has two-factor sign-in on. */
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA ?? e.NODE_ENV === 'production',
  };
}
