import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { RECENTLY_VIEWED_MAX, type RecentlyViewed } from '@shop/contract';
import type { Db } from '../../db/client';
import { product, recentlyViewed } from '../../db/schema';
import { money } from '../../lib/paging';

/**
 * Recently viewed listings of a signed-in person (guests keep theirs in the browser, and hand them over
 * on sign-in). The newest RECENTLY_VIEWED_MAX are kept; hidden listings are left out of the answer.
 */
export function recentlyViewedService(db: Db) {
  /** Drops what is past the newest few, so the table stays a few rows per person. */
  async function trim(userId: string) {
    const keep = db
      .select({ productId: recentlyViewed.productId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, userId))
      .orderBy(desc(recentlyViewed.viewedAt))
      .limit(RECENTLY_VIEWED_MAX);
    await db.delete(recentlyViewed).where(and(eq(recentlyViewed.userId, userId), notInArray(recentlyViewed.productId, keep)));
  }

  return {
    async list(userId: string): Promise<RecentlyViewed[]> {
      const rows = await db
        .select({ v: recentlyViewed, p: product })
        .from(recentlyViewed)
        .innerJoin(product, eq(product.id, recentlyViewed.productId))
        .where(and(eq(recentlyViewed.userId, userId), sql`${product.hiddenAt} is null`))
        .orderBy(desc(recentlyViewed.viewedAt))
        .limit(RECENTLY_VIEWED_MAX);
      return rows.map(({ v, p }) => ({
        productId: p.id,
        name: p.name,
        img: p.img,
        price: money.toDollars(p.priceCents),
        status: p.status,
        viewedAt: v.viewedAt.toISOString(),
      }));
    },

    /**
     * Records listings as viewed now, the first named the newest (one viewed page, or a guest's list
     * handed over on sign-in). Ids that name no visible listing are skipped.
     */
    async add(userId: string, productIds: string[]) {
      const ids = [...new Set(productIds)].slice(0, RECENTLY_VIEWED_MAX);
      const found = await db
        .select({ id: product.id })
        .from(product)
        .where(and(inArray(product.id, ids), sql`${product.hiddenAt} is null`));
      const known = new Set(found.map((f) => f.id));
      const now = Date.now();
      // The first named is the newest: each one after is a millisecond older.
      const values = ids
        .filter((id) => known.has(id))
        .map((productId, i) => ({ userId, productId, viewedAt: new Date(now - i) }));
      if (values.length)
        await db
          .insert(recentlyViewed)
          .values(values)
          .onConflictDoUpdate({
            target: [recentlyViewed.userId, recentlyViewed.productId],
            set: { viewedAt: sql`greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)` },
          });
      await trim(userId);
      return { acknowledged: true };
    },

    async clear(userId: string) {
      await db.delete(recentlyViewed).where(eq(recentlyViewed.userId, userId));
      return { acknowledged: true };
    },
  };
}

export type RecentlyViewedService = ReturnType<typeof recentlyViewedService>;
