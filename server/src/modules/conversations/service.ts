import { and, eq, isNull } from 'drizzle-orm';
import type { Conversation, ConversationSummary, Message } from '@shop/contract';
import type { Database } from '../../db/client';
import { singleRow } from '../../db/rows';
import { isoText } from '../../db/sql';
import { conversation, order, product, report, userBlock } from '../../db/schema';
import type { SessionUser } from '../../auth/plugin';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { decodeCursor, encodeCursor, money, type Page } from '../../lib/paging';
import type { CounterStore } from '../../lib/rate-limit';
import type { EventBus } from '../events/bus';
import type { NotificationsService } from '../notifications/service';

/** A timestamp column as the API's ISO text (UTC, milliseconds), the same on PGlite and PostgreSQL. */

type SummaryRow = {
  id: string;
  product_id: string;
  listing_name: string;
  listing_img: string;
  is_buyer: boolean;
  other_id: string;
  other_name: string;
  last_text: string | null;
  last_at: string | null;
  last_sender: string | null;
  last_message_id: string;
  unread: number;
  blocked: boolean;
  updated_at: string;
};

/**
 * The columns of a conversation as `$1` (the caller's user id) sees it. The other person's name is
 * empty once their account is deleted.
 */
const SUMMARY_SQL = `c.id, c.product_id, p.name as listing_name, p.img as listing_img, (c.buyer_id = $1) as is_buyer,
  o.id as other_id, case when o.deleted_at is null then o.name else '' end as other_name,
  m.body as last_text, ${isoText('m.created_at')} as last_at, m.sender_id as last_sender, c.last_message_id::text as last_message_id,
  (select count(*)::int from message x where x.conversation_id = c.id and x.sender_id <> $1
     and x.id > case when c.buyer_id = $1 then c.buyer_read_id else c.seller_read_id end) as unread,
  exists (select 1 from user_block b where (b.blocker_id = $1 and b.blocked_id = o.id) or (b.blocker_id = o.id and b.blocked_id = $1)) as blocked,
  ${isoText('c.last_message_at')} as updated_at`;
const SUMMARY_FROM = `from conversation c join product p on p.id = c.product_id
  join "user" o on o.id = case when c.buyer_id = $1 then c.seller_id else c.buyer_id end
  left join message m on m.id = c.last_message_id`;

/** $1 conversation, $2 sender, $3 text: the message, the conversation's newest-message and the sender's read marks. */
const SEND_SQL = `with m as (insert into message (conversation_id, sender_id, body) values ($1, $2, $3) returning id, created_at)
update conversation c set last_message_id = m.id, last_message_at = m.created_at,
  buyer_read_id = case when c.buyer_id = $2 then m.id else c.buyer_read_id end,
  seller_read_id = case when c.seller_id = $2 then m.id else c.seller_read_id end
from m where c.id = $1 returning m.id::text as id, ${isoText('m.created_at')} as created_at, c.buyer_id, c.seller_id`;

/**
 * SEND_SQL, only when $2 is one of the conversation's two people, neither blocked the other and
 * neither account is suspended or closed, with
 * the message event of both (user_event) and its NOTIFY on channel $4 (the ids alone past $5 bytes),
 * as the event bus's PUBLISH_SQL writes them.
 */
const SEND_NOTIFY_SQL = `with c as (
  select c.id, c.buyer_id, c.seller_id from conversation c
  where c.id = $1 and $2::uuid in (c.buyer_id, c.seller_id)
    and not exists (select 1 from user_block b where (b.blocker_id = c.buyer_id and b.blocked_id = c.seller_id)
      or (b.blocker_id = c.seller_id and b.blocked_id = c.buyer_id))
    and not exists (select 1 from "user" o where o.id in (c.buyer_id, c.seller_id)
      and (o.suspended_at is not null or o.deleted_at is not null))
), m as (
  insert into message (conversation_id, sender_id, body) select c.id, $2, $3 from c returning id, created_at
), u as (
  update conversation c set last_message_id = m.id, last_message_at = m.created_at,
    buyer_read_id = case when c.buyer_id = $2 then m.id else c.buyer_read_id end,
    seller_read_id = case when c.seller_id = $2 then m.id else c.seller_read_id end
  from m where c.id = $1 returning c.id
), d as (
  select m.id::text as id, ${isoText('m.created_at')} as created_at, c.buyer_id, c.seller_id,
    json_build_object('_id', m.id::text, 'conversationId', $1::uuid, 'senderId', $2::uuid, 'text', $3::text,
      'createdAt', ${isoText('m.created_at')}) as data
  from m, c
), e as (
  insert into user_event (user_id, type, data)
  select x.uid, 'message', d.data::jsonb from d, lateral (values (d.buyer_id), (d.seller_id)) as x(uid)
  returning id, user_id, data
), p as (
  select json_build_object('events', json_agg(json_build_object('id', e.id, 'userId', e.user_id, 'type', 'message', 'data', e.data)
      order by e.id))::text as full_text,
    json_build_object('ids', json_agg(e.id order by e.id))::text as ids_text
  from e
)
select d.id, d.created_at, d.buyer_id, d.seller_id,
  (select pg_notify($4, case when octet_length(p.full_text) <= $5::int then p.full_text else p.ids_text end) from p) as announced
from d`;

const toSummary = (r: SummaryRow, me: string): ConversationSummary => ({
  _id: r.id,
  listingId: r.product_id,
  listingName: r.listing_name,
  listingImg: r.listing_img,
  role: r.is_buyer ? 'buyer' : 'seller',
  otherId: r.other_id,
  otherName: r.other_name,
  lastMessage: r.last_text === null ? null : { text: r.last_text, createdAt: r.last_at ?? '', mine: r.last_sender === me },
  unread: r.unread,
  blocked: r.blocked,
  updatedAt: r.updated_at,
});

type MessageRow = { id: string; conversation_id: string; sender_id: string; body: string; created_at: string };
const toMessage = (r: MessageRow, me: string): Message => ({
  _id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  mine: r.sender_id === me,
  text: r.body,
  createdAt: r.created_at,
});

/** Who may do what with one conversation. */
type Access = {
  buyerId: string;
  sellerId: string;
  productId: string;
  lastMessageId: number;
  /** Either person blocked the other. */
  blocked: boolean;
  /** Either person's account is suspended or closed. */
  closed: boolean;
  participant: boolean;
};

export function conversationsService(deps: {
  database: Database;
  bus: EventBus;
  notifications: NotificationsService;
  counters: CounterStore;
  /** Messages one person may send a minute (all conversations together). */
  messageRateMax: number;
}) {
  const { database, bus, notifications, counters } = deps;
  const { db, query } = database;

  /**
   * The conversation if `me` may read it: its two people, or an admin once it was reported. Anyone
   * else is told it does not exist.
   */
  async function access(me: SessionUser, id: string): Promise<Access> {
    const [c] = await query<{
      buyer_id: string;
      seller_id: string;
      product_id: string;
      last_message_id: string;
      reported: boolean;
      blocked: boolean;
      closed: boolean;
    }>(
      'talk_access',
      `select c.buyer_id, c.seller_id, c.product_id, c.last_message_id::text,
  exists (select 1 from report r where r.kind = 'conversation' and r.target_id = c.id) as reported,
  exists (select 1 from user_block b where (b.blocker_id = c.buyer_id and b.blocked_id = c.seller_id)
    or (b.blocker_id = c.seller_id and b.blocked_id = c.buyer_id)) as blocked,
  exists (select 1 from "user" o where o.id in (c.buyer_id, c.seller_id)
    and (o.suspended_at is not null or o.deleted_at is not null)) as closed
from conversation c where c.id = $1`,
      [id],
    );
    const participant = !!c && (c.buyer_id === me.id || c.seller_id === me.id);
    if (!c || (!participant && !(me.adminPowers && c.reported))) throw notFound('The conversation');
    return {
      buyerId: c.buyer_id,
      sellerId: c.seller_id,
      productId: c.product_id,
      lastMessageId: Number(c.last_message_id),
      blocked: c.blocked,
      closed: c.closed,
      participant,
    };
  }

  async function detail(me: SessionUser, id: string): Promise<Conversation> {
    const a = await access(me, id);
    // An admin reading a report sees it from the buyer's side.
    const viewer = a.participant ? me.id : a.buyerId;
    const [r] = await query<
      SummaryRow & {
        price_cents: number;
        status: string;
        other_phone: string;
        other_verified: boolean;
        other_read: string;
        blocked_by_me: boolean;
      }
    >(
      'talk_conversation_detail',
      `select ${SUMMARY_SQL}, p.price_cents, p.status,
  -- The phone reaches the other side only with a booking of this listing by this buyer: the buyer's, as
  -- typed in it, reaches the seller; the seller's reaches the buyer once a booking is paid.
  case when c.buyer_id = $1 then
    (case when o.deleted_at is null and exists (select 1 from orders ord where ord.product_id = c.product_id
       and ord.buyer_id = c.buyer_id and ord.status in ('paid', 'completed', 'disputed', 'resolved')) then p.phone else '' end)
  else coalesce((select ord.phone from orders ord where ord.product_id = c.product_id and ord.buyer_id = c.buyer_id
     order by ord.created_at desc limit 1), '') end as other_phone,
  (o.role = 'seller' and o.verified and o.deleted_at is null) as other_verified,
  (case when c.buyer_id = $1 then c.seller_read_id else c.buyer_read_id end)::text as other_read,
  exists (select 1 from user_block b where b.blocker_id = $1 and b.blocked_id = o.id) as blocked_by_me
  ${SUMMARY_FROM} where c.id = $2`,
      [viewer, id],
    );
    if (!r) throw notFound('The conversation');
    return {
      ...toSummary(r, viewer),
      listingPrice: money.toDollars(r.price_cents),
      listingStatus: r.status,
      otherPhone: r.other_phone,
      otherVerified: r.other_verified,
      otherReadUpTo: r.other_read === '0' ? '' : r.other_read,
      blockedByMe: r.blocked_by_me,
      readOnly: !a.participant,
    };
  }

  return {
    detail,

    /** The caller's conversations, the one with the newest message first (keyset on the last message id). */
    async list(me: SessionUser, limit: number, rawCursor?: string): Promise<Page<ConversationSummary>> {
      const cursor = decodeCursor(rawCursor, 'int');
      const values: unknown[] = [me.id];
      let after = '';
      if (cursor) {
        values.push(cursor.k, cursor.id);
        after = 'and (c.last_message_id, c.id) < ($2::bigint, $3::uuid)';
      }
      // A conversation the buyer opened but never wrote in is not the seller's to see.
      const rows = await query<SummaryRow>(
        undefined,
        `select ${SUMMARY_SQL} ${SUMMARY_FROM}
where ((c.buyer_id = $1) or (c.seller_id = $1 and c.last_message_id > 0)) ${after}
order by c.last_message_id desc, c.id desc limit ${Math.floor(limit) + 1}`,
        values,
      );
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => toSummary(r, me.id)),
        nextCursor: rows.length > limit && last ? encodeCursor({ k: Number(last.last_message_id), id: last.id }) : undefined,
      };
    },

    /**
     * Opens the caller's conversation about a listing (or finds the one they already have). Its seller
     * opens one with a buyer only from that buyer's booking (`buyerId`).
     */
    async open(me: SessionUser, listingId: string, buyerId?: string): Promise<{ conversation: Conversation; created: boolean }> {
      const [p] = await db
        .select({ sellerId: product.sellerId, hiddenAt: product.hiddenAt })
        .from(product)
        .where(eq(product.id, listingId));
      if (!p || p.hiddenAt) throw notFound('The product');
      let buyer = me.id;
      if (p.sellerId === me.id) {
        if (!buyerId) throw conflict('own_listing', 'This is your own listing: buyers write to you about it.');
        const [booked] = await db
          .select({ id: order.id })
          .from(order)
          .where(and(eq(order.productId, listingId), eq(order.buyerId, buyerId)))
          .limit(1);
        if (!booked) throw notFound('A booking of this item by that buyer');
        buyer = buyerId;
      } else if (buyerId && buyerId !== me.id) throw forbidden('Only the seller of the item writes to its buyers.');
      const [made] = await db
        .insert(conversation)
        .values({ productId: listingId, buyerId: buyer, sellerId: p.sellerId })
        .onConflictDoNothing({ target: [conversation.productId, conversation.buyerId] })
        .returning({ id: conversation.id });
      const id =
        made?.id ??
        singleRow(
          await db
            .select({ id: conversation.id })
            .from(conversation)
            .where(and(eq(conversation.productId, listingId), eq(conversation.buyerId, buyer))),
        ).id;
      return { conversation: await detail(me, id), created: !!made };
    },

    /** The caller's conversation about a listing, as its buyer. */
    async byListing(me: SessionUser, listingId: string): Promise<Conversation> {
      const [c] = await db
        .select({ id: conversation.id })
        .from(conversation)
        .where(and(eq(conversation.productId, listingId), eq(conversation.buyerId, me.id)));
      if (!c) throw notFound('The conversation');
      return detail(me, c.id);
    },

    /** Messages newest first; the cursor continues with older ones. */
    async messages(me: SessionUser, id: string, limit: number, rawCursor?: string): Promise<Page<Message>> {
      const a = await access(me, id);
      const viewer = a.participant ? me.id : a.buyerId;
      const cursor = decodeCursor(rawCursor, 'int');
      if (cursor && cursor.id !== id) throw new AppError(400, 'validation_error', 'belongs to another conversation', 'cursor');
      const rows = await query<MessageRow>(
        undefined,
        // m.id, not id: ORDER BY would take the text column of that name and sort '10' before '9'.
        `select m.id::text as id, m.conversation_id, m.sender_id, m.body, ${isoText('m.created_at')} as created_at from message m
where m.conversation_id = $1 ${cursor ? 'and m.id < $2::bigint' : ''} order by m.id desc limit ${Math.floor(limit) + 1}`,
        cursor ? [id, cursor.k] : [id],
      );
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => toMessage(r, viewer)),
        nextCursor: rows.length > limit && last ? encodeCursor({ k: Number(last.id), id }) : undefined,
      };
    },

    /** Sends a message: only the two people, never while either blocked the other, within the rate limit. */
    async send(me: SessionUser, id: string, text: string): Promise<Message> {
      const hit = await counters.hit(`msg:${me.id}`, 60_000);
      const tooFast = () =>
        new AppError(
          429,
          'rate_limited',
          `You are sending messages too fast. Try again in ${Math.ceil(hit.ttlMs / 1000)} seconds.`,
          undefined,
          hit.ttlMs / 1000,
        );
      const refused = async () => {
        const a = await access(me, id);
        if (!a.participant) return forbidden('Only the buyer and the seller write in a conversation.');
        if (a.blocked) return forbidden('Messages are blocked between you and this person.');
        if (a.closed) return conflict('account_closed', 'This account is suspended or closed: messages cannot reach it.');
        return undefined;
      };
      type Sent = { id: string; created_at: string; buyer_id: string; seller_id: string };
      let m: Sent | undefined;
      let announced = false;
      if (bus.inSql && hit.count <= deps.messageRateMax) {
        // The shop's busiest write, in one statement: the check (one of its two people, no block), the
        // message, the conversation's marks, both people's events and their NOTIFY. Nothing written
        // means refused: access() then says why.
        [m] = await query<Sent>('talk_send_notify', SEND_NOTIFY_SQL, [id, me.id, text, bus.inSql.channel, bus.inSql.maxPayload]);
        announced = !!m;
      }
      if (!m) {
        const no = await refused();
        if (no) throw no;
        if (hit.count > deps.messageRateMax) throw tooFast();
        [m] = await query<Sent>('talk_send', SEND_SQL, [id, me.id, text]);
        if (!m) throw notFound('The conversation');
      }
      const other = m.buyer_id === me.id ? m.seller_id : m.buyer_id;
      const out: Message = { _id: m.id, conversationId: id, senderId: me.id, mine: true, text, createdAt: m.created_at };
      if (!announced) {
        const { mine: _mine, ...shared } = out;
        await bus.publish([me.id, other], 'message', shared);
      }
      await notifications.messageReceived(other, { conversationId: id, from: me.name, text });
      return out;
    },

    /**
     * A line written by the shop on `senderId`'s behalf in the conversation between a listing's buyer
     * and seller (made if they had none): offers made, countered, accepted and declined. Nothing is
     * written while either blocked the other or an account is closed; the bell is told by the caller.
     */
    async postAbout(m: { productId: string; buyerId: string; sellerId: string; senderId: string; text: string }) {
      await db
        .insert(conversation)
        .values({ productId: m.productId, buyerId: m.buyerId, sellerId: m.sellerId })
        .onConflictDoNothing({ target: [conversation.productId, conversation.buyerId] });
      const [c] = await db
        .select({ id: conversation.id })
        .from(conversation)
        .where(and(eq(conversation.productId, m.productId), eq(conversation.buyerId, m.buyerId)));
      if (!c) return;
      const [blocked] = await query<{ x: number }>(
        'conversations_post_about_blocked',
        `select 1 as x from user_block b where (b.blocker_id = $1 and b.blocked_id = $2) or (b.blocker_id = $2 and b.blocked_id = $1)
union all select 1 from "user" o where o.id in ($1, $2) and (o.suspended_at is not null or o.deleted_at is not null) limit 1`,
        [m.buyerId, m.sellerId],
      );
      if (blocked) return;
      const [sent] = await query<{ id: string; created_at: string }>('talk_send', SEND_SQL, [c.id, m.senderId, m.text]);
      if (!sent) return;
      await bus.publish([m.buyerId, m.sellerId], 'message', {
        _id: sent.id,
        conversationId: c.id,
        senderId: m.senderId,
        text: m.text,
        createdAt: sent.created_at,
      });
    },

    /** Marks everything up to the newest message read, and tells the other side (read receipts). */
    async markRead(me: SessionUser, id: string): Promise<{ readUpTo: string }> {
      const a = await access(me, id);
      if (!a.participant) return { readUpTo: '' };
      const set = a.buyerId === me.id ? { buyerReadId: a.lastMessageId } : { sellerReadId: a.lastMessageId };
      await db.update(conversation).set(set).where(eq(conversation.id, id));
      const other = a.buyerId === me.id ? a.sellerId : a.buyerId;
      const readUpTo = a.lastMessageId ? String(a.lastMessageId) : '';
      await bus.publish([me.id, other], 'conversation.read', { conversationId: id, readerId: me.id, readUpTo });
      await notifications.conversationRead(me.id, id);
      return { readUpTo };
    },

    /** Into the moderation queue (modules/trust reads `report`); a second open report by the same person is the same one. */
    async report(me: SessionUser, id: string, reason: string) {
      const a = await access(me, id);
      if (!a.participant) throw forbidden('Only the buyer and the seller can report a conversation.');
      const [row] = await db
        .insert(report)
        .values({ kind: 'conversation', targetId: id, reporterId: me.id, reason })
        .onConflictDoNothing()
        .returning({ id: report.id });
      const insertedId =
        row?.id ??
        singleRow(
          await db
            .select({ id: report.id })
            .from(report)
            .where(
              and(
                eq(report.kind, 'conversation'),
                eq(report.targetId, id),
                eq(report.reporterId, me.id),
                isNull(report.resolvedAt),
              ),
            ),
        ).id;
      return { acknowledged: true, insertedId };
    },

    async block(me: SessionUser, userId: string) {
      if (userId === me.id) throw new AppError(400, 'validation_error', 'cannot be yourself', 'userId');
      try {
        await db.insert(userBlock).values({ blockerId: me.id, blockedId: userId }).onConflictDoNothing();
      } catch {
        throw notFound('The person');
      }
      return { acknowledged: true };
    },

    async unblock(me: SessionUser, userId: string) {
      await db.delete(userBlock).where(and(eq(userBlock.blockerId, me.id), eq(userBlock.blockedId, userId)));
      return { acknowledged: true };
    },

    async blocked(me: SessionUser) {
      const rows = await query<{ user_id: string; name: string; created_at: string }>(
        'talk_blocked',
        `select b.blocked_id as user_id, u.name, ${isoText('b.created_at')} as created_at from user_block b join "user" u on u.id = b.blocked_id
where b.blocker_id = $1 order by b.created_at desc`,
        [me.id],
      );
      return rows.map((r) => ({ userId: r.user_id, name: r.name, createdAt: r.created_at }));
    },
  };
}

export type ConversationsService = ReturnType<typeof conversationsService>;
