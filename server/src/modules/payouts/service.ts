import { and, asc, desc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type FeeSettings, type LedgerKind, type PayoutAccountStatus, type PayoutsView, sellerShareCents } from '@shop/contract';
import type { Db, Executor } from '../../db/client';
import { ledgerEntry, order, payment, payoutAccount, product } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { SessionUser } from '../../auth/plugin';
import type { PaymentProvider, ProviderAccount, ProviderPayout } from '../payments/providers/provider';
import { appendLedger, balanceColumns, ledger } from './ledger';

const JOB_BATCH = 100;

const providerDown = () =>
  new AppError(502, 'payment_provider_unavailable', 'The payment provider could not be reached. Please try again in a minute.');

export type PayoutsDeps = {
  db: Db;
  provider: PaymentProvider;
  fee: FeeSettings;
  baseUrl: string;
  log: FastifyBaseLogger;
};

/**
 * Sellers getting paid: their payout account at the provider (Connect Express, or the simulated one),
 * the terms of a charge (destination and the shop's fee), transfers of sales captured before the
 * account was ready, the provider's account and payout events, and the seller's money view.
 */
export function payoutsService({ db, provider, fee, baseUrl, log }: PayoutsDeps) {
  async function accountOf(ex: Executor, userId: string) {
    const [row] = await ex
      .select()
      .from(payoutAccount)
      .where(and(eq(payoutAccount.userId, userId), eq(payoutAccount.provider, provider.name)));
    return row;
  }

  /** Brings our copy of a provider account in line; true when it just became ready. */
  async function applyAccount(a: ProviderAccount): Promise<{ userId: string; becameReady: boolean } | null> {
    const status = a.ready ? ('ready' as const) : ('pending' as const);
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(payoutAccount).where(eq(payoutAccount.accountId, a.id)).for('update');
      if (!before) return null;
      await tx
        .update(payoutAccount)
        .set({ status, requirementsDue: a.requirementsDue, updatedAt: new Date() })
        .where(eq(payoutAccount.accountId, a.id));
      return { userId: before.userId, becameReady: status === 'ready' && before.status !== 'ready' };
    });
  }

  /**
   * Sends every sale captured to the shop (no destination) and not yet transferred to its seller's
   * ready payout account: one transfer per payment, keyed by it, so a second run (or two instances)
   * moves nothing twice. A refunded sale is never transferred.
   */
  async function transferOwed(sellerId?: string): Promise<number> {
    const transferred = db
      .select({ one: sql`1` })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.paymentId, payment.id), eq(ledgerEntry.kind, 'transfer')));
    const rows = await db
      .select({ p: payment, sellerId: product.sellerId, destination: payoutAccount.accountId })
      .from(payment)
      .innerJoin(order, eq(order.id, payment.orderId))
      .innerJoin(product, eq(product.id, order.productId))
      .innerJoin(
        payoutAccount,
        and(
          eq(payoutAccount.userId, product.sellerId),
          eq(payoutAccount.provider, provider.name),
          eq(payoutAccount.status, 'ready'),
        ),
      )
      .where(
        and(
          eq(payment.status, 'succeeded'),
          eq(payment.provider, provider.name),
          isNotNull(payment.capturedAt),
          isNull(payment.destination),
          notExists(transferred),
          sellerId ? eq(product.sellerId, sellerId) : undefined,
        ),
      )
      .orderBy(asc(payment.capturedAt))
      .limit(JOB_BATCH);
    let done = 0;
    for (const r of rows) {
      const share = r.p.amountCents - r.p.feeCents;
      if (share <= 0) continue;
      try {
        const tr = await provider.createTransfer({
          amountCents: share,
          currency: r.p.currency,
          destination: r.destination,
          sourceIntentId: r.p.transactionId,
          transferGroup: r.p.orderId,
          idempotencyKey: `transfer-${r.p.id}`,
        });
        await db.transaction(async (tx) => {
          // A refund that won the race meanwhile: the transfer is reversed by the refund's retry (it reads the ledger).
          await ledger.transferred(tx, r.p, r.sellerId, tr.id);
        });
        done++;
      } catch (err) {
        log.warn({ err, paymentId: r.p.id, sellerId: r.sellerId }, 'payouts: transfer not made this time');
      }
    }
    if (done) log.info({ transfers: done }, 'payouts: owed sales transferred');
    return done;
  }

  /** The seller's sales with their fee and where the money is, payouts, and earnings by week. */
  async function view(me: SessionUser): Promise<PayoutsView> {
    const acct = await accountOf(db, me.id);
    const [bal] = await db
      .select({ pending: balanceColumns.pending, available: balanceColumns.available, paidOut: balanceColumns.paidOut })
      .from(ledgerEntry)
      .where(eq(ledgerEntry.sellerId, me.id));
    const rows = await db
      .select({
        orderId: ledgerEntry.orderId,
        kind: ledgerEntry.kind,
        amountCents: ledgerEntry.amountCents,
        feeCents: ledgerEntry.feeCents,
        at: ledgerEntry.createdAt,
        reference: ledgerEntry.reference,
        productName: product.name,
      })
      .from(ledgerEntry)
      .leftJoin(order, eq(order.id, ledgerEntry.orderId))
      .leftJoin(product, eq(product.id, order.productId))
      .where(eq(ledgerEntry.sellerId, me.id))
      .orderBy(desc(ledgerEntry.createdAt))
      .limit(2000);
    const sales = new Map<string, { name: string; kinds: Set<LedgerKind>; price: number; fee: number; at: Date }>();
    const payouts: PayoutsView['payouts'] = [];
    for (const r of rows) {
      if (r.kind === 'payout') {
        payouts.push({ amountCents: r.amountCents, at: r.at.toISOString(), reference: r.reference ?? '' });
        continue;
      }
      if (!r.orderId) continue;
      const s = sales.get(r.orderId) ?? { name: r.productName ?? '', kinds: new Set(), price: 0, fee: 0, at: r.at };
      s.kinds.add(r.kind);
      if (r.kind === 'charge_held') {
        s.price = r.amountCents;
        s.fee = r.feeCents;
        s.at = r.at;
      }
      sales.set(r.orderId, s);
    }
    const items = [...sales.entries()].map(([orderId, s]) => {
      const k = s.kinds;
      const status = k.has('refund')
        ? 'refunded'
        : k.has('hold_released')
          ? 'released'
          : k.has('transfer')
            ? 'transferred'
            : k.has('charge_captured')
              ? 'awaiting_account'
              : 'pending';
      return {
        orderId,
        productName: s.name,
        priceCents: s.price,
        feeCents: s.fee,
        sellerCents: s.price - s.fee,
        status: status as PayoutsView['items'][number]['status'],
        at: s.at.toISOString(),
      };
    });
    const weeks = await db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${ledgerEntry.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        cents: sql<number>`coalesce(sum(case ${ledgerEntry.kind} when 'charge_captured' then ${ledgerEntry.amountCents} - ${ledgerEntry.feeCents} when 'refund' then -(${ledgerEntry.amountCents} - ${ledgerEntry.feeCents}) else 0 end), 0)::int`,
      })
      .from(ledgerEntry)
      .where(
        and(
          eq(ledgerEntry.sellerId, me.id),
          inArray(ledgerEntry.kind, ['charge_captured', 'refund']),
          sql`${ledgerEntry.createdAt} > now() - interval '12 weeks'`,
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return {
      account: {
        status: (acct?.status ?? 'none') as PayoutAccountStatus,
        requirementsDue: acct?.requirementsDue ?? [],
        provider: provider.name,
      },
      balance: {
        pendingCents: Number(bal?.pending ?? 0),
        availableCents: Number(bal?.available ?? 0),
        paidOutCents: Number(bal?.paidOut ?? 0),
        currency: 'usd',
      },
      fee,
      items,
      payouts,
      weeks: weeks.map((w) => ({ week: w.week, sellerCents: Number(w.cents) })),
    };
  }

  return {
    view,
    transferOwed,
    accountOf: (userId: string) => accountOf(db, userId),

    /** What a charge for this seller's item looks like: to their ready account (a destination charge) or to the shop, and the fee. */
    async chargeTerms(sellerId: string, priceCents: number) {
      const acct = await accountOf(db, sellerId);
      return { destination: acct?.status === 'ready' ? acct.accountId : null, ...sellerShareCents(priceCents, fee) };
    },

    /**
     * POST /me/payouts/onboarding: creates the seller's account at the provider on first use (one
     * idempotency key per seller, so a double click makes one) and answers the onboarding link; once
     * ready, the link lets them update their details.
     */
    async onboardingLink(me: SessionUser): Promise<{ url: string }> {
      if (me.role !== 'seller') throw forbidden('Only seller accounts have a payout account: start selling first.');
      let acct = await accountOf(db, me.id);
      try {
        if (!acct) {
          const created = await provider.createAccount({ userId: me.id, email: me.email, idempotencyKey: `account-${me.id}` });
          await db
            .insert(payoutAccount)
            .values({
              userId: me.id,
              provider: provider.name,
              accountId: created.id,
              status: created.ready ? 'ready' : 'pending',
              requirementsDue: created.requirementsDue,
            })
            .onConflictDoNothing();
          acct = await accountOf(db, me.id);
        }
        if (!acct) throw new Error('payout account row missing after insert');
        const url = await provider.onboardingLink(acct.accountId, {
          returnUrl: `${baseUrl}/dashboard/earnings?onboarding=done`,
          refreshUrl: `${baseUrl}/dashboard/earnings?onboarding=again`,
          update: acct.status === 'ready',
        });
        return { url };
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.error({ err, userId: me.id }, 'payouts: onboarding link failed');
        throw providerDown();
      }
    },

    /** The simulated provider's onboarding form was sent: its account changed as Stripe's would. */
    async accountChanged(a: ProviderAccount) {
      const r = await applyAccount(a);
      if (r?.becameReady) await transferOwed(r.userId);
      return r;
    },

    /** A provider event about a connected account or its payout (handled once per event id by the caller). */
    async handleConnectEvent(e: { account?: ProviderAccount | null; payout?: ProviderPayout | null }) {
      if (e.account) {
        const r = await applyAccount(e.account);
        if (r?.becameReady) await transferOwed(r.userId).catch((err) => log.warn({ err }, 'payouts: transfers after ready'));
        return r ? 'account_updated' : 'account_unknown';
      }
      if (e.payout) {
        const po = e.payout;
        const [acct] = await db.select().from(payoutAccount).where(eq(payoutAccount.accountId, po.accountId));
        if (!acct) return 'payout_unknown_account';
        await db.transaction((tx) =>
          appendLedger(tx, [
            {
              kind: 'payout',
              sellerId: acct.userId,
              amountCents: po.amountCents,
              reference: po.id,
              eventKey: `payout:${po.id}`,
              createdAt: po.at,
            },
          ]),
        );
        return 'payout_recorded';
      }
      return 'ignored';
    },

    /** The job: transfers owed to sellers whose account is ready (after an outage, or a missed event). */
    async transferSweep(_ctx: { now: Date; signal: AbortSignal }) {
      await transferOwed();
    },
  };
}

export type PayoutsService = ReturnType<typeof payoutsService>;
