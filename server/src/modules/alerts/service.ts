import { and, count, eq } from 'drizzle-orm';
import type { SavedSearch, SavedSearchQuery } from '@shop/contract';
import { formatMoney } from '@shop/contract/money';
import { paths } from '@shop/contract/web-paths';
import { underAccountCap } from '../../db/account-cap';
import type { Database } from '../../db/client';
import { isoText } from '../../db/sql';
import { savedSearch } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { money } from '../../lib/paging';
import { dollars } from '../../mail/templates/format';
import { toPrefixQuery } from '../catalog/sql';
import type { NotificationsService } from '../notifications/service';

/** Saved searches one person may keep. */
const MAX_SEARCHES = 20;
/** A saved search is told about new matches at most this often (one batched notification). */
export const SEARCH_BATCH_MS = 60 * 60_000;

/** A short name for a search: its words and filters ('"mac", Laptop, Good, up to $900.00'). */
export function searchLabel(q: SavedSearchQuery): string {
  const parts: string[] = [];
  if (q.q) parts.push(`"${q.q}"`);
  if (q.category) parts.push(q.category);
  if (q.condition) parts.push(q.condition);
  if (q.minPrice !== undefined && q.maxPrice !== undefined) parts.push(`${formatMoney(q.minPrice)}–${formatMoney(q.maxPrice)}`);
  else if (q.minPrice !== undefined) parts.push(`from ${formatMoney(q.minPrice)}`);
  else if (q.maxPrice !== undefined) parts.push(`up to ${formatMoney(q.maxPrice)}`);
  if (q.location) parts.push(`in ${q.location}`);
  if (q.verified) parts.push('verified sellers');
  return parts.join(', ') || 'Everything new';
}

/** The catalog page that shows a search's matches (the web app keeps filters in the URL under the API's names). */
export function searchLink(q: SavedSearchQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && v !== false) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${paths.home.getHref()}?${qs}` : paths.home.getHref();
}

/** The SQL conditions of a saved search over `product p`, with its parameters from `$first`. */
function matchSql(q: SavedSearchQuery, first: number) {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${first + values.length - 1}`;
  };
  const where: string[] = [];
  if (q.category) where.push(`p.category = ${param(q.category)}`);
  if (q.condition) where.push(`p.condition = ${param(q.condition)}`);
  if (q.minPrice !== undefined) where.push(`p.price_cents >= ${param(money.toCents(q.minPrice))}`);
  if (q.maxPrice !== undefined) where.push(`p.price_cents <= ${param(money.toCents(q.maxPrice))}`);
  if (q.location) where.push(`p.location ilike ${param(`%${q.location.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)}`);
  if (q.verified) where.push('p.seller_verified');
  const tsq = toPrefixQuery(q.q);
  if (tsq) where.push(`p.search @@ to_tsquery('simple', ${param(tsq)})`);
  return { where: where.map((w) => `and ${w}`).join(' '), values };
}

export function alertsService(deps: { database: Database; notifications: NotificationsService }) {
  const { database, notifications } = deps;
  const { db, query } = database;

  return {
    async listSearches(userId: string): Promise<SavedSearch[]> {
      const rows = await query<{ id: string; label: string; query: SavedSearchQuery | string; created_at: string }>(
        'talk_saved_searches',
        `select id, label, query, ${isoText('created_at')} as created_at from saved_search where user_id = $1 order by created_at desc`,
        [userId],
      );
      return rows.map((r) => ({
        _id: r.id,
        label: r.label,
        query: typeof r.query === 'string' ? (JSON.parse(r.query) as SavedSearchQuery) : r.query,
        createdAt: r.created_at,
      }));
    },

    /** Saves a search; matches posted from now on are told, batched at most hourly. */
    async saveSearch(userId: string, q: SavedSearchQuery) {
      const clean = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as SavedSearchQuery;
      // Counted and inserted under the person's lock: parallel saves cannot all pass the count.
      const row = await underAccountCap(db, 'saved-searches', userId, async (tx) => {
        const [n] = await tx.select({ n: count() }).from(savedSearch).where(eq(savedSearch.userId, userId));
        if ((n?.n ?? 0) >= MAX_SEARCHES)
          throw conflict('too_many_searches', `You can keep ${MAX_SEARCHES} saved searches. Delete one to save another.`);
        const [made] = await tx
          .insert(savedSearch)
          .values({ userId, query: clean, label: searchLabel(clean) })
          .returning({ id: savedSearch.id });
        return made;
      });
      return { acknowledged: true, insertedId: row?.id ?? '' };
    },

    async deleteSearch(userId: string, id: string) {
      const gone = await db
        .delete(savedSearch)
        .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
        .returning({ id: savedSearch.id });
      if (!gone.length) throw notFound('The saved search');
      return { acknowledged: true };
    },

    /**
     * The saved-search job: each search not told within the last hour gets one notification for the
     * listings posted since it was last checked (at most one an hour per search, however many match).
     */
    async runSavedSearches(now: Date) {
      const due = await query<{
        id: string;
        user_id: string;
        query: SavedSearchQuery | string;
        label: string;
        checked_until: string;
      }>(
        undefined,
        `select id, user_id, query, label, checked_until::text from saved_search
where checked_until <= $1::timestamptz order by checked_until limit 500`,
        [new Date(now.getTime() - SEARCH_BATCH_MS).toISOString()],
      );
      for (const s of due) {
        const q = typeof s.query === 'string' ? (JSON.parse(s.query) as SavedSearchQuery) : s.query;
        const m = matchSql(q, 4);
        const matches = await query<{ name: string; n: number }>(
          undefined,
          `select p.name, count(*) over ()::int as n from product p
where p.listed and p.created_at > $1::timestamptz and p.created_at <= $2::timestamptz and p.seller_id <> $3 ${m.where}
order by p.created_at desc limit 3`,
          [s.checked_until, now.toISOString(), s.user_id, ...m.values],
        );
        await db.update(savedSearch).set({ checkedUntil: now }).where(eq(savedSearch.id, s.id));
        const first = matches[0];
        if (!first) continue;
        const names = matches.map((r) => r.name).join(', ');
        await notifications.create(s.user_id, {
          kind: 'saved-search',
          title: first.n === 1 ? `New match for ${s.label}` : `${first.n} new matches for ${s.label}`,
          body: first.n > matches.length ? `${names} and more` : names,
          link: searchLink(q),
        });
      }
      return { searches: due.length };
    },

    /**
     * The price-drop job: each watcher whose listing costs less now than when they were last told (the
     * price the first change since then replaced, product_price_change) is told once, "was" that price.
     * A rise then a cut back to or above it tells nothing, and nothing is ever "was" a raised price.
     */
    async runPriceDrops() {
      const drops = await query<{
        user_id: string;
        product_id: string;
        name: string;
        price_cents: number;
        old_cents: number;
        last: string;
      }>(
        undefined,
        `select w.user_id, w.product_id, p.name, p.price_cents,
  (array_agg(c.old_price_cents order by c.changed_at, c.id))[1] as old_cents, max(c.changed_at)::text as last
from price_watch w join product_price_change c on c.product_id = w.product_id and c.changed_at > w.notified_until
join product p on p.id = w.product_id
where p.listed
group by w.user_id, w.product_id, p.name, p.price_cents
having p.price_cents < (array_agg(c.old_price_cents order by c.changed_at, c.id))[1] limit 1000`,
      );
      for (const d of drops) {
        // The last change's own timestamp, as text: a JavaScript Date would drop its microseconds and tell it again.
        await query(undefined, 'update price_watch set notified_until = $3::timestamptz where user_id = $1 and product_id = $2', [
          d.user_id,
          d.product_id,
          d.last,
        ]);
        if (d.price_cents >= d.old_cents) continue;
        await notifications.create(d.user_id, {
          kind: 'price-drop',
          title: `Price dropped: ${d.name}`,
          body: `Now ${dollars(d.price_cents)} (was ${dollars(d.old_cents)}).`,
          link: paths.product.getHref(d.product_id),
        });
      }
      return { drops: drops.length };
    },
  };
}

export type AlertsService = ReturnType<typeof alertsService>;
