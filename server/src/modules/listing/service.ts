import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  PRICE_DROP_SHOWN_DAYS,
  listingIssues,
  readReport,
  type CategoryName,
  type CheckAnswer,
  type CheckKey,
  type ConditionReport,
  type ProductPhoto,
  type SellerBooking,
  type productEditSchema,
  type productInputSchema,
} from '@shop/contract';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { singleRow } from '../../db/rows';
import { advertisement, order, product, productPriceChange, user } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { decodeCursor, keysetPage, money, type Page } from '../../lib/paging';
import { requireVerifiedEmail, type SessionUser } from '../../auth/plugin';
import { bookingCancelledMail } from '../../mail/templates/booking-cancelled';
import { moveOrder } from '../orders/state-machine';
import type { DomainEvents } from '../../lib/domain-events';
import { listingPlace } from '../places/gazetteer';
import type { Mailer } from '../../mail/types';

export type ProductEdit = z.output<typeof productEditSchema>;

/** A new listing's catalogue columns and number, checked by modules/devices before the transaction. */
export type ListingChecks = {
  columns: Partial<typeof product.$inferInsert>;
  added(tx: Executor, productId: string): Promise<void>;
};
export type ProductInput = z.output<typeof productInputSchema>;

/** What listing edits need of the photo store (modules/uploads): a gallery and flaw photos checked and kept. */
export type ListingPhotos = {
  attach(tx: Executor, a: { productId: string; sellerId: string; ids: string[] }): Promise<ProductPhoto[]>;
  claim(tx: Executor, a: { productId: string; sellerId: string; id: string; field: string }): Promise<ProductPhoto>;
  release(tx: Executor, a: { productId: string; ids: string[] }): Promise<void>;
};

const DAY_MS = 24 * 60 * 60_000;
/** Order states in which the buyer's money was held or taken. */
const PAID_STATES = ['paid', 'completed', 'disputed'] as const;

/**
 * A checked report made ready to store: each flaw photo claimed for the product (the seller's own
 * upload, shown beside its answer), and the photos of flaws no longer reported let go.
 */
async function keepReport(
  tx: Executor,
  photos: ListingPhotos,
  a: { productId: string; sellerId: string; report: ConditionReport; previous: ConditionReport | null },
): Promise<ConditionReport> {
  const keep = new Set<string>();
  for (const [key, answer] of Object.entries(a.report) as [CheckKey, CheckAnswer][]) {
    if (!answer.photo) continue;
    const field = `conditionReport.${key}.photo`;
    answer.image = await photos.claim(tx, { productId: a.productId, sellerId: a.sellerId, id: answer.photo, field });
    keep.add(answer.photo);
  }
  const gone = photoIds(a.previous).filter((x) => !keep.has(x));
  if (gone.length) await photos.release(tx, { productId: a.productId, ids: gone });
  return a.report;
}

const isCategory = (c: string): c is CategoryName => (CATEGORIES as readonly string[]).includes(c);

/**
 * The lowest and highest price an item had over the 14 days before `now`: its price now, and every
 * price a change in that time replaced (product_price_change, in the caller's transaction).
 */
async function heldPrices(tx: Executor, productId: string, current: number, now: Date) {
  const since = new Date(now.getTime() - PRICE_DROP_SHOWN_DAYS * DAY_MS);
  const [r] = await tx
    .select({
      low: sql<number | null>`min(${productPriceChange.oldPriceCents})::int`,
      high: sql<number | null>`max(${productPriceChange.oldPriceCents})::int`,
    })
    .from(productPriceChange)
    .where(and(eq(productPriceChange.productId, productId), gt(productPriceChange.changedAt, since)));
  return { low: Math.min(current, r?.low ?? current), high: Math.max(current, r?.high ?? current) };
}

/** The flaw photo ids of a stored report. */
const photoIds = (r: ConditionReport | null) =>
  Object.values(r ?? {})
    .map((a) => a?.photo)
    .filter((id): id is string => !!id);

/**
 * The seller's side of a listing: edits (price, text, photos, condition report), unlisting and
 * relisting, marking it sold outside the shop, and the bookings of an item; and listing an item
 * (addProduct) and advertising it. The catalog module only reads what this one writes.
 */
export function listingService(
  db: Db,
  deps: {
    mail: { mailer: Mailer; baseUrl: string };
    photos: ListingPhotos;
    /** Told once a sale outside the shop committed (listing.sold). */
    events: DomainEvents;
    /** Called once a price cut committed: the people who saved the item are told soon (the alerts job). */
    onPriceCut?: () => void;
  },
) {
  /** The product row locked for this transaction, once the caller is its seller: 404 unknown (or hidden), 403 someone else's. */
  async function ownProduct(tx: Tx, me: SessionUser, id: string) {
    const [p] = await tx.select().from(product).where(eq(product.id, id)).for('update');
    if (!p || p.hiddenAt) throw notFound('The product');
    if (p.sellerId !== me.id) throw forbidden('Only the seller of this item can change it.');
    return p;
  }

  const soldConflict = () => conflict('product_sold', 'This item is sold: it can no longer be changed.');

  return {
    /**
     * `checked`: what modules/devices made of the input's catalogue model and number (listingChecks):
     * the specs copied on the row, the number's hash and last 4, and `added`, run in this transaction
     * (flags the same number in another live listing).
     */
    async addProduct(seller: SessionUser, input: ProductInput, checked?: ListingChecks) {
      requireVerifiedEmail(seller, 'list an item');
      // The row and its photos together: a refused photo id leaves no listing behind.
      return db.transaction(async (tx) => {
        const row = singleRow(
          await tx
            .insert(product)
            .values({
              sellerId: seller.id,
              name: input.name,
              category: input.category,
              description: input.description ?? '',
              // attach() sets it to the cover's URL.
              img: '',
              location: input.location,
              // The place chosen, or the one the location names (clients that send text only).
              ...listingPlace(input.placeId, input.location, badRequest),
              phone: input.number,
              condition: input.condition,
              priceCents: money.toCents(input.price),
              originalPriceCents: money.toCents(input.original_price),
              usedYears: input.used_year,
              ...checked?.columns,
            })
            .returning({ id: product.id }),
        );
        await checked?.added(tx, row.id);
        await deps.photos.attach(tx, { productId: row.id, sellerId: seller.id, ids: input.photos });
        // The schema checked the report against the category and the grade (contract listingIssues).
        if (input.conditionReport) {
          const { report } = readReport(input.category, input.conditionReport);
          const kept = await keepReport(tx, deps.photos, { productId: row.id, sellerId: seller.id, report, previous: null });
          await tx.update(product).set({ conditionReport: kept }).where(eq(product.id, row.id));
        }
        return row.id;
      });
    },

    /** Advertise one's own unsold product; twice is a 409. */
    async advertise(seller: SessionUser, productId: string) {
      requireVerifiedEmail(seller, 'advertise an item');
      const [p] = await db
        .select({ sellerId: product.sellerId, listed: product.listed })
        .from(product)
        .where(eq(product.id, productId));
      if (!p) throw notFound('The product');
      if (p.sellerId !== seller.id) throw forbidden('You can only advertise your own products.');
      if (!p.listed) throw conflict('product_sold', 'This product is sold and can no longer be advertised.');
      const [ad] = await db
        .insert(advertisement)
        .values({ productId })
        .onConflictDoNothing({ target: advertisement.productId })
        .returning({ id: advertisement.id });
      if (!ad) throw conflict('already_advertised', 'This product is already advertised.');
      return ad.id;
    },

    /**
     * Changes an unsold item. A new price is recorded in product_price_change; a cut below the lowest
     * price of the last 14 days also sets the "Price dropped" fields of the row (that price, and now),
     * kept on the row so lists stay cheap; a rise back to it clears them. Report and grade are checked
     * with the contract's one rule.
     */
    async edit(me: SessionUser, id: string, input: ProductEdit, now = new Date()) {
      requireVerifiedEmail(me, 'edit an item');
      let cut = false;
      await db.transaction(async (tx) => {
        const p = await ownProduct(tx, me, id);
        if (p.status === 'sold') throw soldConflict();
        const set: Partial<typeof product.$inferInsert> = {};
        if (input.name !== undefined) set.name = input.name;
        if (input.description !== undefined) set.description = input.description;
        if (input.location !== undefined) set.location = input.location;
        // A new place, or the one a new location names (the old place stays when it names none).
        if (input.placeId !== undefined || input.location !== undefined)
          Object.assign(set, listingPlace(input.placeId, input.location, badRequest));
        if (input.number !== undefined) set.phone = input.number;
        if (input.used_year !== undefined) set.usedYears = input.used_year;
        if (input.original_price !== undefined) set.originalPriceCents = money.toCents(input.original_price);
        // Photos replace img (modules/uploads sets it to the cover) where the shop stores them.
        if ('img' in input && typeof input.img === 'string') set.img = input.img;
        if (input.condition !== undefined) set.condition = input.condition;

        const stored = (p.conditionReport as ConditionReport | null) ?? null;
        if ((input.conditionReport || input.condition) && (input.conditionReport ?? stored) && isCategory(p.category)) {
          const condition = input.condition ?? p.condition;
          const { report, issues } = listingIssues(p.category, condition, input.conditionReport ?? stored ?? {});
          const [first] = issues;
          if (first) throw badRequest(first.path.join('.'), first.message);
          if (input.conditionReport)
            set.conditionReport = await keepReport(tx, deps.photos, { productId: id, sellerId: me.id, report, previous: stored });
        }

        if (input.price !== undefined) {
          const cents = money.toCents(input.price);
          if (cents !== p.priceCents) {
            const held = await heldPrices(tx, id, p.priceCents, now);
            await tx
              .insert(productPriceChange)
              .values({ productId: id, oldPriceCents: p.priceCents, newPriceCents: cents, changedAt: now });
            const shown =
              p.priceDroppedAt !== null &&
              p.priceBeforeDropCents !== null &&
              p.priceBeforeDropCents > p.priceCents &&
              now.getTime() - p.priceDroppedAt.getTime() < PRICE_DROP_SHOWN_DAYS * DAY_MS;
            const shownBefore = shown ? (p.priceBeforeDropCents ?? 0) : 0;
            // A cut is a drop from the lowest price of the last 14 days, so raising the price just before
            // cutting it shows no drop. A further cut while a drop shows keeps that drop's price (never
            // above the highest of those 14 days); a rise back to it or above ends the drop.
            const before = cents < p.priceCents ? (shown ? Math.min(shownBefore, held.high) : held.low) : shownBefore;
            if (cents < p.priceCents && cents < before) {
              set.priceBeforeDropCents = before;
              set.priceDroppedAt = now;
            } else if (cents < p.priceCents || !shown || cents >= before) {
              set.priceBeforeDropCents = null;
              set.priceDroppedAt = null;
            }
            set.priceCents = cents;
            cut = cents < p.priceCents;
          }
        }
        const gallery = 'photos' in input ? (input.photos as string[] | undefined) : undefined;
        if (gallery !== undefined) {
          await deps.photos.attach(tx, { productId: id, sellerId: me.id, ids: gallery });
        }
        if (Object.keys(set).length) await tx.update(product).set(set).where(eq(product.id, id));
      });
      if (cut) deps.onPriceCut?.();
    },

    /** Takes an item off sale for now (every public list drops it; its page says so). */
    async unlist(me: SessionUser, id: string) {
      return db.transaction(async (tx) => {
        const p = await ownProduct(tx, me, id);
        if (p.status === 'sold') throw soldConflict();
        if (p.status === 'unlisted') throw conflict('already_unlisted', 'This item is already unlisted.');
        await tx.update(product).set({ status: 'unlisted' }).where(eq(product.id, id));
        return { acknowledged: true, status: 'unlisted' as const };
      });
    },

    async relist(me: SessionUser, id: string) {
      return db.transaction(async (tx) => {
        const p = await ownProduct(tx, me, id);
        if (p.status === 'sold') throw soldConflict();
        if (p.status === 'available') throw conflict('already_listed', 'This item is already listed.');
        await tx.update(product).set({ status: 'available' }).where(eq(product.id, id));
        return { acknowledged: true, status: 'available' as const };
      });
    },

    /**
     * Sold outside the shop: the item is sold, its unpaid bookings are cancelled and each buyer is
     * mailed (in this transaction: no sale, no mail). The product row lock is the one payments take,
     * so a payment either wins first (then this is 409, the item is sold through the shop) or comes
     * after and is refunded by the payments module, which mails that buyer. A paid booking of an
     * unsold item is refused (409) rather than left behind.
     */
    async markSold(me: SessionUser, id: string) {
      const sold = await db.transaction(async (tx) => {
        const p = await ownProduct(tx, me, id);
        if (p.status === 'sold') throw conflict('already_sold', 'This item is already sold.');
        const [paid] = await tx
          .select({ id: order.id })
          .from(order)
          .where(and(eq(order.productId, id), eq(order.status, 'paid')))
          .limit(1);
        if (paid)
          throw new AppError(
            409,
            'paid_booking',
            'A buyer has paid for this item through the shop. Hand it over to that buyer; the order marks it sold.',
          );
        await tx.update(product).set({ status: 'sold' }).where(eq(product.id, id));
        const cancelled = await tx
          .select({ id: order.id, buyerId: order.buyerId, buyerName: order.buyerName })
          .from(order)
          .where(and(eq(order.productId, id), eq(order.status, 'unpaid')));
        // Through the order state machine, so each cancellation is recorded with its actor and time.
        for (const c of cancelled)
          await moveOrder(tx, { orderId: c.id, to: 'cancelled', actorId: me.id, reason: 'sold outside the shop' });
        if (cancelled.length) {
          const emails = await tx
            .select({ id: user.id, email: user.email })
            .from(user)
            .where(sql`${user.id} in ${cancelled.map((c) => c.buyerId)} and ${user.deletedAt} is null`);
          for (const c of cancelled) {
            const to = emails.find((e) => e.id === c.buyerId);
            if (!to) continue;
            await deps.mail.mailer.enqueue(
              {
                to: to.email,
                userId: to.id,
                kind: 'booking-cancelled',
                ...bookingCancelledMail({ baseUrl: deps.mail.baseUrl, productName: p.name, buyerName: c.buyerName }),
              },
              tx,
            );
          }
        }
        return { name: p.name, cancelled };
      });
      await deps.events.publish('listing.sold', {
        productId: id,
        productName: sold.name,
        cancelled: sold.cancelled.map((c) => ({ orderId: c.id, buyerId: c.buyerId })),
      });
      return { acknowledged: true, status: 'sold' as const, cancelledBookings: sold.cancelled.length };
    },

    /** The contact details its seller listed an item with (public answers leave them out), for the seller alone. */
    async ownContact(me: SessionUser, id: string) {
      const [p] = await db
        .select({ sellerId: product.sellerId, phone: product.phone, hiddenAt: product.hiddenAt })
        .from(product)
        .where(eq(product.id, id));
      if (!p || p.hiddenAt) throw notFound('The product');
      if (p.sellerId !== me.id) throw forbidden('Only the seller of this item can edit it.');
      return { email: me.email, number: p.phone };
    },

    /** An item's bookings, newest first, for its seller or an admin. */
    async bookings(me: SessionUser, id: string, limit: number, rawCursor?: string): Promise<Page<SellerBooking>> {
      const [p] = await db
        .select({ sellerId: product.sellerId, hiddenAt: product.hiddenAt })
        .from(product)
        .where(eq(product.id, id));
      if (!p || (p.hiddenAt && !me.adminPowers)) throw notFound('The product');
      if (p.sellerId !== me.id && !me.adminPowers) throw forbidden("Only the item's seller can see its bookings.");
      const cursor = decodeCursor(rawCursor, 'time');
      const conds: SQL[] = [eq(order.productId, id)];
      if (cursor) conds.push(sql`(${order.createdAt}, ${order.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const rows = await db
        .select({ o: order, tsText: sql<string>`${order.createdAt}::text` })
        .from(order)
        .where(and(...conds))
        .orderBy(desc(order.createdAt), desc(order.id))
        .limit(limit + 1);
      const page = keysetPage(rows, limit, (r) => ({ k: r.tsText, id: r.o.id }));
      return {
        items: page.items.map(({ o }) => ({
          _id: o.id,
          buyerId: o.buyerId,
          buyerName: o.buyerName,
          phone: o.phone,
          meetingLocation: o.meetingLocation,
          price: money.toDollars(o.priceCents),
          // Money held or taken for it (a later state of a paid booking keeps that).
          paid: (PAID_STATES as readonly string[]).includes(o.status),
          status: o.status,
          createdAt: o.createdAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}

export type ListingService = ReturnType<typeof listingService>;
