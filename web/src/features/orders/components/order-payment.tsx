import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_NEXT_STEPS, type Order, type OrderPayment } from '@shop/contract';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** 'visa' -> 'Visa'; an unknown brand keeps its name, capitalised. */
export function formatBrand(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  const known = BRANDS[brand.toLowerCase()];
  if (known) return known;
  return brand.charAt(0).toUpperCase() + brand.slice(1).replace(/_/g, ' ');
}

export type PaymentState = 'unpaid' | 'held' | 'paid' | 'released' | 'refunded' | 'refund_pending' | 'cancelled' | 'expired';

/** Where the money of an order is: the order's status, refined by its payment record. */
export function paymentState(order: Order): PaymentState {
  switch (order.status) {
    // Authorised on the card, taken only when the seller confirms the hand-off.
    case 'paid':
      return 'held';
    case 'completed':
    case 'disputed':
    case 'resolved':
      return 'paid';
    // The hold was given back: not confirmed in time, or declined at the meeting.
    case 'released':
    case 'declined':
      return 'released';
    case 'refunded':
      return order.payment?.status === 'refund_pending' ? 'refund_pending' : 'refunded';
    // The seller sold the item elsewhere before it was paid: nothing to pay, nothing was charged.
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    default:
      return order.paid ? 'paid' : 'unpaid';
  }
}

function CardLine({ payment }: { payment: OrderPayment }) {
  if (!payment.last4 && !payment.brand) return null;
  return (
    <span className="whitespace-nowrap">
      {formatBrand(payment.brand)}
      {payment.last4 ? (
        <>
          {' '}
          <span aria-hidden="true">•••• </span>
          <span className="sr-only">ending in </span>
          {payment.last4}
        </>
      ) : null}
    </span>
  );
}

/** Statuses whose hand-off (order-handoff.tsx) says itself what happened at the meeting. */
const TOLD_BY_HANDOFF = new Set<Order['status']>(['completed', 'declined', 'disputed', 'resolved']);

/**
 * The payment record of a paid or refunded order, as its buyer sees it: the status (the contract's
 * words, as the seller sees them too) and what it means for the money, when it was paid (or
 * refunded), the card (brand and last4 only) and the transaction id. Nothing for an unpaid order.
 * `action` sits beside the status (the hand-off's Show code).
 */
export function OrderPaymentDetails({ order, action }: { order: Order; action?: ReactNode }) {
  const state = paymentState(order);
  if (state === 'unpaid') return null;
  const payment = order.payment ?? null;
  const transactionId = payment?.transactionId ?? order.transactionId;
  const paidOn = formatDate(payment?.createdAt ?? order.paidAt);
  const refundedOn = formatDate(payment?.refundedAt);
  const refundPending = state === 'refund_pending';

  return (
    <div className="flex max-w-full flex-col items-start gap-1 text-xs text-base-content/80">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} refundPending={refundPending} />
        {action}
      </div>
      {TOLD_BY_HANDOFF.has(order.status) ? null : (
        <span className="text-base-content">
          {refundPending ? 'Your refund is on its way.' : ORDER_NEXT_STEPS.buyer[order.status]}
        </span>
      )}
      {state === 'refunded' && refundedOn ? <span>Refunded on {refundedOn}</span> : null}
      {paidOn || payment ? (
        <span className="flex flex-wrap gap-x-1">
          {paidOn ? <span>Paid on {paidOn}</span> : null}
          {paidOn && payment?.last4 ? <span aria-hidden="true">·</span> : null}
          {payment ? <CardLine payment={payment} /> : null}
          {payment ? (
            <>
              <span aria-hidden="true">·</span>
              <Link
                to={paths.dashboard.receipt.getHref(order._id)}
                className="link"
                aria-label={`Receipt for ${order.productName}`}
              >
                Receipt
              </Link>
            </>
          ) : null}
        </span>
      ) : null}
      {transactionId ? (
        <span className="block max-w-full truncate font-mono" title={transactionId}>
          <span className="sr-only">Transaction id: </span>
          {transactionId}
        </span>
      ) : null}
    </div>
  );
}
