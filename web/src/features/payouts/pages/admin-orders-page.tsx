import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import type { OrderStatus } from '@shop/contract';
import { useAdminOrder, useAdminOrders, useRefundOrder } from '../api/payouts';

const cents = (n: number) => formatMoney(n / 100);

function OrderDetail({ id }: { id: string }) {
  const order = useAdminOrder(id);
  const refund = useRefundOrder(id);
  const [asking, setAsking] = useState(false);
  if (order.isPending) return <div role="status" aria-label="Loading the order" className="skeleton h-40 w-full" />;
  if (!order.data)
    return <ErrorState title="Could not load this order" error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;
  return (
    <article aria-labelledby="order-title" className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id="order-title" className="break-words text-lg font-semibold">
              {o.productName}
            </h2>
            <p className="break-all text-xs text-base-content/70">Order {o.orderId}</p>
          </div>
          <OrderStatusBadge status={o.status as OrderStatus} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-base-content/70">Price</dt>
          <dd>{cents(o.priceCents)}</dd>
          <dt className="text-base-content/70">Buyer</dt>
          <dd className="break-all">{o.buyerEmail}</dd>
          <dt className="text-base-content/70">Seller</dt>
          <dd className="break-all">{o.sellerEmail}</dd>
        </dl>
        <h3 className="font-semibold">History</h3>
        <ol className="text-sm">
          {o.transitions.map((t) => (
            <li key={`${t.at}-${t.to}`}>
              <time dateTime={t.at}>{formatDateTime(t.at)}</time>: {t.from} → {t.to}
              {t.reason ? ` (${t.reason})` : ''}
            </li>
          ))}
        </ol>
        <h3 className="font-semibold">Money</h3>
        <ul className="text-sm">
          {o.payments.map((p) => (
            <li key={p.paymentId} className="break-all">
              {p.provider} {p.transactionId}: {cents(p.amountCents)}, fee {cents(p.feeCents)}, {p.status}
              {p.last4 ? `, card •••• ${p.last4}` : ''}
              {p.destination ? `, paid to ${p.destination}` : ', captured to the shop'}
            </li>
          ))}
          {o.ledger.map((e) => (
            <li key={`${e.kind}-${e.at}`}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>: {e.kind.replace(/_/g, ' ')} {cents(e.amountCents)}
              {e.feeCents ? ` (fee ${cents(e.feeCents)})` : ''}
            </li>
          ))}
        </ul>
        {o.canRefund ? (
          <div>
            <button type="button" className="btn btn-error btn-sm" onClick={() => setAsking(true)} disabled={refund.isPending}>
              Refund in full
            </button>
            <ConfirmDialog
              open={asking}
              title="Refund this order in full?"
              confirmLabel="Refund"
              onCancel={() => setAsking(false)}
              onConfirm={() => {
                setAsking(false);
                refund.mutate(undefined, {
                  onSuccess: () => toast.success('Refunded: the buyer gets the whole amount back.'),
                  onError: (error) => toast.error(errorMessage(error)),
                });
              }}
            >
              The buyer gets {cents(o.priceCents)} back, the seller's transfer is reversed and the shop's fee is given back.
            </ConfirmDialog>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">A refund here is for a disputed order whose money was taken.</p>
        )}
      </div>
    </article>
  );
}

/** /dashboard/orders (admin): find an order by id, buyer or seller; its history and money; refund where allowed. */
export function AdminOrdersPage() {
  usePageMeta('Orders');
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const searched = params.get('q') ?? '';
  const selected = params.get('id');
  const found = useAdminOrders(searched);
  const inputId = useId();

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <h1 id="orders-title" className="text-2xl font-bold">
        Orders
      </h1>
      <search>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setParams(q.trim() ? { q: q.trim() } : {});
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Order id, or the buyer's or seller's email
          </label>
          <input
            id={inputId}
            className="input w-full max-w-md"
            placeholder="Order id, or buyer's or seller's email"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            <Search size={16} aria-hidden="true" /> Find
          </button>
        </form>
      </search>
      {searched ? (
        found.isPending ? (
          <div role="status" aria-label="Searching" className="skeleton h-20 w-full" />
        ) : found.data ? (
          found.data.length ? (
            <ul className="flex flex-col gap-1">
              {found.data.map((o) => (
                <li key={o.orderId}>
                  <button
                    type="button"
                    className={`btn btn-ghost btn-sm h-auto w-full justify-between py-1 text-left ${selected === o.orderId ? 'btn-active' : ''}`}
                    onClick={() => setParams({ q: searched, id: o.orderId })}
                  >
                    <span className="break-words">{o.productName}</span>
                    <span className="text-xs">
                      {o.status} · {cents(o.priceCents)} · {formatDateTime(o.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">No order matches “{searched}”.</p>
          )
        ) : (
          <ErrorState title="Could not search the orders" error={found.error} onRetry={() => void found.refetch()} />
        )
      ) : null}
      {selected ? <OrderDetail id={selected} /> : null}
    </section>
  );
}
