import { and, eq, isNull, sql } from 'drizzle-orm';
import { ratingAverage, type OrderReview, type Review, type ReviewInput, type SellerProfile } from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import type { Database, Executor } from '../../db/client';
import { isoText } from '../../db/sql';
import { review, user } from '../../db/schema';
import type { SessionUser } from '../../auth/plugin';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { decodeCursor, keysetPage, type Page } from '../../lib/paging';
import { type AuditActor, recordAudit } from '../audit/service';
import type { NotificationsService } from '../notifications/service';

/**
 * An order's hand-off was confirmed: it is 'completed' now, or was before a dispute moved it on
 * (modules/handoff records every move in order_transition).
 */
export const COMPLETED_SQL = (o: string) =>
  `(${o}.status = 'completed' or exists (select 1 from order_transition t where t.order_id = ${o}.id and t.to_status = 'completed'))`;

type ReviewRow = {
  id: string;
  order_id: string;
  product_id: string;
  product_name: string;
  seller_id: string;
  buyer_name: string;
  rating: number;
  text: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  key: string;
};

const REVIEW_SQL = `select r.id, r.order_id, r.product_id, p.name as product_name, r.seller_id,
  case when b.deleted_at is null then b.name else '' end as buyer_name, r.rating, r.text, r.reply,
  ${isoText('r.replied_at')} as replied_at, ${isoText('r.created_at')} as created_at, r.created_at::text as key
from review r join product p on p.id = r.product_id join "user" b on b.id = r.buyer_id`;

/** How a reviewer is shown to everyone: the first name and the last name's initial ("Bea B."), never the full name. */
export function publicName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  const initial = parts.length > 1 ? parts.at(-1)?.[0] : undefined;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

const toReview = (r: ReviewRow): Review => ({
  _id: r.id,
  orderId: r.order_id,
  productId: r.product_id,
  productName: r.product_name,
  sellerId: r.seller_id,
  buyerName: publicName(r.buyer_name),
  rating: r.rating,
  text: r.text,
  reply: r.reply,
  repliedAt: r.replied_at,
  createdAt: r.created_at,
});

/**
 * Takes a review out of sight and out of its seller's rating, in the caller's transaction, with the
 * audit row. Answers false when it was already removed (or never existed).
 */
export async function removeReview(tx: Executor, actor: AuditActor, reviewId: string, reason: string) {
  const [gone] = await tx
    .update(review)
    .set({ removedAt: sql`now()`, removedReason: reason })
    .where(and(eq(review.id, reviewId), isNull(review.removedAt)))
    .returning({ sellerId: review.sellerId, rating: review.rating, buyerId: review.buyerId });
  if (!gone) return false;
  await tx
    .update(user)
    .set({ ratingSum: sql`${user.ratingSum} - ${gone.rating}`, ratingCount: sql`${user.ratingCount} - 1` })
    .where(eq(user.id, gone.sellerId));
  await recordAudit(tx, actor, {
    action: 'review.removed',
    target: { type: 'review', id: reviewId },
    details: { reason, sellerId: gone.sellerId, buyerId: gone.buyerId, rating: gone.rating },
  });
  return true;
}

/** A seller whose page is shown: not deleted, not suspended ($1 is the seller's id). */
const SHOWN_SELLER = 'u.id = $1 and u.deleted_at is null and u.suspended_at is null';

/**
 * Reviews of sellers by buyers after a completed hand-off. The seller's count and star sum live on
 * the user row and change in the same transaction as the review, so every product list reads the
 * rating from the seller row it already joins.
 */
export function reviewsService(deps: { database: Database; notifications: NotificationsService }) {
  const { database, notifications } = deps;
  const { db, query } = database;

  async function byId(id: string): Promise<Review> {
    const [r] = await query<ReviewRow>('trust_review_by_id', `${REVIEW_SQL} where r.id = $1`, [id]);
    if (!r) throw notFound('The review');
    return toReview(r);
  }

  return {
    async forOrder(me: SessionUser, orderId: string): Promise<OrderReview> {
      const [o] = await query<{ buyer_id: string; completed: boolean; review_id: string | null; removed: boolean }>(
        'trust_order_review',
        `select o.buyer_id, ${COMPLETED_SQL('o')} as completed, r.id as review_id, r.removed_at is not null as removed
from orders o left join review r on r.order_id = o.id where o.id = $1`,
        [orderId],
      );
      if (!o || o.buyer_id !== me.id) throw notFound('The order');
      const review = o.review_id && !o.removed ? await byId(o.review_id) : null;
      return { canReview: o.completed && !o.review_id, review };
    },

    async create(me: SessionUser, orderId: string, input: Required<ReviewInput>): Promise<Review> {
      const id = await db.transaction(async (tx) => {
        const found = await tx.execute<{ buyer_id: string; seller_id: string; product_id: string; completed: boolean }>(
          sql`select o.buyer_id, p.seller_id, o.product_id, ${sql.raw(COMPLETED_SQL('o'))} as completed
from orders o join product p on p.id = o.product_id where o.id = ${orderId} for update of o`,
        );
        const o = found.rows[0];
        if (!o || o.buyer_id !== me.id) throw notFound('The order');
        if (!o.completed) throw conflict('not_completed', 'You can review the seller once the hand-off is confirmed.');
        const [row] = await tx
          .insert(review)
          .values({
            orderId,
            productId: o.product_id,
            sellerId: o.seller_id,
            buyerId: me.id,
            rating: input.rating,
            text: input.text,
          })
          .onConflictDoNothing()
          .returning({ id: review.id });
        if (!row) throw conflict('already_reviewed', 'You already reviewed this order.');
        await tx
          .update(user)
          .set({ ratingSum: sql`${user.ratingSum} + ${input.rating}`, ratingCount: sql`${user.ratingCount} + 1` })
          .where(eq(user.id, o.seller_id));
        return { reviewId: row.id, sellerId: o.seller_id };
      });
      await notifications.create(id.sellerId, {
        kind: 'review',
        title: `${me.name || 'A buyer'} rated you ${input.rating} of 5`,
        body: input.text,
        link: paths.seller.getHref(id.sellerId),
      });
      return byId(id.reviewId);
    },

    async reply(me: SessionUser, reviewId: string, text: string): Promise<Review> {
      const [done] = await db
        .update(review)
        .set({ reply: text, repliedAt: sql`now()` })
        .where(and(eq(review.id, reviewId), eq(review.sellerId, me.id), isNull(review.reply), isNull(review.removedAt)))
        .returning({ id: review.id });
      if (done) return byId(done.id);
      const [r] = await db
        .select({ sellerId: review.sellerId, reply: review.reply, removedAt: review.removedAt })
        .from(review)
        .where(eq(review.id, reviewId));
      if (!r || r.removedAt) throw notFound('The review');
      if (r.sellerId !== me.id) throw forbidden('Only the reviewed seller can reply.');
      throw conflict('already_replied', 'You already replied to this review.');
    },

    async remove(actor: AuditActor, reviewId: string, reason: string) {
      const removed = await db.transaction((tx) => removeReview(tx, actor, reviewId, reason));
      if (!removed) throw notFound('The review');
      return { acknowledged: true };
    },

    async bySeller(sellerId: string, limit: number, rawCursor?: string): Promise<Page<Review>> {
      const cursor = decodeCursor(rawCursor, 'time');
      const rows = await query<ReviewRow>(
        undefined,
        `${REVIEW_SQL} where r.seller_id = $1 and r.removed_at is null
${cursor ? 'and (r.created_at, r.id) < ($2::timestamptz, $3::uuid)' : ''}
order by r.created_at desc, r.id desc limit ${Math.floor(limit) + 1}`,
        cursor ? [sellerId, cursor.k, cursor.id] : [sellerId],
      );
      const page = keysetPage(rows, limit, (r) => ({ k: r.key, id: r.id }));
      return { items: page.items.map(toReview), nextCursor: page.nextCursor };
    },

    /** A seller's public page; a deleted or suspended account has none. */
    /** 404 unless the seller's page exists; for the page's lists, which need no profile (nor its sales count). */
    async assertSellerShown(id: string): Promise<void> {
      const [u] = await query<{ id: string }>('trust_seller_shown', `select u.id from "user" u where ${SHOWN_SELLER}`, [id]);
      if (!u) throw notFound('The seller');
    },

    async sellerProfile(id: string): Promise<SellerProfile> {
      const [u] = await query<{
        id: string;
        name: string;
        verified: boolean;
        created_at: string;
        rating_sum: number;
        rating_count: number;
        sales: number;
      }>(
        'trust_seller_profile',
        `select u.id, u.name, u.verified, ${isoText('u.created_at')} as created_at, u.rating_sum, u.rating_count,
  (select count(*)::int from orders o join product p on p.id = o.product_id where p.seller_id = u.id and ${COMPLETED_SQL('o')}) as sales
from "user" u where ${SHOWN_SELLER}`,
        [id],
      );
      if (!u) throw notFound('The seller');
      return {
        _id: u.id,
        name: u.name,
        verified: u.verified,
        memberSince: u.created_at,
        completedSales: u.sales,
        rating: ratingAverage(u.rating_sum, u.rating_count),
        reviews: u.rating_count,
      };
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
