import { and, eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '@shop/contract';
import type { Executor } from '../../db/client';
import { ledgerEntry, order, type payment, product } from '../../db/schema';

type PaymentRow = typeof payment.$inferSelect;

type Entry = {
  kind: LedgerKind;
  sellerId: string | null;
  orderId?: string | null;
  paymentId?: string | null;
  amountCents: number;
  feeCents?: number;
  currency?: string;
  reference?: string | null;
  /** The movement's identity: a provider event id or `<kind>:<payment id>`. A second write with it is a no-op. */
  eventKey: string;
  createdAt?: Date;
};

/**
 * Appends money movements, each once: an entry whose event key is there already is skipped, so a
 * replayed webhook, a retried request or a second job run write nothing twice. Always called with the
 * transaction of the state change the movement belongs to. Returns how many rows were new.
 */
export async function appendLedger(tx: Executor, entries: Entry[]): Promise<number> {
  if (!entries.length) return 0;
  const rows = await tx
    .insert(ledgerEntry)
    .values(
      entries.map((e) => ({
        kind: e.kind,
        sellerId: e.sellerId,
        orderId: e.orderId ?? null,
        paymentId: e.paymentId ?? null,
        amountCents: e.amountCents,
        feeCents: e.feeCents ?? 0,
        currency: e.currency ?? 'usd',
        reference: e.reference ?? null,
        eventKey: e.eventKey,
        ...(e.createdAt ? { createdAt: e.createdAt } : {}),
      })),
    )
    .onConflictDoNothing({ target: ledgerEntry.eventKey })
    .returning({ id: ledgerEntry.id });
  return rows.length;
}

async function sellerOf(tx: Executor, orderId: string) {
  const [row] = await tx
    .select({ sellerId: product.sellerId })
    .from(order)
    .innerJoin(product, eq(product.id, order.productId))
    .where(eq(order.id, orderId));
  return row?.sellerId ?? null;
}

const base = (p: PaymentRow) => ({
  orderId: p.orderId,
  paymentId: p.id,
  amountCents: p.amountCents,
  feeCents: p.feeCents,
  currency: p.currency,
  reference: p.transactionId,
});

/** The movements of a sale, named once each. */
export const ledger = {
  /** The buyer's money is held on the card (the order is paid). */
  async held(tx: Executor, p: PaymentRow, at?: Date) {
    await appendLedger(tx, [
      { kind: 'charge_held', sellerId: await sellerOf(tx, p.orderId), ...base(p), eventKey: `held:${p.id}`, createdAt: at },
    ]);
  },

  /** The hold is given back (declined at the meeting, or not confirmed in time): nothing was taken. */
  async released(tx: Executor, p: PaymentRow, at?: Date) {
    await appendLedger(tx, [
      {
        kind: 'hold_released',
        sellerId: await sellerOf(tx, p.orderId),
        ...base(p),
        eventKey: `released:${p.id}`,
        createdAt: at,
      },
    ]);
  },

  /**
   * Captured at the hand-off: the shop's fee is the capture's fee part. A destination charge pays the
   * seller in the same movement at the provider: the transfer is written with it.
   */
  async captured(tx: Executor, p: PaymentRow, transferId: string | null, at?: Date) {
    const sellerId = await sellerOf(tx, p.orderId);
    await appendLedger(tx, [
      { kind: 'charge_captured', sellerId, ...base(p), eventKey: `captured:${p.id}`, createdAt: at },
      ...(p.destination
        ? [
            {
              kind: 'transfer' as const,
              sellerId,
              orderId: p.orderId,
              paymentId: p.id,
              amountCents: p.amountCents - p.feeCents,
              reference: transferId ?? p.transactionId,
              eventKey: `transfer:${p.id}`,
              createdAt: at,
            },
          ]
        : []),
    ]);
  },

  /** A separate transfer of a sale captured to the shop, once the seller's payout account was ready. */
  async transferred(tx: Executor, p: PaymentRow, sellerId: string, transferId: string) {
    return appendLedger(tx, [
      {
        kind: 'transfer',
        sellerId,
        orderId: p.orderId,
        paymentId: p.id,
        amountCents: p.amountCents - p.feeCents,
        reference: transferId,
        eventKey: `transfer:${p.id}`,
      },
    ]);
  },

  /** A captured sale given back: the buyer's whole amount, the shop's fee with it, and the seller's transfer reversed. */
  async refunded(tx: Executor, p: PaymentRow, reversal: { amountCents: number; reference: string | null } | null, at?: Date) {
    const sellerId = await sellerOf(tx, p.orderId);
    await appendLedger(tx, [
      { kind: 'refund', sellerId, ...base(p), eventKey: `refund:${p.id}`, createdAt: at },
      ...(reversal && reversal.amountCents > 0
        ? [
            {
              kind: 'transfer_reversal' as const,
              sellerId,
              orderId: p.orderId,
              paymentId: p.id,
              amountCents: reversal.amountCents,
              reference: reversal.reference,
              eventKey: `reversal:${p.id}`,
              createdAt: at,
            },
          ]
        : []),
    ]);
  },

  /** What of a payment reached the seller: transfers less reversals, and the last transfer's provider id. */
  async transferOf(tx: Executor, paymentId: string) {
    const [row] = await tx
      .select({
        net: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'transfer' then ${ledgerEntry.amountCents} when 'transfer_reversal' then -${ledgerEntry.amountCents} else 0 end), 0)::int`,
        reference: sql<string | null>`max(case when ${ledgerEntry.kind} = 'transfer' then ${ledgerEntry.reference} end)`,
      })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.paymentId, paymentId)));
    return { netCents: Number(row?.net ?? 0), reference: row?.reference ?? null };
  },
};

/**
 * A seller's balances as sums over the ledger (never a stored number), each the seller's part (after the fee):
 * pending = held − released − captured; available = captured − refunded − paid out; paid out = payouts.
 */
export const sellerShare = sql`(${ledgerEntry.amountCents} - ${ledgerEntry.feeCents})`;
export const balanceColumns = {
  pending: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'charge_held' then ${sellerShare} when 'hold_released' then -${sellerShare} when 'charge_captured' then -${sellerShare} else 0 end), 0)::int`,
  available: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'charge_captured' then ${sellerShare} when 'refund' then -${sellerShare} when 'payout' then -${ledgerEntry.amountCents} else 0 end), 0)::int`,
  paidOut: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'payout' then ${ledgerEntry.amountCents} else 0 end), 0)::int`,
  /** Captured for the seller less refunded, less what reached their payout account: owed, waiting for a transfer. */
  owed: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'charge_captured' then ${sellerShare} when 'refund' then -${sellerShare} when 'transfer' then -${ledgerEntry.amountCents} when 'transfer_reversal' then ${ledgerEntry.amountCents} else 0 end), 0)::int`,
};
