import type { Order, OrderPayment } from '@shop/contract';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "2025-11-04T10:00:00.000Z" -> "Nov 4, 2025" (the buyer's own time zone); '' when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

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

const BADGES: Record<Exclude<PaymentState, 'unpaid'>, { label: string; className: string }> = {
  held: { label: 'Paid — held until you meet', className: 'badge-info' },
  paid: { label: 'Paid', className: 'badge-success' },
  released: { label: 'Hold released', className: 'badge-neutral' },
  refunded: { label: 'Refunded', className: 'badge-neutral' },
  refund_pending: { label: 'Refund pending', className: 'badge-warning' },
  cancelled: { label: 'Cancelled', className: 'badge-ghost' },
  expired: { label: 'Expired unpaid', className: 'badge-ghost' },
};

export function PaymentBadge({ state }: { state: Exclude<PaymentState, 'unpaid'> }) {
  const badge = BADGES[state];
  return <span className={`badge ${badge.className} h-auto whitespace-normal text-left`}>{badge.label}</span>;
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

/**
 * The payment record of a paid or refunded order, as its buyer sees it: the state, when it was paid
 * (or refunded), the card (brand and last4 only) and the transaction id. Nothing for an unpaid order.
 */
export function OrderPaymentDetails({ order }: { order: Order }) {
  const state = paymentState(order);
  if (state === 'unpaid') return null;
  const payment = order.payment ?? null;
  const transactionId = payment?.transactionId ?? order.transactionId;
  const paidOn = formatDate(payment?.createdAt ?? order.paidAt);
  const refundedOn = formatDate(payment?.refundedAt);

  return (
    <div className="flex flex-col items-start gap-1 text-xs text-base-content/80">
      <PaymentBadge state={state} />
      {state === 'refunded' && refundedOn ? <span>Refunded on {refundedOn}</span> : null}
      {state === 'refund_pending' ? <span>Your refund is on its way</span> : null}
      {state === 'cancelled' ? <span>The seller sold it elsewhere; you were not charged</span> : null}
      {state === 'released' ? <span>Your card's hold was released: no money was taken</span> : null}
      {state === 'expired' ? <span>Not paid within the time allowed; you may book it again</span> : null}
      {paidOn ? <span>Paid on {paidOn}</span> : null}
      {payment ? <CardLine payment={payment} /> : null}
      {transactionId ? (
        <span className="break-all font-mono">
          <span className="sr-only">Transaction id: </span>
          {transactionId}
        </span>
      ) : null}
    </div>
  );
}
