import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  ACTIONS_BY_KIND,
  type ModerationAction,
  type ModerationCase,
  type ModerationItem,
  type ModerationQueue,
  type ReportKind,
} from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import { underAccountCap } from '../../db/account-cap';
import type { Database, Executor } from '../../db/client';
import { isoSql, isoText } from '../../db/sql';
import { conversation, product, report, review, session, user } from '../../db/schema';
import type { SessionUser } from '../../auth/plugin';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { dollars } from '../../mail/templates/format';
import { type AuditActor, recordAudit } from '../audit/service';
import type { NotificationsService } from '../notifications/service';
import { COMPLETED_SQL, removeReview } from './reviews';

const QUEUE_REPORTS = 300;

/** What the reporter is told once an admin acted on their report. */
const OUTCOME: Record<ModerationAction, string> = {
  dismiss: 'We looked at it and found nothing against our rules.',
  hide_listing: 'The listing was taken down.',
  remove_review: 'The review was removed.',
  warn: 'We warned the person responsible.',
  suspend: 'The account responsible was suspended.',
};

/**
 * Suspends an account in the caller's transaction: every session goes (its cookies answer 401 from
 * the next call), sign-in is refused (auth.ts), and its listings leave every list (hidden_at; the
 * catalog's listed column and count triggers follow).
 */
async function suspendUser(tx: Executor, userId: string) {
  await tx
    .update(user)
    .set({ suspendedAt: sql`now()` })
    .where(and(eq(user.id, userId), isNull(user.suspendedAt)));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx
    .update(product)
    .set({ hiddenAt: sql`now()`, hiddenReason: 'suspended' })
    .where(and(eq(product.sellerId, userId), isNull(product.hiddenAt)));
}

type Target = {
  title: string;
  detail: string;
  link: string;
  userId: string | null;
  userName: string;
  suspended: boolean;
  hidden: boolean;
};

/** Reports one person may send in an hour (429 past it): enough for honest use, not for flooding the queue. */
const REPORTS_PER_HOUR = 10;
/** Different things one person reported within a day that mark them as mass reporting in the queue. */
const MASS_REPORTING_TARGETS = 5;

/**
 * Whether the account `u` (an alias of "user") has a history that makes its report of a listing count
 * toward hiding it: a proven email and an account older than 7 days or a completed order (bought or
 * sold); a moderator always does. Three fresh accounts cannot hide anyone's listing.
 */
const ESTABLISHED_SQL = (u: string) => `(${u}.role = 'admin' or (${u}.email_verified and (
  ${u}.created_at < now() - interval '7 days'
  or exists (select 1 from orders o where o.buyer_id = ${u}.id and ${COMPLETED_SQL('o')})
  or exists (select 1 from orders o join product p on p.id = o.product_id where p.seller_id = ${u}.id and ${COMPLETED_SQL('o')}))))`;

/**
 * Reports of listings, people, reviews and conversations, one table for all four, and what admins
 * do about them. A listing reported by `hideThreshold` different people with a history (or a
 * moderator) is hidden until reviewed; the queue marks reporters who report many things at once.
 */
export function moderationService(deps: {
  database: Database;
  notifications: NotificationsService;
  hideThreshold: number;
  /** Told once a suspension committed: the account's open event streams end on every instance. */
  sessionsEnded: (userIds: string[]) => Promise<void>;
}) {
  const { database, notifications, hideThreshold } = deps;
  const { db, query } = database;

  /** The reported thing, checked to exist and be visible to the reporter; answers the person it belongs to. */
  async function reportable(me: SessionUser, kind: ReportKind, id: string): Promise<string> {
    if (kind === 'listing') {
      const [p] = await db
        .select({ owner: product.sellerId })
        .from(product)
        .where(and(eq(product.id, id), isNull(product.hiddenAt)));
      if (!p) throw notFound('The listing');
      return p.owner;
    }
    if (kind === 'user') {
      const [u] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, id), isNull(user.deletedAt)));
      if (!u) throw notFound('The user');
      return u.id;
    }
    if (kind === 'review') {
      const [r] = await db
        .select({ owner: review.buyerId })
        .from(review)
        .where(and(eq(review.id, id), isNull(review.removedAt)));
      if (!r) throw notFound('The review');
      return r.owner;
    }
    const [c] = await db
      .select({ buyerId: conversation.buyerId, sellerId: conversation.sellerId })
      .from(conversation)
      .where(eq(conversation.id, id));
    // Only its two people know a conversation exists.
    if (!c || (c.buyerId !== me.id && c.sellerId !== me.id)) throw notFound('The conversation');
    return c.buyerId === me.id ? c.sellerId : c.buyerId;
  }

  /** Details of each reported thing in the queue, one query per kind. */
  async function targets(keys: { kind: ReportKind; targetId: string; firstReporter: string }[]) {
    const out = new Map<string, Target>();
    const ids = (k: ReportKind) => keys.filter((x) => x.kind === k).map((x) => x.targetId);
    const listings = ids('listing');
    if (listings.length) {
      const rows = await query<{
        id: string;
        name: string;
        price_cents: number;
        location: string;
        description: string;
        seller_id: string;
        seller_name: string;
        suspended: boolean;
        hidden: boolean;
      }>(
        undefined,
        `select p.id, p.name, p.price_cents, p.location, p.description, u.id as seller_id, u.name as seller_name,
  u.suspended_at is not null as suspended, p.hidden_at is not null as hidden
from product p join "user" u on u.id = p.seller_id where p.id = any($1::uuid[])`,
        [listings],
      );
      for (const r of rows)
        out.set(`listing:${r.id}`, {
          title: r.name,
          detail: `${dollars(r.price_cents)} · ${r.location}${r.description ? ` · ${r.description.slice(0, 200)}` : ''}`,
          link: paths.product.getHref(r.id),
          userId: r.seller_id,
          userName: r.seller_name,
          suspended: r.suspended,
          hidden: r.hidden,
        });
    }
    const users = ids('user');
    if (users.length) {
      const rows = await query<{ id: string; name: string; since: string; suspended: boolean; role: string }>(
        undefined,
        `select u.id, u.name, ${isoText('u.created_at')} as since, u.suspended_at is not null as suspended, u.role
from "user" u where u.id = any($1::uuid[])`,
        [users],
      );
      for (const r of rows)
        out.set(`user:${r.id}`, {
          title: r.name,
          detail: `${r.role}, member since ${r.since.slice(0, 10)}`,
          link: paths.seller.getHref(r.id),
          userId: r.id,
          userName: r.name,
          suspended: r.suspended,
          hidden: false,
        });
    }
    const reviews = ids('review');
    if (reviews.length) {
      const rows = await query<{
        id: string;
        rating: number;
        text: string;
        seller_id: string;
        buyer_id: string;
        buyer_name: string;
        suspended: boolean;
        removed: boolean;
      }>(
        undefined,
        `select r.id, r.rating, r.text, r.seller_id, b.id as buyer_id, b.name as buyer_name,
  b.suspended_at is not null as suspended, r.removed_at is not null as removed
from review r join "user" b on b.id = r.buyer_id where r.id = any($1::uuid[])`,
        [reviews],
      );
      for (const r of rows)
        out.set(`review:${r.id}`, {
          title: `${r.rating} of 5 stars`,
          detail: r.text,
          link: paths.seller.getHref(r.seller_id),
          userId: r.buyer_id,
          userName: r.buyer_name,
          suspended: r.suspended,
          hidden: r.removed,
        });
    }
    const convs = keys.filter((x) => x.kind === 'conversation');
    if (convs.length) {
      const rows = await query<{
        id: string;
        name: string;
        buyer_id: string;
        seller_id: string;
        buyer_name: string;
        seller_name: string;
        buyer_suspended: boolean;
        seller_suspended: boolean;
      }>(
        undefined,
        `select c.id, p.name, c.buyer_id, c.seller_id, b.name as buyer_name, s.name as seller_name,
  b.suspended_at is not null as buyer_suspended, s.suspended_at is not null as seller_suspended
from conversation c join product p on p.id = c.product_id join "user" b on b.id = c.buyer_id join "user" s on s.id = c.seller_id
where c.id = any($1::uuid[])`,
        [convs.map((x) => x.targetId)],
      );
      for (const r of rows) {
        // The person reported is the other side of whoever reported it first.
        const first = convs.find((x) => x.targetId === r.id)?.firstReporter;
        const sellerReported = first === r.buyer_id;
        out.set(`conversation:${r.id}`, {
          title: `Conversation about ${r.name}`,
          detail: `Between ${r.buyer_name} (buyer) and ${r.seller_name} (seller)`,
          link: paths.dashboard.conversation.getHref(r.id),
          userId: sellerReported ? r.seller_id : r.buyer_id,
          userName: sellerReported ? r.seller_name : r.buyer_name,
          suspended: sellerReported ? r.seller_suspended : r.buyer_suspended,
          hidden: false,
        });
      }
    }
    return out;
  }

  async function cases(): Promise<ModerationCase[]> {
    const rows = await query<{
      id: string;
      order_id: string;
      kind: ModerationCase['kind'];
      text: string;
      product_id: string;
      product_name: string;
      buyer_name: string;
      seller_name: string;
      created_at: string;
    }>(
      'trust_open_cases',
      `select c.id, c.order_id, c.kind, c.text, c.product_id, p.name as product_name, b.name as buyer_name,
  s.name as seller_name, ${isoText('c.created_at')} as created_at
from order_case c join product p on p.id = c.product_id join "user" b on b.id = c.buyer_id join "user" s on s.id = c.seller_id
where c.status = 'open' order by c.created_at limit 100`,
    );
    return rows.map((r) => ({
      _id: r.id,
      orderId: r.order_id,
      kind: r.kind,
      text: r.text,
      productId: r.product_id,
      productName: r.product_name,
      buyerName: r.buyer_name,
      sellerName: r.seller_name,
      createdAt: r.created_at,
    }));
  }

  return {
    async report(me: SessionUser, input: { kind: ReportKind; targetId: string; reason: string }) {
      const owner = await reportable(me, input.kind, input.targetId);
      if (owner === me.id) throw badRequest('targetId', 'cannot be your own');
      // Counted and inserted under the reporter's lock: parallel reports cannot all pass the count.
      return underAccountCap(db, 'reports', me.id, async (tx) => {
        const [recent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(report)
          .where(and(eq(report.reporterId, me.id), sql`${report.createdAt} > now() - interval '1 hour'`));
        if ((recent?.n ?? 0) >= REPORTS_PER_HOUR)
          throw new AppError(
            429,
            'rate_limited',
            `You sent ${REPORTS_PER_HOUR} reports in the last hour. An admin is looking at them; try again later.`,
          );
        const [row] = await tx
          .insert(report)
          .values({ kind: input.kind, targetId: input.targetId, reporterId: me.id, reason: input.reason })
          .onConflictDoNothing()
          .returning({ id: report.id });
        if (!row) throw conflict('already_reported', 'You already reported this; an admin will look at it.');
        if (input.kind === 'listing') {
          // The unique index allows one open report per person and listing: counting rows counts people.
          // Only people with a history count (ESTABLISHED_SQL), so throw-away accounts cannot hide a listing.
          const [n] = (
            await tx.execute<{ n: number }>(
              sql`select count(*)::int as n from report r join "user" u on u.id = r.reporter_id
                where r.kind = 'listing' and r.target_id = ${input.targetId} and r.resolved_at is null
                and ${sql.raw(ESTABLISHED_SQL('u'))}`,
            )
          ).rows;
          if ((n?.n ?? 0) >= hideThreshold)
            await tx
              .update(product)
              .set({ hiddenAt: sql`now()`, hiddenReason: 'reports' })
              .where(and(eq(product.id, input.targetId), isNull(product.hiddenAt)));
        }
        return { acknowledged: true, insertedId: row.id };
      });
    },

    /** Open reports grouped by what they report, oldest report first, with the thing beside them; and handoff's open cases. */
    async queue(): Promise<ModerationQueue> {
      const rows = await query<{
        id: string;
        kind: ReportKind;
        target_id: string;
        reporter_id: string;
        reporter_name: string;
        reason: string;
        created_at: string;
        reporter_established: boolean;
        reporter_day: number;
      }>(
        'trust_queue',
        // Beside each report, what a moderator weighs about its reporter: a history (whether it counts
        // toward hiding), and how many different things they reported in the last day.
        `with recent as (
  select reporter_id, count(distinct kind || ':' || target_id)::int as n from report
  where created_at > now() - interval '1 day' group by reporter_id
)
select r.id, r.kind, r.target_id, r.reporter_id, u.name as reporter_name, r.reason, ${isoText('r.created_at')} as created_at,
  ${ESTABLISHED_SQL('u')} as reporter_established, coalesce(d.n, 0) as reporter_day
from report r join "user" u on u.id = r.reporter_id left join recent d on d.reporter_id = r.reporter_id
where r.resolved_at is null order by r.created_at, r.id limit ${QUEUE_REPORTS}`,
      );
      const groups = new Map<
        string,
        { kind: ReportKind; targetId: string; firstReporter: string; reports: ModerationItem['reports'] }
      >();
      for (const r of rows) {
        const key = `${r.kind}:${r.target_id}`;
        let g = groups.get(key);
        if (!g) {
          g = { kind: r.kind, targetId: r.target_id, firstReporter: r.reporter_id, reports: [] };
          groups.set(key, g);
        }
        g.reports.push({
          _id: r.id,
          reporterName: r.reporter_name,
          reason: r.reason,
          createdAt: r.created_at,
          reporterEstablished: r.reporter_established,
          reporterReportsToday: r.reporter_day,
          massReporting: r.reporter_day >= MASS_REPORTING_TARGETS,
        });
      }
      const details = await targets([...groups.values()]);
      const items: ModerationItem[] = [];
      for (const [key, g] of groups) {
        const d = details.get(key);
        items.push({
          kind: g.kind,
          targetId: g.targetId,
          title: d?.title ?? '(no longer exists)',
          detail: d?.detail ?? '',
          link: d?.link ?? '',
          userId: d?.userId ?? null,
          userName: d?.userName ?? '',
          userSuspended: d?.suspended ?? false,
          hidden: d?.hidden ?? false,
          reports: g.reports,
        });
      }
      return { items, cases: await cases() };
    },

    /** An admin's decision on everything open about one thing: every open report on it is closed with it. */
    async act(
      admin: SessionUser,
      actor: AuditActor,
      input: { kind: ReportKind; targetId: string; action: ModerationAction; reason: string },
    ) {
      const { kind, targetId, action, reason } = input;
      if (!ACTIONS_BY_KIND[kind].includes(action)) throw badRequest('action', `does not apply to a reported ${kind}`);
      const [open] = await query<{ n: number; first: string | null }>(
        undefined,
        `select count(*)::int as n, (array_agg(reporter_id order by created_at))[1]::text as first
from report where kind = $1 and target_id = $2 and resolved_at is null`,
        [kind, targetId],
      );
      if (!open?.n) throw notFound('An open report of that');
      const person = (await targets([{ kind, targetId, firstReporter: open.first ?? '' }])).get(`${kind}:${targetId}`);
      const userId = person?.userId ?? null;
      if ((action === 'warn' || action === 'suspend') && !userId) throw notFound('The person responsible');
      if (action === 'suspend' && userId === admin.id) throw badRequest('action', 'cannot suspend yourself');

      const reporters = await db.transaction(async (tx) => {
        if (action === 'dismiss' && kind === 'listing')
          // Hidden only by its reports: it comes back. A moderator's or a suspension's hiding stays.
          await tx
            .update(product)
            .set({ hiddenAt: null, hiddenReason: null })
            .where(and(eq(product.id, targetId), eq(product.hiddenReason, 'reports')));
        if (action === 'hide_listing') {
          const [p] = await tx
            .update(product)
            .set({ hiddenAt: sql`coalesce(${product.hiddenAt}, now())`, hiddenReason: 'moderation' })
            .where(eq(product.id, targetId))
            .returning({ id: product.id });
          if (!p) throw notFound('The listing');
        }
        if (action === 'remove_review') await removeReview(tx, actor, targetId, reason);
        if (action === 'suspend' && userId) {
          const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
          if (target?.role === 'admin') throw new AppError(409, 'conflict', 'An admin account cannot be suspended here.');
          await suspendUser(tx, userId);
        }
        const closed = await tx
          .update(report)
          .set({ resolvedAt: sql`now()`, resolvedBy: admin.id, resolution: action, resolutionReason: reason })
          .where(and(eq(report.kind, kind), eq(report.targetId, targetId), isNull(report.resolvedAt)))
          .returning({ reporterId: report.reporterId });
        await recordAudit(tx, actor, {
          action: `moderation.${action}`,
          target: { type: kind, id: targetId },
          details: { reason, reports: closed.length, ...(userId && action !== 'dismiss' ? { userId } : {}) },
        });
        return [...new Set(closed.map((c) => c.reporterId))];
      });

      if (action === 'suspend' && userId) await deps.sessionsEnded([userId]);

      if (action === 'warn' && userId)
        await notifications.create(userId, {
          kind: 'moderation',
          title: 'A warning from the moderators',
          body: reason,
          link: person?.link ?? '',
        });
      for (const r of reporters)
        await notifications.create(r, {
          kind: 'moderation',
          title: `Your report of ${kind === 'user' ? 'a user' : `a ${kind}`} was reviewed`,
          body: OUTCOME[action],
        });
      return { action, resolvedReports: reporters.length };
    },

    /** Lifts a suspension: sign-in works again and the listings hidden by it come back. */
    async unsuspend(actor: AuditActor, userId: string) {
      await db.transaction(async (tx) => {
        const [u] = await tx
          .update(user)
          .set({ suspendedAt: null })
          .where(and(eq(user.id, userId), isNotNull(user.suspendedAt)))
          .returning({ id: user.id });
        if (!u) throw notFound('A suspended user with that id');
        await tx
          .update(product)
          .set({ hiddenAt: null, hiddenReason: null })
          .where(and(eq(product.sellerId, userId), eq(product.hiddenReason, 'suspended')));
        await recordAudit(tx, actor, { action: 'user.unsuspended', target: { type: 'user', id: userId } });
      });
      return { acknowledged: true };
    },

    /** Suspended accounts (for the moderation page's list). */
    async suspended() {
      const rows = await db
        .select({ id: user.id, name: user.name, email: user.email, at: isoSql(user.suspendedAt) })
        .from(user)
        .where(and(isNotNull(user.suspendedAt), ne(user.role, 'admin')))
        .limit(200);
      return rows.map((r) => ({ _id: r.id, name: r.name, email: r.email, suspendedAt: r.at }));
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;
