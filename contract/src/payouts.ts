import { z } from 'zod';
import { answerId, answerTime } from './common';

/**
 * The shop's commission on a sale, in integer cents, by one rule used everywhere (the seller's "You
 * receive" line, the charge's application fee, the ledger, the finance page):
 *
 *   fee = round_half_up(priceCents × percent / 100) + fixedCents, at most the price
 *
 * `percent` may have up to 2 decimals (2.9 %); it is read as basis points, so the arithmetic is on
 * integers only. The seller's share is what is left: fee + share = price, always.
 */
export type FeeSettings = { percent: number; fixedCents: number };

export function platformFeeCents(priceCents: number, fee: FeeSettings): number {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) return 0;
  const bps = Math.round(fee.percent * 100);
  // Half up: + 5000 before the integer division by 10000 (basis points of cents).
  const pct = Math.floor((priceCents * bps + 5000) / 10000);
  return Math.min(priceCents, Math.max(0, pct + fee.fixedCents));
}

/** The seller's part of a sale: the price minus the shop's fee. */
export function sellerShareCents(priceCents: number, fee: FeeSettings) {
  const feeCents = platformFeeCents(priceCents, fee);
  return { feeCents, sellerCents: priceCents - feeCents };
}

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'ready'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** Ledger kinds: one row per money movement (server/src/db/schema.ts ledger_entry). */
export const LEDGER_KINDS = [
  'charge_held',
  'hold_released',
  'charge_captured',
  'transfer',
  'refund',
  'transfer_reversal',
  'payout',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const cents = z.number().int();

/** One sale of the seller's, with the shop's fee and where the seller's share is. */
export const payoutSaleSchema = z.object({
  orderId: answerId,
  productName: z.string(),
  priceCents: cents,
  feeCents: cents,
  sellerCents: cents,
  status: z
    .enum(['pending', 'awaiting_account', 'transferred', 'paid_out', 'refunded', 'released'])
    .describe(
      'pending: held until the hand-off; awaiting_account: captured, sent once your payout account is ready; transferred: on your payout account; released/refunded: given back to the buyer',
    ),
  at: answerTime.describe('when the buyer paid'),
});

export const payoutSchema = z.object({ amountCents: cents, at: answerTime, reference: z.string() });

/** GET /me/payouts: the seller's payout account, balances (sums over the ledger), sales, payouts and weekly earnings. */
export const payoutsViewSchema = z
  .object({
    account: z.object({
      status: z.enum(PAYOUT_ACCOUNT_STATUSES),
      requirementsDue: z.array(z.string()),
      provider: z.enum(['simulated', 'stripe']).optional(),
    }),
    balance: z.object({
      pendingCents: cents.describe('held on buyers’ cards until the hand-off (after the fee)'),
      availableCents: cents.describe('yours, not yet paid out to your bank'),
      paidOutCents: cents,
      currency: z.string(),
    }),
    fee: z.object({ percent: z.number(), fixedCents: cents }),
    items: z.array(payoutSaleSchema),
    payouts: z.array(payoutSchema),
    weeks: z.array(z.object({ week: z.string().describe('Monday, YYYY-MM-DD'), sellerCents: cents })),
  })
  .meta({ id: 'Payouts' });
export type PayoutsView = z.infer<typeof payoutsViewSchema>;

export const onboardingLinkSchema = z.object({ url: z.string() });

/** The simulated provider's onboarding form (what Stripe's hosted onboarding asks, in short). */
export const simulatedOnboardingSchema = z.object({
  name: z.string().trim().max(100).optional().default(''),
  routingNumber: z.string().trim().max(20).optional().default(''),
  accountNumber: z.string().trim().max(40).optional().default(''),
});

/** GET /admin/finance: totals over the period, and the lists an operator acts on. */
export const financeQuerySchema = z.object({
  from: z.iso.date({ message: 'must be a date, YYYY-MM-DD' }).optional(),
  to: z.iso.date({ message: 'must be a date, YYYY-MM-DD' }).optional(),
});

export const financeSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    currency: z.string(),
    totals: z.object({
      grossSalesCents: cents,
      feesCents: cents,
      refundsCents: cents,
      transferredCents: cents,
      holdsOutstandingCents: cents,
      awaitingTransferCents: cents,
    }),
    holds: z.array(
      z.object({ orderId: answerId, productName: z.string(), amountCents: cents, heldAt: answerTime, expiresAt: answerTime }),
    ),
    awaitingTransfer: z.array(z.object({ sellerId: answerId, sellerEmail: z.string(), amountCents: cents, oldest: answerTime })),
    refusedRefunds: z.array(
      z.object({ paymentId: answerId, orderId: answerId, transactionId: z.string(), amountCents: cents, since: answerTime }),
    ),
    entries: z.array(
      z.object({
        at: answerTime,
        kind: z.enum(LEDGER_KINDS),
        orderId: answerId.nullable(),
        sellerEmail: z.string().nullable(),
        amountCents: cents,
        feeCents: cents,
        reference: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Finance' });
export type Finance = z.infer<typeof financeSchema>;

/** Text for a spreadsheet cell that a spreadsheet will not run as a formula (=, +, -, @, tab, CR lead it), CSV-quoted. */
export function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** GET /admin/orders?q=: orders found by id, or by the buyer's or seller's email. */
export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().min(1, { message: 'is required: an order id or an email' }).max(200),
});
export const adminOrderRowSchema = z.object({
  orderId: answerId,
  productName: z.string(),
  buyerEmail: z.string(),
  sellerEmail: z.string(),
  status: z.string(),
  priceCents: cents,
  createdAt: answerTime,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** GET /admin/orders/{id}: the order's whole history and money. */
export const adminOrderSchema = adminOrderRowSchema
  .extend({
    transitions: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string(), at: answerTime })),
    payments: z.array(
      z.object({
        paymentId: answerId,
        transactionId: z.string(),
        provider: z.string(),
        status: z.string(),
        amountCents: cents,
        feeCents: cents,
        destination: z.string().nullable(),
        last4: z.string().nullable(),
        createdAt: answerTime,
        capturedAt: answerTime.nullable(),
        refundedAt: answerTime.nullable(),
      }),
    ),
    ledger: z.array(
      z.object({
        kind: z.enum(LEDGER_KINDS),
        amountCents: cents,
        feeCents: cents,
        reference: z.string().nullable(),
        at: answerTime,
      }),
    ),
    canRefund: z.boolean().describe('a captured payment of a disputed order: the admin may refund it in full'),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /orders/{id}/receipt: the buyer's receipt (also printable). */
export const receiptSchema = z
  .object({
    orderId: answerId,
    productName: z.string(),
    sellerName: z.string(),
    amountCents: cents,
    currency: z.string(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    transactionId: z.string(),
    paidAt: answerTime,
    status: z.string(),
    shop: z.object({ name: z.string(), url: z.string() }),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;
