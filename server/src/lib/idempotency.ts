import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { idempotencyKey } from '../db/schema';
import { AppError } from './errors';

/**
 * The header a write route takes its Idempotency-Key in: a route whose schema's `headers` is this
 * one takes a key (registerIdempotency below); the OpenAPI document lists it there.
 */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,128}$/, { message: 'must be 8 to 128 letters, digits or . _ : - (a UUID will do)' })
    .optional()
    .meta({
      description:
        'A key of your choosing, new for each write (a UUID). Sending the same write again with the same key (after a 503, a timeout or a lost connection) answers what the first one answered, and the write is done once; the same key with another request is a 422.',
    }),
});

/** How long a write under way holds its key: a repeat meanwhile is told 409 request_in_progress. */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/** How long an answer is kept for repeats. */
const KEEP_MS = 24 * 60 * 60_000;

const HEADER = 'idempotency-key';

/**
 * Idempotency-Key on the shop's writes (booking, paying). The first request with a key claims it
 * (per user: keys of different people never meet) and its answer is stored, unless it is a 5xx or a
 * 429 (a repeat is then run again, as the first one was not done, or may succeed later). A repeat
 * with the same key, route and body gets the stored answer (header Idempotent-Replayed: true); while
 * the first one is still under way, 409 request_in_progress with Retry-After. A claim whose answer
 * never came (the instance died mid-way) lapses after IDEMPOTENCY_LEASE_MS: a repeat then runs the
 * write again, and the routes' own rules (one unpaid booking per item and buyer, one payment per
 * transaction) keep it from being done twice.
 *
 * This is what lets nginx send a keyed write that an instance dropped to another one
 * (deploy/nginx/shop.conf), and a client repeat one after nginx's 503.
 *
 * Registered before the compression hook, so the answer is stored as the route sent it.
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  /** The requests that claimed their key, and where it is. */
  const claimed = new WeakMap<FastifyRequest, { userId: string; key: string }>();

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.schema?.headers !== idempotencyKeyHeaders) return;
    const key = request.headers[HEADER];
    if (typeof key !== 'string') return;
    // Signed out: the route answers 401 itself, and there is no one to keep the key for.
    const me = await request.sessionUser();
    if (!me) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    const fingerprint = crypto
      .createHash('sha256')
      .update(`${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('base64url');
    for (let attempt = 0; attempt < 3; attempt++) {
      // A new key, or one whose holder's lease lapsed without an answer.
      const won = await db
        .insert(idempotencyKey)
        .values({
          userId: me.id,
          key,
          route,
          fingerprint,
          lockedUntil: sql`now() + ${IDEMPOTENCY_LEASE_MS} * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: [idempotencyKey.userId, idempotencyKey.key],
          set: { lockedUntil: sql`excluded.locked_until` },
          setWhere: and(
            isNull(idempotencyKey.statusCode),
            lt(idempotencyKey.lockedUntil, sql`now()`),
            eq(idempotencyKey.route, sql`excluded.route`),
            eq(idempotencyKey.fingerprint, sql`excluded.fingerprint`),
          ),
        })
        .returning({ key: idempotencyKey.key });
      if (won.length) {
        claimed.set(request, { userId: me.id, key });
        return;
      }
      const [held] = await db
        .select()
        .from(idempotencyKey)
        .where(and(eq(idempotencyKey.userId, me.id), eq(idempotencyKey.key, key)));
      // Gone meanwhile (the first one ended in a 5xx or a 429): claim it again.
      if (!held) continue;
      if (held.route !== route || held.fingerprint !== fingerprint)
        throw new AppError(
          422,
          'idempotency_key_reused',
          'Idempotency-Key was already used for another request. Use a new key for each new write.',
          'Idempotency-Key',
        );
      if (held.statusCode === null || held.body === null)
        throw new AppError(
          409,
          'request_in_progress',
          'The same request is still being handled. Try again in a moment with the same Idempotency-Key.',
          undefined,
          1,
        );
      return reply
        .code(held.statusCode)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(held.body);
    }
    throw new AppError(409, 'request_in_progress', 'The same request is being handled. Try again in a moment.', undefined, 1);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claimed.get(request);
    if (!claim) return payload;
    claimed.delete(request);
    const where = and(eq(idempotencyKey.userId, claim.userId), eq(idempotencyKey.key, claim.key));
    try {
      if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string')
        await db.delete(idempotencyKey).where(where);
      else await db.update(idempotencyKey).set({ statusCode: reply.statusCode, body: payload, lockedUntil: null }).where(where);
    } catch (err) {
      // The answer still goes out; a repeat after the lease runs the write again (see above).
      request.log.error({ err }, 'idempotency: the answer could not be stored');
    }
    return payload;
  });

  return {
    /** Forgets answers older than a day (a job). */
    async forget() {
      await db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, new Date(Date.now() - KEEP_MS)));
    },
  };
}
