import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatMoney, type Offer, type OfferStatus } from '@shop/contract';
import { underAccountCap } from '../../db/account-cap';
import type { Db, Tx } from '../../db/client';
import { singleRow } from '../../db/rows';
import { offer, order, product, user } from '../../db/schema';
import type { SessionUser } from '../../auth/plugin';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { money } from '../../lib/paging';
import type { DomainEvents } from '../../lib/domain-events';
import { reserved, reservedForAnother } from './reservation';

/** An offer waits this long for an answer (a counter gives the buyer as long again). */
export const OFFER_TTL_MS = 48 * 60 * 60_000;
const LIVE = ['open', 'countered'] as const;
/** Cents as the shop shows money: $1,234.50 (contract formatMoney). */
const dollars = (cents: number) => formatMoney(cents / 100);

export type OfferLimits = { minPercent: number; openMax: number };

const otherUser = alias(user, 'other');

/**
 * Offers on listings: a buyer offers, the seller accepts, declines or counters, the buyer answers a
 * counter. Each step is published as a domain event once its transaction committed (offer.made,
 * .countered, .accepted, .declined, .expired, .closed); the bell, the mail, the conversation and
 * open tabs subscribe to them (modules/subscribers.ts).
 */
export function offersService(deps: { db: Db; events: DomainEvents; limits: OfferLimits; clock: () => Date }) {
  const { db, events, limits, clock } = deps;

  /** The least offer the rules allow on a price, in cents. */
  const minCents = (priceCents: number) => Math.ceil((priceCents * limits.minPercent) / 100);

  function checkAmount(field: string, amountCents: number, priceCents: number) {
    if (amountCents >= priceCents)
      throw badRequest(field, `must be below the price (${dollars(priceCents)}); to pay the price, book it with Buy now`);
    if (amountCents < minCents(priceCents))
      throw badRequest(field, `must be at least ${dollars(minCents(priceCents))} (${limits.minPercent}% of the price)`);
  }

  /** One offer with its listing, locked for the caller's transaction after its listing's row (always that order). */
  async function lockForAnswer(tx: Tx, id: string) {
    const [head] = await tx.select({ productId: offer.productId }).from(offer).where(eq(offer.id, id));
    if (!head) return undefined;
    // The listing's row first: two answers on one item (two offers accepted at once) run one after the other.
    const [p] = await tx
      .select({
        id: product.id,
        name: product.name,
        listed: product.listed,
        priceCents: product.priceCents,
        location: product.location,
      })
      .from(product)
      .where(eq(product.id, head.productId))
      .for('update');
    const [o] = await tx.select().from(offer).where(eq(offer.id, id)).for('update');
    return p && o ? { p, o } : undefined;
  }

  /** 404 for anyone but its two people; 409 once it no longer waits for an answer. */
  function mustBeLive(me: SessionUser, o: typeof offer.$inferSelect) {
    if (o.buyerId !== me.id && o.sellerId !== me.id) throw notFound('The offer');
    if (!(LIVE as readonly string[]).includes(o.status))
      throw conflict('offer_state', `This offer is ${o.status}: it cannot be answered any more.`);
    if (o.expiresAt <= clock()) throw conflict('offer_state', 'This offer is expired: it cannot be answered any more.');
  }

  /** What every offer event says: the offer, the item and its two people, named. */
  const facts = async (o: { id: string; productId: string; buyerId: string; sellerId: string }, productName: string) => {
    const rows = await db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(inArray(user.id, [o.buyerId, o.sellerId]));
    const name = (id: string) => rows.find((r) => r.id === id)?.name || 'Someone';
    return {
      offerId: o.id,
      productId: o.productId,
      productName,
      buyerId: o.buyerId,
      buyerName: name(o.buyerId),
      sellerId: o.sellerId,
      sellerName: name(o.sellerId),
    };
  };

  return {
    minCents,

    /**
     * A buyer's offer on a listing: below its price and at least OFFER_MIN_PERCENT of it, one still
     * waiting per buyer and listing, at most OFFERS_OPEN_MAX waiting per buyer (counted under the
     * buyer's lock: parallel offers cannot all pass), none on their own, sold or reserved items.
     */
    async make(me: SessionUser, productId: string, input: { amount: number; phone?: string; meettingLocation?: string }) {
      const amountCents = money.toCents(input.amount);
      const now = clock();
      const made = await (async () => {
        try {
          return await underAccountCap(db, 'offers', me.id, async (tx) => {
            const [p] = await tx
              .select({
                sellerId: product.sellerId,
                listed: product.listed,
                priceCents: product.priceCents,
                name: product.name,
                location: product.location,
              })
              .from(product)
              .where(eq(product.id, productId))
              .for('share');
            if (!p) throw notFound('The product');
            if (p.sellerId === me.id) throw conflict('own_listing', 'This is your own listing: you cannot make an offer on it.');
            if (!p.listed) throw conflict('product_sold', 'Sorry, this item is no longer for sale.');
            if (await reservedForAnother(tx, productId, me.id)) throw reserved();
            checkAmount('amount', amountCents, p.priceCents);
            // Offers past their time that the job has not marked yet count as expired here.
            await tx
              .update(offer)
              .set({ status: 'expired', updatedAt: now })
              .where(and(eq(offer.buyerId, me.id), inArray(offer.status, [...LIVE]), lte(offer.expiresAt, now)));
            const live = await tx
              .select({ productId: offer.productId })
              .from(offer)
              .where(and(eq(offer.buyerId, me.id), inArray(offer.status, [...LIVE])));
            if (live.some((l) => l.productId === productId))
              throw conflict(
                'offer_exists',
                'You already have an offer on this item waiting for an answer. Find it in My Offers.',
              );
            if (live.length >= limits.openMax)
              throw new AppError(
                429,
                'too_many_offers',
                `You have ${limits.openMax} offers waiting for an answer, the most at once. Withdraw one in My Offers or wait for the answers.`,
              );
            const row = singleRow(
              await tx
                .insert(offer)
                .values({
                  productId,
                  buyerId: me.id,
                  sellerId: p.sellerId,
                  amountCents,
                  listPriceCents: p.priceCents,
                  buyerName: me.name,
                  phone: input.phone ?? '',
                  meetingLocation: input.meettingLocation ?? p.location,
                  expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
                  createdAt: now,
                  updatedAt: now,
                })
                .returning({ id: offer.id }),
            );
            return { id: row.id, sellerId: p.sellerId, name: p.name, priceCents: p.priceCents };
          });
        } catch (err) {
          if (isUniqueViolation(err))
            throw conflict('offer_exists', 'You already have an offer on this item waiting for an answer. Find it in My Offers.');
          throw err;
        }
      })();
      const said = await facts({ id: made.id, productId, buyerId: me.id, sellerId: made.sellerId }, made.name);
      await events.publish('offer.made', { ...said, amountCents, listPriceCents: made.priceCents });
      return { acknowledged: true, insertedId: made.id };
    },

    /** The caller's offers as buyer (made) or as seller (received), newest first. */
    async list(me: SessionUser, role: 'buyer' | 'seller'): Promise<Offer[]> {
      const now = clock();
      const mine = role === 'buyer' ? offer.buyerId : offer.sellerId;
      const other = role === 'buyer' ? offer.sellerId : offer.buyerId;
      const rows = await db
        .select({
          o: offer,
          productName: product.name,
          img: product.img,
          priceCents: product.priceCents,
          otherName: sql<string>`case when ${otherUser.deletedAt} is null then ${otherUser.name} else '' end`,
        })
        .from(offer)
        .innerJoin(product, eq(product.id, offer.productId))
        .innerJoin(otherUser, eq(otherUser.id, other))
        .where(eq(mine, me.id))
        .orderBy(desc(offer.createdAt), desc(offer.id))
        .limit(100);
      return rows.map((r) => {
        const live = (LIVE as readonly string[]).includes(r.o.status);
        // Past its time but not yet marked by the job: shown as it is.
        const status: OfferStatus = live && r.o.expiresAt <= now ? 'expired' : r.o.status;
        return {
          _id: r.o.id,
          productId: r.o.productId,
          productName: r.productName,
          img: r.img,
          listPrice: money.toDollars(r.priceCents),
          amount: money.toDollars(r.o.amountCents),
          counter: r.o.counterCents === null ? null : money.toDollars(r.o.counterCents),
          status,
          role,
          otherName: r.otherName,
          orderId: r.o.orderId,
          expiresAt: r.o.expiresAt.toISOString(),
          createdAt: r.o.createdAt.toISOString(),
          updatedAt: r.o.updatedAt.toISOString(),
        };
      });
    },

    /**
     * Accepts an offer: the seller an open one, the buyer a counter. It books the item for the buyer at
     * the agreed price (the booking then goes on as any: pay, hold, hand-off), and closes every other
     * offer on the item, in one transaction that holds the item's row: of two offers accepted at once,
     * one books and the other is refused.
     */
    async accept(me: SessionUser, id: string) {
      const now = clock();
      const done = await db.transaction(async (tx) => {
        const got = await lockForAnswer(tx, id);
        if (!got) throw notFound('The offer');
        const { p, o } = got;
        mustBeLive(me, o);
        if (o.status === 'open' && me.id !== o.sellerId)
          throw conflict('offer_state', 'This offer waits for the seller’s answer.');
        if (o.status === 'countered' && me.id !== o.buyerId)
          throw conflict('offer_state', 'Your counter waits for the buyer’s answer.');
        if (!p.listed) throw conflict('product_sold', 'Sorry, this item is no longer for sale.');
        if (await reservedForAnother(tx, o.productId, o.buyerId)) throw reserved();
        const priceCents = o.counterCents ?? o.amountCents;
        // The price was cut to the agreed amount or below since: an offer never books above the price.
        if (priceCents >= p.priceCents)
          throw conflict(
            'price_changed',
            `The price is now ${dollars(p.priceCents)}, not above this offer: book it with Buy now instead.`,
          );
        // A booking of the item the buyer already holds unpaid takes the agreed price; else a new one.
        const [held] = await tx
          .update(order)
          .set({ priceCents })
          .where(and(eq(order.buyerId, o.buyerId), eq(order.productId, o.productId), eq(order.status, 'unpaid')))
          .returning({ id: order.id });
        const orderId =
          held?.id ??
          singleRow(
            await tx
              .insert(order)
              .values({
                buyerId: o.buyerId,
                productId: o.productId,
                buyerName: o.buyerName,
                phone: o.phone,
                meetingLocation: o.meetingLocation || p.location,
                priceCents,
                createdAt: now,
              })
              .returning({ id: order.id }),
          ).id;
        await tx.update(offer).set({ status: 'accepted', orderId, updatedAt: now }).where(eq(offer.id, id));
        const closed = await tx
          .update(offer)
          .set({ status: 'closed', updatedAt: now })
          .where(and(eq(offer.productId, o.productId), inArray(offer.status, [...LIVE])))
          .returning({ buyerId: offer.buyerId });
        return { o, p, orderId, priceCents, closed: closed.map((c) => c.buyerId) };
      });
      const { o, p, orderId, priceCents, closed } = done;
      await events.publish('offer.accepted', {
        ...(await facts(o, p.name)),
        priceCents,
        orderId,
        by: me.id === o.buyerId ? 'buyer' : 'seller',
        closedBuyerIds: closed,
      });
      return { acknowledged: true, orderId, price: money.toDollars(priceCents) };
    },

    /** Ends an offer still waiting: the seller declines it, or the buyer declines a counter or withdraws an offer. */
    async decline(me: SessionUser, id: string) {
      const now = clock();
      const { o, p, status } = await db.transaction(async (tx) => {
        const got = await lockForAnswer(tx, id);
        if (!got) throw notFound('The offer');
        mustBeLive(me, got.o);
        const status: OfferStatus = me.id === got.o.buyerId && got.o.status === 'open' ? 'withdrawn' : 'declined';
        await tx.update(offer).set({ status, updatedAt: now }).where(eq(offer.id, id));
        return { ...got, status };
      });
      await events.publish('offer.declined', {
        ...(await facts(o, p.name)),
        amountCents: o.counterCents ?? o.amountCents,
        by: me.id === o.buyerId ? 'buyer' : 'seller',
        withdrawn: status === 'withdrawn',
      });
      return { acknowledged: true, status };
    },

    /** The seller answers an open offer with a price of their own (above the offer, below the listing's price), once; the buyer has 48 hours. */
    async counter(me: SessionUser, id: string, amount: number) {
      const now = clock();
      const counterCents = money.toCents(amount);
      const { o, p } = await db.transaction(async (tx) => {
        const got = await lockForAnswer(tx, id);
        if (!got) throw notFound('The offer');
        mustBeLive(me, got.o);
        if (me.id !== got.o.sellerId) throw conflict('offer_state', 'Only the seller counters an offer.');
        // One counter per offer: each would mail the buyer and push the expiry on again.
        if (got.o.status !== 'open') throw conflict('offer_state', 'Your counter waits for the buyer’s answer.');
        if (!got.p.listed) throw conflict('product_sold', 'Sorry, this item is no longer for sale.');
        checkAmount('amount', counterCents, got.p.priceCents);
        if (counterCents <= got.o.amountCents)
          throw badRequest(
            'amount',
            `must be more than the buyer's offer (${dollars(got.o.amountCents)}); to take it, accept it`,
          );
        await tx
          .update(offer)
          .set({ status: 'countered', counterCents, expiresAt: new Date(now.getTime() + OFFER_TTL_MS), updatedAt: now })
          .where(eq(offer.id, id));
        return got;
      });
      await events.publish('offer.countered', { ...(await facts(o, p.name)), amountCents: o.amountCents, counterCents });
      return { acknowledged: true, status: 'countered' as const };
    },

    /**
     * The offers job: offers past their time expire (offer.expired), and offers on items no longer
     * for sale close (offer.closed).
     */
    async sweep({ now }: { now: Date }) {
      const expired = await db
        .update(offer)
        .set({ status: 'expired', updatedAt: now })
        .where(and(inArray(offer.status, [...LIVE]), lte(offer.expiresAt, now)))
        .returning({ id: offer.id, buyerId: offer.buyerId, sellerId: offer.sellerId, productId: offer.productId });
      const closed = await db
        .update(offer)
        .set({ status: 'closed', updatedAt: now })
        .where(
          and(
            inArray(offer.status, [...LIVE]),
            sql`exists (select 1 from ${product} p where p.id = ${offer.productId} and not p.listed)`,
          ),
        )
        .returning({ id: offer.id, buyerId: offer.buyerId, sellerId: offer.sellerId, productId: offer.productId });
      const names = new Map<string, string>();
      const nameOf = async (productId: string) => {
        if (!names.has(productId)) {
          const [p] = await db.select({ name: product.name }).from(product).where(eq(product.id, productId));
          names.set(productId, p?.name ?? 'an item');
        }
        return names.get(productId) ?? '';
      };
      for (const e of expired) await events.publish('offer.expired', await facts(e, await nameOf(e.productId)));
      for (const c of closed) await events.publish('offer.closed', await facts(c, await nameOf(c.productId)));
      return { expired: expired.length, closed: closed.length };
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
