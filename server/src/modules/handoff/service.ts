import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DISPUTE_WINDOW_HOURS,
  HANDOFF_LOCK_MINUTES,
  HANDOFF_MAX_ATTEMPTS,
  type Handoff,
  handoffQrText,
  type OrderCase,
  type ProductPhoto,
} from '@shop/contract';
import type { Db, Executor } from '../../db/client';
import { order, orderCase, orderHandoff, orderTransition, payment, product, upload } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { money } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
import type { PaymentProvider } from '../payments/providers/provider';
import type { DomainEvents } from '../../lib/domain-events';
import type { PhotosService } from '../uploads/service';
import type { HandoffCodes } from './codes';
import { ledger } from '../payouts/ledger';
import { illegalMove, moveOrder, type OrderStatus } from '../orders/state-machine';

const HOUR = 60 * 60_000;
const JOB_BATCH = 100;

type Role = Handoff['role'];

const locked = (until: Date) =>
  new AppError(
    423,
    'handoff_locked',
    `Too many wrong codes: the hand-off is locked until ${until.toISOString()}. Try again after that.`,
  );
const providerDown = () =>
  new AppError(502, 'payment_provider_unavailable', 'The payment provider could not be reached. Please try again in a minute.');

export type HandoffDeps = {
  db: Db;
  provider: PaymentProvider;
  codes: HandoffCodes;
  photos: PhotosService;
  /** Where each step of the hand-off is told (handoff.completed, .declined, .disputed, .released). */
  events: DomainEvents;
  log: FastifyBaseLogger;
  clock: () => Date;
  holdDays: number;
  unpaidHours: number;
  /** After a capture to the shop: the seller's share is transferred if their payout account is ready (modules/payouts). */
  afterCapture?: (sellerId: string) => Promise<unknown>;
};

/**
 * The meeting of buyer and seller: the buyer's code, the seller's confirmation (the held money is
 * captured), a decline at the meeting or a dispute after it (cases for moderation), and the jobs
 * that release holds nobody confirmed and expire bookings nobody paid. Every status change goes
 * through moveOrder (state-machine.ts).
 */
export function handoffService(deps: HandoffDeps) {
  const { db, provider, codes, photos, events, log, clock } = deps;
  const holdMs = deps.holdDays * 24 * HOUR;

  async function facts(orderId: string) {
    const [row] = await db
      .select({
        o: order,
        sellerId: product.sellerId,
        productName: product.name,
        h: orderHandoff,
      })
      .from(order)
      .innerJoin(product, eq(product.id, order.productId))
      .leftJoin(orderHandoff, eq(orderHandoff.orderId, order.id))
      .where(eq(order.id, orderId));
    return row;
  }

  /** What a hand-off event says about an order (its row as `facts` read it). */
  const factsOf = (row: { o: { id: string; priceCents: number; buyerId: string }; sellerId: string; productName: string }) => ({
    orderId: row.o.id,
    productName: row.productName,
    priceCents: row.o.priceCents,
    buyerId: row.o.buyerId,
    sellerId: row.sellerId,
  });

  /** Who `me` is to the order; anyone else is told it does not exist. */
  async function roleIn(me: SessionUser, orderId: string) {
    const row = await facts(orderId);
    if (!row) throw notFound('The order');
    const role: Role | null =
      row.o.buyerId === me.id ? 'buyer' : row.sellerId === me.id ? 'seller' : me.adminPowers ? 'admin' : null;
    if (!role) throw notFound('The order');
    return { row, role };
  }

  /** The winning payment of an order (held or captured). */
  async function winningPayment(tx: Executor, orderId: string) {
    const [p] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.orderId, orderId), eq(payment.status, 'succeeded')))
      .limit(1);
    return p;
  }

  async function view(me: SessionUser, orderId: string): Promise<Handoff> {
    const { row, role } = await roleIn(me, orderId);
    const now = clock();
    const o = row.o;
    const held = o.status === 'paid';
    const [transitions, cases] = await Promise.all([
      db.select().from(orderTransition).where(eq(orderTransition.orderId, orderId)).orderBy(asc(orderTransition.id)),
      db.select().from(orderCase).where(eq(orderCase.orderId, orderId)).orderBy(asc(orderCase.createdAt)),
    ]);
    const completedAt = row.h?.completedAt ?? null;
    const disputeUntil = completedAt ? new Date(completedAt.getTime() + DISPUTE_WINDOW_HOURS * HOUR) : null;
    const lockedUntil = row.h?.lockedUntil && row.h.lockedUntil > now ? row.h.lockedUntil : null;
    const code = role === 'buyer' && held && row.h ? codes.codeFor(orderId) : null;
    return {
      orderId,
      status: o.status,
      role,
      productName: row.productName,
      price: money.toDollars(o.priceCents),
      heldUntil: held && o.paidAt ? new Date(o.paidAt.getTime() + holdMs).toISOString() : null,
      code,
      qr: code ? handoffQrText(orderId, code) : null,
      lockedUntil: lockedUntil ? lockedUntil.toISOString() : null,
      attemptsLeft: lockedUntil ? 0 : HANDOFF_MAX_ATTEMPTS - (row.h?.failedAttempts ?? 0),
      completedAt: completedAt ? completedAt.toISOString() : null,
      canDecline: role === 'buyer' && held,
      canDispute: role === 'buyer' && o.status === 'completed' && !!disputeUntil && now < disputeUntil,
      disputeUntil: disputeUntil ? disputeUntil.toISOString() : null,
      cases: cases.map(toCase),
      transitions: transitions.map((t) => ({
        from: t.fromStatus as OrderStatus,
        to: t.toStatus as OrderStatus,
        by: !t.actorId ? 'system' : t.actorId === o.buyerId ? 'buyer' : t.actorId === row.sellerId ? 'seller' : 'admin',
        at: t.createdAt.toISOString(),
      })),
    };
  }

  const toCase = (c: typeof orderCase.$inferSelect): OrderCase => ({
    _id: c.id,
    orderId: c.orderId,
    kind: c.kind,
    text: c.text,
    photos: c.photos as ProductPhoto[],
    status: c.status,
    resolution: c.resolution,
    createdAt: c.createdAt.toISOString(),
  });

  /**
   * Gives a held payment back (cancels the authorisation) and moves the order from paid to `to`
   * (released or declined), the item back on sale. The provider is asked first, so a hold the seller
   * captured meanwhile is never recorded as given back. Idempotent: releasing again changes nothing.
   */
  async function releaseHold(
    orderId: string,
    to: 'released' | 'declined',
    actorId: string | null,
    reason: string,
    caseInput?: { text: string; photos: string[]; buyerId: string },
  ) {
    const p = await winningPayment(db, orderId);
    if (p && !p.capturedAt) {
      try {
        await provider.release(p.transactionId, `release-${p.transactionId}`);
      } catch (err) {
        log.error({ err, orderId, transactionId: p.transactionId }, 'handoff: releasing the hold failed');
        // Captured meanwhile (the seller confirmed first) is a state, not an outage.
        const now2 = await facts(orderId);
        if (now2 && now2.o.status !== 'paid') throw illegalMove(now2.o.status, to);
        throw providerDown();
      }
    }
    const now = clock();
    return db.transaction(async (tx) => {
      const moved = await moveOrder(tx, { orderId, to, actorId, reason, at: now });
      if (!moved.changed) return moved;
      const [o] = await tx.select().from(order).where(eq(order.id, orderId));
      if (!o) throw notFound('The order');
      if (p) {
        const [given] = await tx
          .update(payment)
          .set({ status: 'refunded', refundedAt: now })
          .where(eq(payment.id, p.id))
          .returning();
        if (given && !given.capturedAt) await ledger.released(tx, given, now);
      }
      // Back on sale, unless its seller took it off meanwhile.
      await tx
        .update(product)
        .set({ status: 'available' })
        .where(and(eq(product.id, o.productId), eq(product.status, 'sold')));
      if (caseInput) {
        const [pr] = await tx.select({ sellerId: product.sellerId }).from(product).where(eq(product.id, o.productId));
        const shown: ProductPhoto[] = [];
        for (const id of caseInput.photos)
          shown.push(await photos.claim(tx, { productId: o.productId, sellerId: caseInput.buyerId, id, field: 'photos' }));
        await tx.insert(orderCase).values({
          orderId,
          kind: 'declined',
          text: caseInput.text,
          photoIds: caseInput.photos,
          photos: shown,
          buyerId: o.buyerId,
          sellerId: pr?.sellerId ?? o.buyerId,
          productId: o.productId,
        });
      }
      return moved;
    });
  }

  /** Before any money moves: every photo is the buyer's own upload, free or already on this item. */
  async function checkPhotos(buyerId: string, productId: string, ids: string[]) {
    if (!ids.length) return;
    const rows = await db
      .select({ id: upload.id, ownerId: upload.ownerId, productId: upload.productId, usage: upload.usage })
      .from(upload)
      .where(inArray(upload.id, ids));
    const ok = ids.every((id) => {
      const r = rows.find((x) => x.id === id);
      return r && r.ownerId === buyerId && (r.productId === null || (r.productId === productId && r.usage === 'flaw'));
    });
    if (!ok) throw badRequest('photos', 'has a photo that is not yours or no longer exists');
  }

  return {
    view,

    /**
     * The seller confirms the hand-off with the buyer's code: the held money is captured and the order
     * completed. Wrong codes count; the fifth in a row locks the hand-off for an hour. A second
     * confirmation with the right code answers the same and changes nothing.
     */
    async confirm(me: SessionUser, orderId: string, code: string): Promise<Handoff> {
      const { row, role } = await roleIn(me, orderId);
      if (role !== 'seller') throw forbidden("Only the item's seller confirms the hand-off, with the buyer's code.");
      const now = clock();
      const verdict = await db.transaction(async (tx) => {
        const [h] = await tx.select().from(orderHandoff).where(eq(orderHandoff.orderId, orderId)).for('update');
        const [o] = await tx.select({ status: order.status }).from(order).where(eq(order.id, orderId));
        if (!o) throw notFound('The order');
        if (!h || (o.status !== 'paid' && o.status !== 'completed')) throw illegalMove(o.status, 'completed');
        if (h.lockedUntil && h.lockedUntil > now) throw locked(h.lockedUntil);
        if (codes.matches(orderId, code, h.codeHash)) {
          if (o.status === 'completed') return 'done' as const;
          await tx.update(orderHandoff).set({ failedAttempts: 0, lockedUntil: null }).where(eq(orderHandoff.orderId, orderId));
          return 'capture' as const;
        }
        if (o.status === 'completed') throw illegalMove(o.status, 'completed');
        const failed = h.failedAttempts + 1;
        const lock = failed >= HANDOFF_MAX_ATTEMPTS ? new Date(now.getTime() + HANDOFF_LOCK_MINUTES * 60_000) : null;
        await tx
          .update(orderHandoff)
          .set({ failedAttempts: lock ? 0 : failed, lockedUntil: lock })
          .where(eq(orderHandoff.orderId, orderId));
        return lock ? { kind: 'locked' as const, lock } : { kind: 'wrong' as const, left: HANDOFF_MAX_ATTEMPTS - failed };
      });
      if (typeof verdict === 'object') {
        if (verdict.kind === 'locked') throw locked(verdict.lock);
        throw new AppError(
          400,
          'wrong_code',
          `That code does not match this order: ${verdict.left} ${verdict.left === 1 ? 'try' : 'tries'} left before the hand-off locks for an hour.`,
          'code',
        );
      }
      if (verdict === 'capture') {
        const p = await winningPayment(db, orderId);
        let transferId: string | null = null;
        if (p && !p.capturedAt) {
          try {
            ({ transferId } = await provider.capture(p.transactionId, `capture-${p.transactionId}`));
          } catch (err) {
            log.error({ err, orderId, transactionId: p.transactionId }, 'handoff: capture failed');
            // A hold released meanwhile (the job ran first) is a state, not an outage.
            const now2 = await facts(orderId);
            if (now2 && now2.o.status !== 'paid') throw illegalMove(now2.o.status, 'completed');
            throw providerDown();
          }
        }
        const moved = await db.transaction(async (tx) => {
          const m = await moveOrder(tx, { orderId, to: 'completed', actorId: me.id, reason: 'hand-off confirmed', at: now });
          if (m.changed) {
            if (p) {
              const [taken] = await tx
                .update(payment)
                .set({ capturedAt: now })
                .where(and(eq(payment.id, p.id), isNull(payment.capturedAt)))
                .returning();
              // The shop's fee and (for a destination charge) the seller's transfer, with the capture.
              if (taken) await ledger.captured(tx, taken, transferId, now);
            }
            await tx.update(orderHandoff).set({ completedAt: now }).where(eq(orderHandoff.orderId, orderId));
          }
          return m;
        });
        // Captured to the shop (no ready payout account when the buyer paid): sent now if it is ready.
        if (moved.changed && p && !p.destination && deps.afterCapture)
          await deps.afterCapture(row.sellerId).catch((err) => log.warn({ err, orderId }, 'handoff: transfer after capture'));
        if (moved.changed) await events.publish('handoff.completed', { ...factsOf(row), feeCents: p?.feeCents ?? 0 });
      }
      return view(me, orderId);
    },

    /** The buyer declines at the meeting (not as described), before the code is used: the hold is released, the item back on sale, a case opened. */
    async decline(me: SessionUser, orderId: string, input: { text: string; photos: string[] }): Promise<Handoff> {
      const { row, role } = await roleIn(me, orderId);
      if (role !== 'buyer') throw forbidden('Only the buyer can decline the item at the meeting.');
      if (row.o.status !== 'paid' && row.o.status !== 'declined') throw illegalMove(row.o.status, 'declined');
      await checkPhotos(me.id, row.o.productId, input.photos);
      const moved = await releaseHold(orderId, 'declined', me.id, 'not as described', { ...input, buyerId: me.id });
      if (moved.changed) await events.publish('handoff.declined', factsOf(row));
      return view(me, orderId);
    },

    /** Within 48 hours after the hand-off, the buyer may dispute it: a case for moderation. */
    async dispute(me: SessionUser, orderId: string, input: { text: string; photos: string[] }): Promise<Handoff> {
      const { row, role } = await roleIn(me, orderId);
      if (role !== 'buyer') throw forbidden('Only the buyer can dispute a hand-off.');
      const now = clock();
      const completedAt = row.h?.completedAt;
      if (row.o.status === 'completed' && completedAt && now.getTime() > completedAt.getTime() + DISPUTE_WINDOW_HOURS * HOUR)
        throw conflict('dispute_window_closed', `Disputes are open for ${DISPUTE_WINDOW_HOURS} hours after the hand-off.`);
      const moved = await db.transaction(async (tx) => {
        const m = await moveOrder(tx, { orderId, to: 'disputed', actorId: me.id, reason: 'dispute opened', at: now });
        if (!m.changed) return m;
        const shown: ProductPhoto[] = [];
        for (const id of input.photos)
          shown.push(await photos.claim(tx, { productId: row.o.productId, sellerId: me.id, id, field: 'photos' }));
        await tx.insert(orderCase).values({
          orderId,
          kind: 'disputed',
          text: input.text,
          photoIds: input.photos,
          photos: shown,
          buyerId: row.o.buyerId,
          sellerId: row.sellerId,
          productId: row.o.productId,
        });
        return m;
      });
      if (moved.changed) await events.publish('handoff.disputed', factsOf(row));
      return view(me, orderId);
    },

    /** The job: holds not confirmed within the hold time are given back, both sides told. */
    async releaseStaleHolds({ signal }: { now: Date; signal: AbortSignal }) {
      const cutoff = new Date(clock().getTime() - holdMs);
      const stale = await db
        .select({
          id: order.id,
          name: product.name,
          priceCents: order.priceCents,
          buyerId: order.buyerId,
          sellerId: product.sellerId,
        })
        .from(order)
        .innerJoin(product, eq(product.id, order.productId))
        .where(and(eq(order.status, 'paid'), lt(order.paidAt, cutoff)))
        .orderBy(asc(order.paidAt))
        .limit(JOB_BATCH);
      let released = 0;
      for (const o of stale) {
        if (signal.aborted) break;
        try {
          const moved = await releaseHold(o.id, 'released', null, `not confirmed within ${deps.holdDays} days`);
          if (!moved.changed) continue;
          released++;
          await events.publish('handoff.released', {
            orderId: o.id,
            productName: o.name,
            priceCents: o.priceCents,
            buyerId: o.buyerId,
            sellerId: o.sellerId,
            holdDays: deps.holdDays,
          });
        } catch (err) {
          // Captured meanwhile (then the state machine refuses), or the provider is down: next run.
          log.warn({ err, orderId: o.id }, 'handoff: hold not released this time');
        }
      }
      if (released) log.info({ released }, 'handoff: stale holds released');
    },

    /** The job: bookings not paid within UNPAID_BOOKING_HOURS expire (the buyer may book again). */
    async expireUnpaid(_ctx: { now: Date; signal: AbortSignal }) {
      const cutoff = new Date(clock().getTime() - deps.unpaidHours * HOUR);
      const stale = await db
        .select({ id: order.id })
        .from(order)
        .where(and(eq(order.status, 'unpaid'), lt(order.createdAt, cutoff)))
        .limit(JOB_BATCH * 10);
      const now = clock();
      for (const o of stale) {
        await db
          .transaction((tx) =>
            moveOrder(tx, { orderId: o.id, to: 'expired', actorId: null, reason: 'not paid in time', at: now }),
          )
          .catch((err) => log.warn({ err, orderId: o.id }, 'handoff: booking not expired this time'));
      }
    },

    /** For the moderation queue (trust): cases, newest first. */
    async listCases(q: { status?: 'open' | 'resolved'; limit: number }) {
      const rows = await db
        .select()
        .from(orderCase)
        .where(q.status ? eq(orderCase.status, q.status) : undefined)
        .orderBy(desc(orderCase.createdAt))
        .limit(q.limit);
      return rows.map(toCase);
    },

    /** A moderator closes a case: the order moves declined|disputed -> resolved. Idempotent. */
    async resolveCase(admin: SessionUser, caseId: string, resolution: string) {
      if (!admin.adminPowers) throw forbidden('Only an admin resolves cases.');
      const now = clock();
      return db.transaction(async (tx) => {
        const [c] = await tx.select().from(orderCase).where(eq(orderCase.id, caseId)).for('update');
        if (!c) throw notFound('The case');
        if (c.status === 'resolved') return toCase(c);
        await moveOrder(tx, { orderId: c.orderId, to: 'resolved', actorId: admin.id, reason: resolution, at: now });
        const [done] = await tx
          .update(orderCase)
          .set({ status: 'resolved', resolution, resolvedBy: admin.id, resolvedAt: now })
          .where(eq(orderCase.id, caseId))
          .returning();
        return toCase(done ?? c);
      });
    },
  };
}

export type HandoffService = ReturnType<typeof handoffService>;
