import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AdminOrder, csvCell, type Finance, idSchema, type Receipt } from '@shop/contract';
import type { Db } from '../../db/client';
import { ledgerEntry, order, orderCase, orderTransition, payment, product, user } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../auth/plugin';
import { recordAudit } from '../audit/service';
import { moveOrder } from '../orders/state-machine';
import { balanceColumns } from './ledger';

const buyer = alias(user, 'buyer');
const seller = alias(user, 'seller');
const DAY = 24 * 60 * 60_000;

/** A YYYY-MM-DD filter as the start of that day (UTC); `to` is inclusive, so its next day is the bound. */
const dayStart = (d: string, plusDays = 0) => new Date(Date.parse(`${d}T00:00:00Z`) + plusDays * DAY);

export type FinanceDeps = {
  db: Db;
  holdDays: number;
  shop: { name: string; url: string };
  /** Gives a payment back through the provider (modules/payments refunds): false while the provider refuses. */
  refundPayment: (p: { id: string; transactionId: string }, attempt: 'first' | 'retry') => Promise<boolean>;
};

/** The operator's money view, the admin orders screen, and receipts. */
export function financeService({ db, holdDays, shop, refundPayment }: FinanceDeps) {
  async function finance(q: { from?: string; to?: string }): Promise<Finance> {
    const range: SQL[] = [];
    if (q.from) range.push(gte(ledgerEntry.createdAt, dayStart(q.from)));
    if (q.to) range.push(lt(ledgerEntry.createdAt, dayStart(q.to, 1)));
    const inRange = range.length ? and(...range) : undefined;
    const sum = (kind: string, col: SQL | typeof ledgerEntry.amountCents = ledgerEntry.amountCents) =>
      sql<number>`coalesce(sum(case when ${ledgerEntry.kind} = ${kind} then ${col} else 0 end), 0)::int`;
    const [t] = await db
      .select({
        gross: sum('charge_captured'),
        fees: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'charge_captured' then ${ledgerEntry.feeCents} when 'refund' then -${ledgerEntry.feeCents} else 0 end), 0)::int`,
        refunds: sum('refund'),
        transferred: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'transfer' then ${ledgerEntry.amountCents} when 'transfer_reversal' then -${ledgerEntry.amountCents} else 0 end), 0)::int`,
      })
      .from(ledgerEntry)
      .where(inRange);
    const [now] = await db
      .select({
        holds: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'charge_held' then ${ledgerEntry.amountCents} when 'hold_released' then -${ledgerEntry.amountCents} when 'charge_captured' then -${ledgerEntry.amountCents} else 0 end), 0)::int`,
      })
      .from(ledgerEntry);
    const holds = await db
      .select({ orderId: order.id, productName: product.name, amountCents: payment.amountCents, heldAt: order.paidAt })
      .from(payment)
      .innerJoin(order, eq(order.id, payment.orderId))
      .innerJoin(product, eq(product.id, order.productId))
      .where(and(eq(order.status, 'paid'), eq(payment.status, 'succeeded'), isNull(payment.capturedAt)))
      .orderBy(asc(order.paidAt))
      .limit(500);
    const owed = await db
      .select({
        sellerId: ledgerEntry.sellerId,
        email: user.email,
        owed: balanceColumns.owed,
        oldest: sql<Date>`min(case when ${ledgerEntry.kind} = 'charge_captured' then ${ledgerEntry.createdAt} end)`,
      })
      .from(ledgerEntry)
      .innerJoin(user, eq(user.id, ledgerEntry.sellerId))
      .groupBy(ledgerEntry.sellerId, user.email)
      .having(sql`${balanceColumns.owed} > 0`)
      .limit(500);
    const refused = await db
      .select()
      .from(payment)
      .where(eq(payment.status, 'refund_pending'))
      .orderBy(asc(payment.createdAt))
      .limit(500);
    const entries = await db
      .select({ e: ledgerEntry, email: user.email })
      .from(ledgerEntry)
      .leftJoin(user, eq(user.id, ledgerEntry.sellerId))
      .where(inRange)
      .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
      .limit(1000);
    return {
      from: q.from ?? null,
      to: q.to ?? null,
      currency: 'usd',
      totals: {
        grossSalesCents: Number(t?.gross ?? 0),
        feesCents: Number(t?.fees ?? 0),
        refundsCents: Number(t?.refunds ?? 0),
        transferredCents: Number(t?.transferred ?? 0),
        holdsOutstandingCents: Number(now?.holds ?? 0),
        awaitingTransferCents: owed.reduce((a, o) => a + Number(o.owed), 0),
      },
      holds: holds.map((h) => {
        const heldAt = h.heldAt ?? new Date(0);
        return {
          orderId: h.orderId,
          productName: h.productName,
          amountCents: h.amountCents,
          heldAt: heldAt.toISOString(),
          expiresAt: new Date(heldAt.getTime() + holdDays * DAY).toISOString(),
        };
      }),
      awaitingTransfer: owed.map((o) => ({
        sellerId: o.sellerId ?? '',
        sellerEmail: o.email,
        amountCents: Number(o.owed),
        oldest: new Date(o.oldest ?? Date.now()).toISOString(),
      })),
      refusedRefunds: refused.map((p) => ({
        paymentId: p.id,
        orderId: p.orderId,
        transactionId: p.transactionId,
        amountCents: p.amountCents,
        since: p.createdAt.toISOString(),
      })),
      entries: entries.map(({ e, email }) => ({
        at: e.createdAt.toISOString(),
        kind: e.kind,
        orderId: e.orderId,
        sellerEmail: email,
        amountCents: e.amountCents,
        feeCents: e.feeCents,
        reference: e.reference,
      })),
    };
  }

  /** The ledger in the period as CSV: one line per movement, every text cell escaped against formula injection. */
  async function csv(q: { from?: string; to?: string }) {
    const f = await finance(q);
    const names = new Map<string, string>();
    const ids = [...new Set(f.entries.map((e) => e.orderId).filter((x): x is string => !!x))];
    if (ids.length)
      for (const r of await db
        .select({ id: order.id, name: product.name })
        .from(order)
        .innerJoin(product, eq(product.id, order.productId))
        .where(inArray(order.id, ids)))
        names.set(r.id, r.name);
    const head = ['date', 'kind', 'order_id', 'item', 'seller_email', 'amount_usd', 'fee_usd', 'reference'];
    const lines = f.entries.map((e) =>
      [
        e.at,
        e.kind,
        e.orderId,
        e.orderId ? (names.get(e.orderId) ?? '') : '',
        e.sellerEmail,
        (e.amountCents / 100).toFixed(2),
        (e.feeCents / 100).toFixed(2),
        e.reference,
      ]
        .map((v) => csvCell(v))
        .join(','),
    );
    return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
  }

  const orderRow = () =>
    db
      .select({
        o: order,
        productName: product.name,
        buyerEmail: buyer.email,
        sellerEmail: seller.email,
        sellerName: seller.name,
      })
      .from(order)
      .innerJoin(product, eq(product.id, order.productId))
      .innerJoin(buyer, eq(buyer.id, order.buyerId))
      .innerJoin(seller, eq(seller.id, product.sellerId));

  const toRow = (r: { o: typeof order.$inferSelect; productName: string; buyerEmail: string; sellerEmail: string }) => ({
    orderId: r.o.id,
    productName: r.productName,
    buyerEmail: r.buyerEmail,
    sellerEmail: r.sellerEmail,
    status: r.o.status,
    priceCents: r.o.priceCents,
    createdAt: r.o.createdAt.toISOString(),
  });

  async function orderDetail(orderId: string): Promise<AdminOrder> {
    const [r] = await orderRow().where(eq(order.id, orderId));
    if (!r) throw notFound('The order');
    const [transitions, payments, entries] = await Promise.all([
      db.select().from(orderTransition).where(eq(orderTransition.orderId, orderId)).orderBy(asc(orderTransition.id)),
      db.select().from(payment).where(eq(payment.orderId, orderId)).orderBy(asc(payment.createdAt)),
      db.select().from(ledgerEntry).where(eq(ledgerEntry.orderId, orderId)).orderBy(asc(ledgerEntry.createdAt)),
    ]);
    return {
      ...toRow(r),
      transitions: transitions.map((t) => ({
        from: t.fromStatus,
        to: t.toStatus,
        reason: t.reason,
        at: t.createdAt.toISOString(),
      })),
      payments: payments.map((p) => ({
        paymentId: p.id,
        transactionId: p.transactionId,
        provider: p.provider,
        status: p.status,
        amountCents: p.amountCents,
        feeCents: p.feeCents,
        destination: p.destination,
        last4: p.last4,
        createdAt: p.createdAt.toISOString(),
        capturedAt: p.capturedAt ? p.capturedAt.toISOString() : null,
        refundedAt: p.refundedAt ? p.refundedAt.toISOString() : null,
      })),
      ledger: entries.map((e) => ({
        kind: e.kind,
        amountCents: e.amountCents,
        feeCents: e.feeCents,
        reference: e.reference,
        at: e.createdAt.toISOString(),
      })),
      canRefund: r.o.status === 'disputed' && payments.some((p) => p.status === 'succeeded' && p.capturedAt),
    };
  }

  return {
    finance,
    csv,
    orderDetail,

    /** Orders by id, or by the buyer's or the seller's email (part of it), newest first. */
    async findOrders(q: string) {
      const byId = idSchema.safeParse(q);
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await orderRow()
        .where(byId.success ? eq(order.id, byId.data) : or(ilike(buyer.email, like), ilike(seller.email, like)))
        .orderBy(desc(order.createdAt))
        .limit(50);
      return rows.map(toRow);
    },

    /**
     * The admin refunds a disputed order's captured payment in full: the order is resolved, the case
     * closed, and the provider asked (the seller's transfer reversed, the shop's fee given back). If the
     * provider refuses, the payment stays refund_pending: the finance page lists it and the sweep retries.
     */
    async refund(admin: SessionUser, orderId: string, ip: string | null): Promise<AdminOrder> {
      const p = await db.transaction(async (tx) => {
        const [o] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
        if (!o) throw notFound('The order');
        const [pay] = await tx
          .select()
          .from(payment)
          .where(and(eq(payment.orderId, orderId), eq(payment.status, 'succeeded')))
          .for('update');
        if (o.status !== 'disputed' || !pay?.capturedAt)
          throw conflict(
            'refund_not_allowed',
            `This order is ${o.status}: only a disputed order whose money was taken can be refunded here.`,
          );
        await tx.update(payment).set({ status: 'refund_pending' }).where(eq(payment.id, pay.id));
        await moveOrder(tx, { orderId, to: 'resolved', actorId: admin.id, reason: 'refunded in full by an admin' });
        await tx
          .update(orderCase)
          .set({ status: 'resolved', resolution: 'Refunded in full.', resolvedBy: admin.id, resolvedAt: new Date() })
          .where(and(eq(orderCase.orderId, orderId), eq(orderCase.status, 'open')));
        await recordAudit(
          tx,
          { id: admin.id, email: admin.email, ip },
          {
            action: 'order.refunded',
            target: { type: 'order', id: orderId },
            details: { paymentId: pay.id, amountCents: pay.amountCents, feeCents: pay.feeCents },
          },
        );
        return pay;
      });
      await refundPayment(p, 'first');
      return orderDetail(orderId);
    },

    /** The buyer's receipt (or an admin's view of it): seller, item, amount, card, shop. */
    async receipt(me: SessionUser, orderId: string): Promise<Receipt> {
      const [r] = await orderRow().where(eq(order.id, orderId));
      if (!r || (r.o.buyerId !== me.id && !me.adminPowers)) throw notFound('The order');
      const [p] = await db
        .select()
        .from(payment)
        .where(eq(payment.orderId, orderId))
        .orderBy(sql`case ${payment.status} when 'succeeded' then 0 else 1 end`, desc(payment.createdAt))
        .limit(1);
      if (!p) throw notFound('A payment for this order');
      return {
        orderId,
        productName: r.productName,
        sellerName: r.sellerName,
        amountCents: p.amountCents,
        currency: p.currency,
        cardBrand: p.brand,
        cardLast4: p.last4,
        transactionId: p.transactionId,
        paidAt: p.createdAt.toISOString(),
        status: r.o.status,
        shop,
      };
    },
  };
}

export type FinanceService = ReturnType<typeof financeService>;
