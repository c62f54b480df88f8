import { ORDER_STATUS_LABELS, type OrderStatus, REFUND_PENDING_LABEL } from '@shop/contract';

/**
 * How each order status looks: money held is information, not an alarm; only what needs a person's
 * attention (a booking waiting for its payment, a case) is a warning. The words are the contract's
 * (ORDER_STATUS_LABELS), the same for buyer and seller.
 */
const TONES: Readonly<Record<OrderStatus, string>> = {
  unpaid: 'badge-warning',
  paid: 'badge-info',
  completed: 'badge-success',
  released: 'badge-neutral',
  refunded: 'badge-neutral',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
  declined: 'badge-warning',
  disputed: 'badge-warning',
  resolved: 'badge-neutral',
};

/** An order's status for people, on the buyer's and the seller's pages alike. */
export function OrderStatusBadge({
  status,
  refundPending = false,
  size = 'md',
}: {
  status: OrderStatus;
  /** A refunded order whose refund is still on its way. */
  refundPending?: boolean;
  size?: 'sm' | 'md';
}) {
  const label = status === 'refunded' && refundPending ? REFUND_PENDING_LABEL : ORDER_STATUS_LABELS[status];
  const tone = status === 'refunded' && refundPending ? 'badge-warning' : TONES[status];
  return (
    <span className={`badge ${tone} ${size === 'sm' ? 'badge-sm' : ''} h-auto whitespace-nowrap`} data-status={status}>
      {label}
    </span>
  );
}
