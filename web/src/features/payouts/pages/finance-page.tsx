import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { ErrorState } from '@/components/error-state';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { apiUrl } from '@/lib/api';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { useFinance } from '../api/payouts';

const cents = (n: number) => formatMoney(n / 100);

const KIND_LABELS: Record<string, string> = {
  charge_held: 'Held',
  hold_released: 'Hold released',
  charge_captured: 'Captured',
  transfer: 'Transfer to seller',
  refund: 'Refund',
  transfer_reversal: 'Transfer reversed',
  payout: 'Payout to bank',
};

/** /dashboard/finance (admin): the shop's money over a period, and what waits on someone. */
export function FinancePage() {
  usePageMeta('Finance');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const finance = useFinance(from, to);
  const fromId = useId();
  const toId = useId();
  const csvHref = apiUrl('/admin/finance.csv', { from, to });

  return (
    <section aria-labelledby="finance-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="finance-title" className="text-2xl font-bold">
          Finance
        </h1>
        <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={fromId} className="flex flex-col text-sm">
            From
            <input id={fromId} type="date" className="input input-sm" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label htmlFor={toId} className="flex flex-col text-sm">
            To
            <input id={toId} type="date" className="input input-sm" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <a className="btn btn-sm btn-outline" href={csvHref} download>
            <Download size={16} aria-hidden="true" /> Export CSV
          </a>
        </form>
      </div>

      {finance.isPending ? (
        <div role="status" aria-label="Loading the finance figures" className="grid gap-3 sm:grid-cols-3">
          <Repeat count={6}>
            <div className="skeleton h-20" />
          </Repeat>
        </div>
      ) : !finance.data ? (
        <ErrorState title="Could not load the finance figures" error={finance.error} onRetry={() => void finance.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[
              ['Gross sales', finance.data.totals.grossSalesCents, 'gross'],
              ['Fees earned', finance.data.totals.feesCents, 'fees'],
              ['Refunds', finance.data.totals.refundsCents, 'refunds'],
              ['Transferred to sellers', finance.data.totals.transferredCents, 'transferred'],
              ['Holds outstanding', finance.data.totals.holdsOutstandingCents, 'holds'],
              ['Waiting for a payout account', finance.data.totals.awaitingTransferCents, 'awaiting'],
            ].map(([label, value, id]) => (
              <div key={id as string} className="rounded-box bg-base-200 p-3">
                <dt className="text-sm text-base-content/70">{label}</dt>
                <dd className="text-xl font-bold" data-testid={`finance-${id}`}>
                  {cents(value as number)}
                </dd>
              </div>
            ))}
          </dl>

          <section aria-labelledby="holds-title" className="flex flex-col gap-2">
            <h2 id="holds-title" className="text-lg font-semibold">
              Holds outstanding ({finance.data.holds.length})
            </h2>
            {finance.data.holds.length ? (
              <ul className="flex flex-col gap-1 text-sm">
                {finance.data.holds.map((h) => (
                  <li key={h.orderId} className="flex flex-wrap justify-between gap-2 border-b border-base-200 py-1">
                    <Link className="link break-words" to={paths.dashboard.adminOrders.getHref(h.orderId)}>
                      {h.productName}
                    </Link>
                    <span>
                      {cents(h.amountCents)} · expires <time dateTime={h.expiresAt}>{formatDateTime(h.expiresAt)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-base-content/70">No money is held right now.</p>
            )}
          </section>

          <section aria-labelledby="waiting-title" className="flex flex-col gap-2">
            <h2 id="waiting-title" className="text-lg font-semibold">
              Transfers waiting for a payout account
            </h2>
            {finance.data.awaitingTransfer.length ? (
              <ul className="flex flex-col gap-1 text-sm">
                {finance.data.awaitingTransfer.map((a) => (
                  <li key={a.sellerId} className="flex flex-wrap justify-between gap-2 border-b border-base-200 py-1">
                    <span className="break-all">{a.sellerEmail}</span>
                    <span>
                      {cents(a.amountCents)} · since <time dateTime={a.oldest}>{formatDate(a.oldest)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-base-content/70">Every seller with money owed has been paid.</p>
            )}
          </section>

          <section aria-labelledby="refused-title" className="flex flex-col gap-2">
            <h2 id="refused-title" className="text-lg font-semibold">
              Refunds the provider refused
            </h2>
            {finance.data.refusedRefunds.length ? (
              <ul className="flex flex-col gap-1 text-sm">
                {finance.data.refusedRefunds.map((r) => (
                  <li key={r.paymentId} className="flex flex-wrap justify-between gap-2 border-b border-base-200 py-1">
                    <Link className="link break-all" to={paths.dashboard.adminOrders.getHref(r.orderId)}>
                      {r.transactionId}
                    </Link>
                    <span>
                      {cents(r.amountCents)} · retried since <time dateTime={r.since}>{formatDateTime(r.since)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-base-content/70">None: every refund went through.</p>
            )}
          </section>

          <section aria-labelledby="entries-title" className="flex flex-col gap-2">
            <h2 id="entries-title" className="text-lg font-semibold">
              Money movements
            </h2>
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">What</th>
                    <th scope="col">Seller</th>
                    <th scope="col" className="text-right">
                      Amount
                    </th>
                    <th scope="col" className="text-right">
                      Fee
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {finance.data.entries.map((e) => (
                    <tr key={`${e.at}-${e.kind}-${e.orderId ?? ''}-${e.reference ?? ''}`}>
                      <td>
                        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                      </td>
                      <td>
                        {e.orderId ? (
                          <Link className="link" to={paths.dashboard.adminOrders.getHref(e.orderId)}>
                            {KIND_LABELS[e.kind] ?? e.kind}
                          </Link>
                        ) : (
                          (KIND_LABELS[e.kind] ?? e.kind)
                        )}
                      </td>
                      <td className="break-all">{e.sellerEmail ?? '—'}</td>
                      <td className="text-right">{cents(e.amountCents)}</td>
                      <td className="text-right" data-testid="entry-fee">
                        {e.feeCents ? cents(e.feeCents) : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {finance.data.entries.length ? null : (
                <p className="p-2 text-sm text-base-content/70">No movements in this period.</p>
              )}
            </div>
          </section>
        </>
      )}
    </section>
  );
}
