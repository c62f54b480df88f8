import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Favorite } from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import { underAccountCap } from '../../db/account-cap';
import type { Db } from '../../db/client';
import { order, priceWatch, product } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { money } from '../../lib/paging';

/** Listings one person may keep saved. */
export const MAX_FAVORITES = 500;

/** What a card shows of a listing's state: hidden listings read as taken off sale. */
const shownStatus = (status: 'available' | 'sold' | 'unlisted', hiddenAt: Date | null) =>
  hiddenAt && status !== 'sold' ? 'unlisted' : status;

/**
 * Favourites (the heart): a listing a person saved. It is their price watch too, one feature: the
 * alerts jobs tell them when its price drops (runPriceDrops) and when it is sold (runSoldFavorites).
 */
export function favoritesService(deps: {
  db: Db;
  notify: (userId: string, n: { title: string; body: string; link: string }) => Promise<void>;
}) {
  const { db, notify } = deps;

  return {
    /** The caller's saved listings, the latest saved first. */
    async list(userId: string): Promise<Favorite[]> {
      const rows = await db
        .select({ w: priceWatch, p: product })
        .from(priceWatch)
        .innerJoin(product, eq(product.id, priceWatch.productId))
        .where(eq(priceWatch.userId, userId))
        .orderBy(desc(priceWatch.createdAt))
        .limit(MAX_FAVORITES);
      return rows.map(({ w, p }) => ({
        productId: p.id,
        name: p.name,
        img: p.img,
        price: money.toDollars(p.priceCents),
        status: shownStatus(p.status, p.hiddenAt),
        category: p.category,
        location: p.location,
        createdAt: w.createdAt.toISOString(),
      }));
    },

    /** Saves a listing (saving it again changes nothing). Not one's own, not one no longer for sale. */
    async add(userId: string, productId: string) {
      const [p] = await db
        .select({ sellerId: product.sellerId, listed: product.listed, hiddenAt: product.hiddenAt })
        .from(product)
        .where(eq(product.id, productId));
      if (!p || p.hiddenAt) throw notFound('The product');
      if (p.sellerId === userId) throw conflict('own_listing', 'This is your own listing: you cannot save it.');
      if (!p.listed) throw conflict('product_sold', 'Sorry, this item is no longer for sale.');
      await underAccountCap(db, 'favorites', userId, async (tx) => {
        const [n] = await tx.select({ n: count() }).from(priceWatch).where(eq(priceWatch.userId, userId));
        if ((n?.n ?? 0) >= MAX_FAVORITES)
          throw conflict('too_many_favorites', `You can keep ${MAX_FAVORITES} saved items. Remove one to save another.`);
        await tx.insert(priceWatch).values({ userId, productId }).onConflictDoNothing();
      });
      return { acknowledged: true };
    },

    /** Un-saves a listing; one not saved is fine too. */
    async remove(userId: string, productId: string) {
      await db.delete(priceWatch).where(and(eq(priceWatch.userId, userId), eq(priceWatch.productId, productId)));
      return { acknowledged: true };
    },

    /** How many people saved each of a seller's listings (listings nobody saved are left out). */
    async savesOf(sellerId: string) {
      const rows = await db
        .select({ productId: priceWatch.productId, saves: sql<number>`count(*)::int` })
        .from(priceWatch)
        .innerJoin(product, eq(product.id, priceWatch.productId))
        .where(eq(product.sellerId, sellerId))
        .groupBy(priceWatch.productId);
      return rows;
    },

    /**
     * The sold-favourites job: each person who saved a listing since sold is told once (the buyer who
     * bought it is not told about their own purchase).
     */
    async runSoldFavorites() {
      const due = await db
        .select({ userId: priceWatch.userId, productId: priceWatch.productId, name: product.name })
        .from(priceWatch)
        .innerJoin(product, eq(product.id, priceWatch.productId))
        .where(and(eq(product.status, 'sold'), isNull(priceWatch.soldToldAt)))
        .limit(1000);
      if (!due.length) return { sold: 0 };
      const buyers = await db
        .select({ productId: order.productId, buyerId: order.buyerId })
        .from(order)
        .where(
          and(
            inArray(order.productId, [...new Set(due.map((d) => d.productId))]),
            inArray(order.status, ['paid', 'completed', 'disputed', 'resolved']),
          ),
        );
      const bought = new Set(buyers.map((r) => `${r.productId}:${r.buyerId}`));
      for (const d of due) {
        const [marked] = await db
          .update(priceWatch)
          .set({ soldToldAt: new Date() })
          .where(and(eq(priceWatch.userId, d.userId), eq(priceWatch.productId, d.productId), isNull(priceWatch.soldToldAt)))
          .returning({ userId: priceWatch.userId });
        if (!marked || bought.has(`${d.productId}:${d.userId}`)) continue;
        await notify(d.userId, {
          title: `Sold: ${d.name}`,
          body: 'An item you saved was sold. Your saved searches can tell you when a similar one is listed.',
          link: paths.product.getHref(d.productId),
        });
      }
      return { sold: due.length };
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;
