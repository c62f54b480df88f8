import { and, asc, between, eq, isNull, lte, gt, lt, sql, inArray } from 'drizzle-orm';
import tzlookup from '@photostructure/tz-lookup';
import {
  MAX_RADIUS_KM,
  type Meeting,
  type MeetupSpot,
  type MyDetails,
  type meetingProposalSchema,
  type meetupSpotEditSchema,
  type meetupSpotInputSchema,
  type myDetailsInputSchema,
} from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { meetupSpot, order, orderMeeting, product, user } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { meetingConfirmedMail, meetingReminderMail } from '../../mail/templates/meeting';
import type { Mailer } from '../../mail/types';
import type { SessionUser } from '../../auth/plugin';
import type { NotificationsService } from '../notifications/service';
import { distanceKm, gazetteer } from '../places/gazetteer';
import { localTime, meetingIcs } from './ics';

type Point = { lat: number; lng: number };

/** Web app pages of a booking: the buyer's My Orders, the seller's Sales. */
const LINK = { buyer: paths.dashboard.myOrders.getHref(), seller: paths.dashboard.sales.getHref() };
/** A booking in these states can still be met for. */
const OPEN_STATES = ['unpaid', 'paid'] as const;
/** The reminder goes this long before the meeting; a meeting this long past without a hand-off asks what happened. */
const REMIND_BEFORE_MS = 2 * 60 * 60_000;
const FOLLOW_UP_AFTER_MS = 60 * 60_000;
/** A proposed time must be at least this far ahead. */
const MIN_LEAD_MS = 15 * 60_000;
const MAX_AHEAD_MS = 60 * 24 * 60 * 60_000;

/** The IANA time zone at a point, or UTC where it cannot be told (the open sea). */
export function timeZoneAt(p: Point | null): string {
  if (!p) return 'UTC';
  try {
    return tzlookup(p.lat, p.lng);
  } catch {
    return 'UTC';
  }
}

const toSpot = (r: typeof meetupSpot.$inferSelect, from?: Point): MeetupSpot => ({
  _id: r.id,
  name: r.name,
  address: r.address,
  placeId: r.placeId,
  lat: r.lat,
  lng: r.lng,
  hours: r.hours,
  ...(from ? { distanceKm: Math.round(distanceKm(from, r) * 10) / 10 } : {}),
});

const toMeeting = (r: typeof orderMeeting.$inferSelect): Meeting => ({
  orderId: r.orderId,
  spotId: r.spotId,
  place: r.place,
  address: r.address,
  lat: r.lat,
  lng: r.lng,
  timeZone: r.timeZone,
  proposedTimes: r.proposedTimes,
  proposedBy: r.proposedBy,
  time: r.time ? r.time.toISOString() : null,
  confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
});

type Deps = {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  shopName: string;
  notifications: Pick<NotificationsService, 'create'>;
  clock: () => Date;
};

export function meetupService({ db, mailer, baseUrl, shopName, notifications, clock }: Deps) {
  /** The booking with its two sides, and which side the caller is (null: an admin or nobody). */
  async function booking(me: SessionUser, orderId: string) {
    const [o] = await db
      .select({
        id: order.id,
        status: order.status,
        buyerId: order.buyerId,
        sellerId: product.sellerId,
        productName: product.name,
        lat: product.lat,
        lng: product.lng,
      })
      .from(order)
      .innerJoin(product, eq(product.id, order.productId))
      .where(eq(order.id, orderId));
    const side: 'buyer' | 'seller' | null = o?.buyerId === me.id ? 'buyer' : o?.sellerId === me.id ? 'seller' : null;
    // Anyone else is told it does not exist (as GET /order/{id}); an admin may read.
    if (!o || (!side && !me.adminPowers)) throw notFound('The order');
    return { o, side };
  }

  const partyOnly = (side: 'buyer' | 'seller' | null) => {
    if (!side) throw forbidden('Only the buyer and the seller of this booking arrange its meeting.');
    return side;
  };

  async function tellBoth(
    o: { id: string; buyerId: string; sellerId: string; productName: string },
    n: (side: 'buyer' | 'seller') => { title: string; body?: string },
  ) {
    for (const side of ['buyer', 'seller'] as const)
      await notifications.create(side === 'buyer' ? o.buyerId : o.sellerId, { kind: 'meeting', link: LINK[side], ...n(side) });
  }

  async function mailBoth(
    o: { id: string; buyerId: string; sellerId: string; productName: string },
    m: typeof orderMeeting.$inferSelect,
    kind: 'confirmed' | 'reminder',
  ) {
    const people = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(and(inArray(user.id, [o.buyerId, o.sellerId]), isNull(user.deletedAt)));
    const when = localTime(m.time!, m.timeZone);
    const where = [m.place, m.address].filter(Boolean).join(', ');
    for (const p of people) {
      const link = p.id === o.buyerId ? LINK.buyer : LINK.seller;
      const content = (kind === 'confirmed' ? meetingConfirmedMail : meetingReminderMail)({
        baseUrl,
        link,
        productName: o.productName,
        when,
        where,
      });
      await mailer.enqueue({
        to: p.email,
        userId: p.id,
        kind: 'meeting',
        ...content,
        attachments:
          kind === 'confirmed'
            ? [{ filename: 'meeting.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics(o, m, link) }]
            : undefined,
      });
    }
  }

  const ics = (o: { id: string; productName: string }, m: typeof orderMeeting.$inferSelect, link: string) =>
    meetingIcs({
      orderId: o.id,
      host: new URL(baseUrl).host,
      shopName,
      productName: o.productName,
      time: m.time!,
      timeZone: m.timeZone,
      place: m.place,
      address: m.address,
      lat: m.lat,
      lng: m.lng,
      url: `${baseUrl}${link}`,
      now: clock(),
    });

  return {
    /* ---------- Spots ---------- */

    /** The spots nearest to a point (within MAX_RADIUS_KM), or every spot by name. */
    async spots(near: Point | undefined, limit: number): Promise<MeetupSpot[]> {
      if (!near) {
        const rows = await db.select().from(meetupSpot).orderBy(asc(meetupSpot.name), asc(meetupSpot.id)).limit(limit);
        return rows.map((r) => toSpot(r));
      }
      // The latitude band of the radius through meetup_spot_lat_lng_idx, then the exact distance.
      const dLat = MAX_RADIUS_KM / 111.19;
      const rows = await db
        .select()
        .from(meetupSpot)
        .where(between(meetupSpot.lat, near.lat - dLat, near.lat + dLat));
      return rows
        .map((r) => ({ r, km: distanceKm(near, r) }))
        .filter((x) => x.km <= MAX_RADIUS_KM)
        .sort((a, b) => a.km - b.km || a.r.name.localeCompare(b.r.name))
        .slice(0, limit)
        .map((x) => toSpot(x.r, near));
    },

    async addSpot(input: z.output<typeof meetupSpotInputSchema>) {
      const placeId = await checkedPlace(input.placeId, input);
      const [row] = await db
        .insert(meetupSpot)
        .values({ ...input, hours: input.hours ?? '', placeId })
        .returning();
      return toSpot(row!);
    },

    async editSpot(id: string, input: z.output<typeof meetupSpotEditSchema>) {
      const [old] = await db.select().from(meetupSpot).where(eq(meetupSpot.id, id));
      if (!old) throw notFound('The meetup spot');
      const next = { lat: input.lat ?? old.lat, lng: input.lng ?? old.lng };
      const placeId = input.placeId === undefined ? old.placeId : await checkedPlace(input.placeId, next);
      const [row] = await db
        .update(meetupSpot)
        .set({ ...input, placeId, updatedAt: clock() })
        .where(eq(meetupSpot.id, id))
        .returning();
      return toSpot(row!);
    },

    async removeSpot(id: string) {
      const res = await db.delete(meetupSpot).where(eq(meetupSpot.id, id)).returning({ id: meetupSpot.id });
      if (!res.length) throw notFound('The meetup spot');
      return { acknowledged: true, deletedCount: res.length };
    },

    /* ---------- A booking's meeting ---------- */

    async meeting(me: SessionUser, orderId: string): Promise<Meeting> {
      await booking(me, orderId);
      const [m] = await db.select().from(orderMeeting).where(eq(orderMeeting.orderId, orderId));
      if (!m) throw notFound('The meeting');
      return toMeeting(m);
    },

    /**
     * The buyer proposes up to three times and a spot or place; the seller may answer with another
     * proposal (times and, optionally, another place). A new proposal replaces the last, confirmed or
     * not: the other side confirms one of its times.
     */
    async propose(me: SessionUser, orderId: string, input: z.output<typeof meetingProposalSchema>): Promise<Meeting> {
      const { o, side } = await booking(me, orderId);
      const by = partyOnly(side);
      if (!(OPEN_STATES as readonly string[]).includes(o.status))
        throw conflict('order_closed', 'This booking is closed: there is no meeting to arrange.');
      const now = clock().getTime();
      const times = [...new Set(input.times.map((t) => new Date(t).getTime()))].sort((a, b) => a - b);
      if (times.some((t) => t < now + MIN_LEAD_MS)) throw badRequest('times', 'must be at least 15 minutes from now');
      if (times.some((t) => t > now + MAX_AHEAD_MS)) throw badRequest('times', 'must be within 60 days');
      let where: { spotId: string | null; place: string; address: string; lat: number | null; lng: number | null };
      if (input.spotId) {
        const [s] = await db.select().from(meetupSpot).where(eq(meetupSpot.id, input.spotId));
        if (!s) throw badRequest('spotId', 'names no meetup spot');
        where = { spotId: s.id, place: s.name, address: s.address, lat: s.lat, lng: s.lng };
      } else where = { spotId: null, place: input.place!, address: '', lat: null, lng: null };
      const itemAt = o.lat !== null && o.lng !== null ? { lat: o.lat, lng: o.lng } : null;
      const timeZone = timeZoneAt(where.lat !== null && where.lng !== null ? { lat: where.lat, lng: where.lng } : itemAt);
      const values = {
        ...where,
        timeZone,
        proposedTimes: times.map((t) => new Date(t).toISOString()),
        proposedBy: by,
        time: null,
        confirmedBy: null,
        confirmedAt: null,
        remindedAt: null,
        followedUpAt: null,
        updatedAt: clock(),
      };
      const [row] = await db
        .insert(orderMeeting)
        .values({ orderId, ...values })
        .onConflictDoUpdate({ target: orderMeeting.orderId, set: values })
        .returning();
      const other = by === 'buyer' ? 'seller' : 'buyer';
      await notifications.create(other === 'buyer' ? o.buyerId : o.sellerId, {
        kind: 'meeting',
        title: `${by === 'buyer' ? 'The buyer' : 'The seller'} proposed a meeting for ${o.productName}`,
        body: `${times.map((t) => localTime(new Date(t), timeZone)).join('; ')} at ${where.place}. Confirm one time or propose another.`,
        link: LINK[other],
      });
      return toMeeting(row!);
    },

    /** The other side confirms one of the proposed times: both are told, by mail with an .ics too. */
    async confirm(me: SessionUser, orderId: string, time: string): Promise<Meeting> {
      const { o, side } = await booking(me, orderId);
      const by = partyOnly(side);
      const [m] = await db.select().from(orderMeeting).where(eq(orderMeeting.orderId, orderId));
      if (!m) throw notFound('The meeting');
      if (!(OPEN_STATES as readonly string[]).includes(o.status))
        throw conflict('order_closed', 'This booking is closed: there is no meeting to arrange.');
      if (m.time) throw conflict('meeting_confirmed', 'This meeting is already confirmed. Propose new times to change it.');
      if (m.proposedBy === by)
        throw forbidden(`You proposed these times: the ${by === 'buyer' ? 'seller' : 'buyer'} confirms one of them.`);
      const at = new Date(time).getTime();
      const chosen = m.proposedTimes.find((t) => new Date(t).getTime() === at);
      if (!chosen) throw badRequest('time', 'must be one of the proposed times');
      if (at < clock().getTime()) throw badRequest('time', 'has passed; propose new times');
      const [row] = await db
        .update(orderMeeting)
        .set({ time: new Date(at), confirmedBy: me.id, confirmedAt: clock(), updatedAt: clock() })
        .where(and(eq(orderMeeting.orderId, orderId), isNull(orderMeeting.time), eq(orderMeeting.updatedAt, m.updatedAt)))
        .returning();
      if (!row) throw conflict('meeting_changed', 'The meeting changed meanwhile. Reload and try again.');
      const when = localTime(row.time!, row.timeZone);
      await tellBoth(o, () => ({ title: `Meeting confirmed for ${o.productName}`, body: `${when} at ${row.place}.` }));
      await mailBoth(o, row, 'confirmed');
      return toMeeting(row);
    },

    /** The confirmed meeting as an .ics file, for its buyer, seller or an admin. */
    async icsFile(me: SessionUser, orderId: string): Promise<string> {
      const { o, side } = await booking(me, orderId);
      const [m] = await db.select().from(orderMeeting).where(eq(orderMeeting.orderId, orderId));
      if (!m?.time) throw notFound('A confirmed meeting');
      return ics({ id: o.id, productName: o.productName }, m, LINK[side ?? 'buyer']);
    },

    /** Job: confirmed meetings due within 2 hours get their reminder (bell and mail), once. */
    async remindDue({ now }: { now: Date }) {
      const due = await db
        .update(orderMeeting)
        .set({ remindedAt: now })
        .where(
          and(
            isNull(orderMeeting.remindedAt),
            lte(orderMeeting.time, new Date(now.getTime() + REMIND_BEFORE_MS)),
            gt(orderMeeting.time, now),
            sql`${orderMeeting.orderId} in (select ${order.id} from ${order} where ${order.status} in ('unpaid', 'paid'))`,
          ),
        )
        .returning();
      for (const m of due) {
        const o = await partiesOf(m.orderId);
        if (!o) continue;
        const when = localTime(m.time!, m.timeZone);
        await tellBoth(o, () => ({ title: `In 2 hours: meeting for ${o.productName}`, body: `${when} at ${m.place}.` }));
        await mailBoth(o, m, 'reminder');
      }
      return due.length;
    },

    /** Job: a meeting an hour past with the booking still open (no hand-off) asks both what happened. */
    async followUpPassed({ now }: { now: Date }) {
      const due = await db
        .update(orderMeeting)
        .set({ followedUpAt: now })
        .where(
          and(
            isNull(orderMeeting.followedUpAt),
            lt(orderMeeting.time, new Date(now.getTime() - FOLLOW_UP_AFTER_MS)),
            sql`${orderMeeting.orderId} in (select ${order.id} from ${order} where ${order.status} in ('unpaid', 'paid'))`,
          ),
        )
        .returning();
      for (const m of due) {
        const o = await partiesOf(m.orderId);
        if (!o) continue;
        await tellBoth(o, (side) => ({
          title: `Your meeting for ${o.productName} has passed: what happened?`,
          body:
            side === 'buyer'
              ? 'If you met and have the item, give the seller your hand-off code. If not, propose a new time, or delete or report the booking.'
              : "If you met, enter the buyer's hand-off code. If not, propose a new time, or tell us in the booking what went wrong.",
        }));
      }
      return due.length;
    },

    /* ---------- Remembered details ---------- */

    details,

    async saveDetails(userId: string, input: z.output<typeof myDetailsInputSchema>): Promise<MyDetails> {
      if (input.homePlaceId != null && !gazetteer.byId(input.homePlaceId)) throw badRequest('homePlaceId', 'names no place');
      await db
        .update(user)
        .set({
          ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
          ...(input.homePlaceId !== undefined ? { homePlaceId: input.homePlaceId } : {}),
          ...(input.homeAreaNote !== undefined ? { homeAreaNote: input.homeAreaNote || null } : {}),
        })
        .where(eq(user.id, userId));
      return details(userId);
    },
  };

  async function details(userId: string): Promise<MyDetails> {
    const [u] = await db
      .select({ phone: user.phone, homePlaceId: user.homePlaceId, note: user.homeAreaNote })
      .from(user)
      .where(eq(user.id, userId));
    if (!u) throw notFound('The user');
    return {
      phone: u.phone ?? '',
      homePlace: u.homePlaceId === null ? null : (gazetteer.byId(u.homePlaceId) ?? null),
      homeAreaNote: u.note ?? '',
    };
  }

  async function partiesOf(orderId: string) {
    const [o] = await db
      .select({ id: order.id, buyerId: order.buyerId, sellerId: product.sellerId, productName: product.name })
      .from(order)
      .innerJoin(product, eq(product.id, order.productId))
      .where(eq(order.id, orderId));
    return o;
  }

  /** A spot's place: the one given (it must exist), else the nearest town of the gazetteer within 30 km. */
  async function checkedPlace(placeId: number | null | undefined, at: Point): Promise<number | null> {
    if (placeId != null) {
      if (!gazetteer.byId(placeId)) throw badRequest('placeId', 'names no place');
      return placeId;
    }
    return gazetteer.within(at, 30)[0]?.id ?? null;
  }
}

export type MeetupService = ReturnType<typeof meetupService>;
