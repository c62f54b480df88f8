import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from './errors';
import { normalisedPath, requestPath } from './request-path';

/**
 * Abuse limits, all in one place:
 *  - every /api call: RATE_LIMIT_MAX a minute per client IP, by @fastify/rate-limit (its hook, headers
 *    and 429), counting in the store below;
 *  - sign-in, sign-up, change-password and two-factor codes: AUTH_RATE_LIMIT_MAX a minute per client
 *    IP; sign-in / sign-up also AUTH_RATE_LIMIT_MAX a minute and AUTH_EMAIL_HOURLY_MAX an hour per
 *    (email address, client IP). Nothing counted for an address at other IPs refuses an attempt, so
 *    a guesser elsewhere never locks the owner out. Against guessing spread over many IPs, attempts
 *    on one address from all IPs together past AUTH_EMAIL_HOURLY_MAX an hour are slowed (each waits
 *    EMAIL_SLOWDOWN_STEP_MS more per attempt over, up to EMAIL_SLOWDOWN_MAX_MS), never refused.
 * The client IP is `request.ip`, which honours TRUST_PROXY (X-Forwarded-For is read only from trusted
 * proxies), so one client's attempts never spend another client's budget. IPv6 clients are counted per
 * /64, the block one household or VM usually gets. Counters live in Redis when REDIS_URL is set (all
 * instances share them), in memory otherwise; the same store counts the per-account caps of other
 * modules (bookings a day, messages, uploads). Fixed windows. Paths are matched as the URL parser
 * resolves them (lib/request-path.ts), so no other spelling of an address escapes its limit.
 */
export const RATE_WINDOW_MS = 60_000;
const EMAIL_WINDOW_MS = 60 * 60_000;
/** How much longer each attempt on an address waits per attempt past its hourly count from all IPs, and at most. */
export const EMAIL_SLOWDOWN_STEP_MS = 250;
export const EMAIL_SLOWDOWN_MAX_MS = 5_000;

/**
 * Paths exempt from the general limit: load-balancer probes, and Stripe's webhook (Stripe sends from a
 * few IPs; its signature, checked on every call, is the gate there).
 */
const UNLIMITED = new Set(['/api/health', '/api/ready', '/api/webhooks/stripe']);
/** Credential-guessing endpoints of Better Auth (POST), as normalisedPath spells them. */
const AUTH_PATH = /^\/api\/auth\/(sign-in\/[^/]+|sign-up\/[^/]+|change-password|two-factor\/verify-[^/]+)$/;
/** Of those, the ones whose body names the account being tried. */
const AUTH_EMAIL_PATH = /^\/api\/auth\/(sign-in|sign-up)\/[^/]+$/;

export type Hit = { count: number; ttlMs: number };

export interface CounterStore {
  /** Counts one hit on `key` in the current window and answers the count so far and the time left. */
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

/** Counters of one process. Bounded: expired windows are swept, and the oldest keys dropped past `maxKeys`. */
export class MemoryCounterStore implements CounterStore {
  private counters = new Map<string, { count: number; resetAt: number }>();
  private sweeper: NodeJS.Timeout;

  constructor(private readonly maxKeys = 100_000) {
    this.sweeper = setInterval(() => this.sweep(), RATE_WINDOW_MS);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    let c = this.counters.get(key);
    if (!c || c.resetAt <= now) {
      if (c) this.counters.delete(key);
      if (this.counters.size >= this.maxKeys) this.sweep();
      while (this.counters.size >= this.maxKeys) this.counters.delete(this.counters.keys().next().value as string);
      c = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, c);
    }
    c.count += 1;
    return { count: c.count, ttlMs: c.resetAt - now };
  }

  private sweep() {
    const now = Date.now();
    for (const [k, c] of this.counters) if (c.resetAt <= now) this.counters.delete(k);
  }

  async close() {
    clearInterval(this.sweeper);
    this.counters.clear();
  }
}

/** INCR + PEXPIRE in one step: the first hit of a window sets its expiry. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

type RedisWithHit = Redis & { shopRateHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Counters shared by every instance through Redis. When Redis cannot answer, the limits keep working
 * per process (a memory store) rather than failing open or taking the shop down; the error is logged.
 */
export class RedisCounterStore implements CounterStore {
  private fallback = new MemoryCounterStore();
  private lastWarn = 0;

  constructor(
    private readonly redis: RedisWithHit,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisCounterStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    }) as RedisWithHit;
    redis.defineCommand('shopRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.on('error', (err) => log.debug({ err }, 'redis error'));
    try {
      await redis.connect();
    } catch (err) {
      log.error({ err }, 'Redis is not reachable: rate limits are counted per process until it is (reconnecting)');
    }
    return new RedisCounterStore(redis, prefix, log);
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    try {
      const [count, ttlMs] = await this.redis.shopRateHit(this.prefix + key, windowMs);
      return { count: Number(count), ttlMs: Number(ttlMs) };
    } catch (err) {
      if (Date.now() - this.lastWarn > RATE_WINDOW_MS) {
        this.lastWarn = Date.now();
        this.log.error({ err }, 'Redis rate-limit counter failed: counting in this process meanwhile');
      }
      return this.fallback.hit(key, windowMs);
    }
  }

  async close() {
    await this.fallback.close();
    this.redis.disconnect();
  }
}

export async function createCounterStore(config: Config, log: FastifyBaseLogger): Promise<CounterStore> {
  if (!config.redisUrl) return new MemoryCounterStore();
  return RedisCounterStore.connect(config.redisUrl, `${config.redisKeyPrefix}rl:`, log);
}

/** The client as the limits see it: its IP (trustProxy-aware), IPv6 folded to its /64. */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip || 'unknown', 64);
}

function seconds(ttlMs: number) {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

function tooManyMessage(ttlMs: number, what: 'attempts' | 'requests') {
  const s = seconds(ttlMs);
  const wait = s > 90 ? `${Math.ceil(s / 60)} minutes` : `${s} ${s === 1 ? 'second' : 'seconds'}`;
  return `Too many ${what}. Try again in ${wait}.`;
}

function tooMany(reply: FastifyReply, ttlMs: number, what: 'attempts' | 'requests') {
  return reply
    .code(429)
    .header('retry-after', String(seconds(ttlMs)))
    .send({ error: 'rate_limited', message: tooManyMessage(ttlMs, what) });
}

/** @fastify/rate-limit's store interface over one of ours: its counts go to `store` under `prefix`. */
function libraryStore(store: CounterStore, prefix: string) {
  return class implements FastifyRateLimitStore {
    incr(key: string, done: (err: Error | null, res?: { current: number; ttl: number }) => void, windowMs: number) {
      store.hit(prefix + key, windowMs).then(
        (h) => done(null, { current: h.count, ttl: h.ttlMs }),
        (err: Error) => done(err),
      );
    }
    child() {
      return this;
    }
  };
}

/** Whether the per-IP limit counts requests to this URL (every /api route but the probes and the webhook). */
export function rateLimitApplies(url: string): boolean {
  return normalisedPath(url).startsWith('/api/') && !UNLIMITED.has(requestPath(url));
}

/** Installs the limits on the whole app; call before any route is registered. */
export async function registerRateLimits(
  app: FastifyInstance,
  opts: { store: CounterStore; apiMax: number; authMax: number; emailHourlyMax: number },
) {
  const { store, apiMax, authMax, emailHourlyMax } = opts;
  app.addHook('onClose', async () => store.close());

  // The general per-IP limit. Not per route (`global: false`): one onRequest hook for every request,
  // so an /api path no route matches (a 404) is counted too.
  await app.register(fastifyRateLimit, {
    global: false,
    max: apiMax,
    timeWindow: RATE_WINDOW_MS,
    store: libraryStore(store, 'api:'),
    keyGenerator: clientKey,
    allowList: (request) => !rateLimitApplies(request.url),
    errorResponseBuilder: (_request, c) =>
      new AppError(429, 'rate_limited', tooManyMessage(c.ttl, 'requests'), undefined, seconds(c.ttl)),
  });
  app.addHook('onRequest', app.rateLimit());

  // preHandler: the body (and so the email being tried) has been parsed by now.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const path = normalisedPath(request.url);
    if (!AUTH_PATH.test(path)) return;
    const client = clientKey(request);
    const hits = [store.hit(`auth:ip:${client}`, RATE_WINDOW_MS).then((h) => ({ ...h, max: authMax }))];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    let spread: Promise<Hit> | undefined;
    if (AUTH_EMAIL_PATH.test(path) && typeof email === 'string' && email.trim()) {
      // Hashed: the counter store need not hold the addresses themselves.
      const id = crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
      hits.push(
        store.hit(`auth:email-ip:${id}:${client}`, RATE_WINDOW_MS).then((h) => ({ ...h, max: authMax })),
        store.hit(`auth:email-ip-hour:${id}:${client}`, EMAIL_WINDOW_MS).then((h) => ({ ...h, max: emailHourlyMax })),
      );
      spread = store.hit(`auth:email:${id}`, EMAIL_WINDOW_MS);
    }
    const over = (await Promise.all(hits)).filter((h) => h.count > h.max);
    if (over.length) return tooMany(reply, Math.max(...over.map((h) => h.ttlMs)), 'attempts');
    const fromAll = await spread;
    if (fromAll && fromAll.count > emailHourlyMax)
      await sleep(Math.min(EMAIL_SLOWDOWN_MAX_MS, EMAIL_SLOWDOWN_STEP_MS * (fromAll.count - emailHourlyMax)));
  });
}
