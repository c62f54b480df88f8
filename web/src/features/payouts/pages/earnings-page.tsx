import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banknote, CircleAlert, Wallet } from 'lucide-react';
import type { PayoutsView } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useMyPayouts, useStartOnboarding } from '../api/payouts';
import { requirementsText } from '../lib/requirements';

// The chart library comes with this page only (and after its numbers).
const EarningsChart = lazy(async () => ({ default: (await import('../components/earnings-chart')).EarningsChart }));

const cents = (n: number) => formatMoney(n / 100);

const SALE_STATUS: Record<PayoutsView['items'][number]['status'], { label: string; badge: string }> = {
  pending: { label: 'Held until the hand-off', badge: 'badge-warning' },
  awaiting_account: { label: 'Waiting for your payout account', badge: 'badge-info' },
  transferred: { label: 'On your payout account', badge: 'badge-success' },
  paid_out: { label: 'Paid out', badge: 'badge-success' },
  refunded: { label: 'Refunded to the buyer', badge: 'badge-ghost' },
  released: { label: 'Hold released', badge: 'badge-ghost' },
};

/** Set up (or finish, or update) the payout account at the provider. */
function PayoutAccount({ account }: { account: PayoutsView['account'] }) {
  const start = useStartOnboarding();
  const go = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const button = (label: string) => (
    <button type="button" className="btn btn-primary btn-sm" onClick={go} disabled={start.isPending}>
      {start.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      {label}
    </button>
  );
  if (account.status === 'ready')
    return (
      <div className={calloutClass('success', 'sm:flex-row sm:items-center')}>
        <p className="flex-1">
          <Wallet size={16} className="mr-1 inline" aria-hidden="true" />
          Your payout account is ready: each sale is paid to it when you confirm the hand-off.
        </p>
        {button('Update payout details')}
      </div>
    );
  return (
    <div role="status" className={calloutClass('warning', 'sm:flex-row sm:items-center')}>
      <div className="flex-1">
        <p className="font-semibold">
          <CircleAlert size={16} className="mr-1 inline" aria-hidden="true" />
          {account.status === 'none' ? 'Set up your payout account to get paid' : 'Your payout account needs a few more details'}
        </p>
        <p className="text-sm">
          You can sell meanwhile: the shop keeps your money safe and sends it as soon as your account is ready.
          {account.requirementsDue.length ? ` Still due: ${requirementsText(account.requirementsDue)}.` : ''}
        </p>
      </div>
      {button(account.status === 'none' ? 'Set up payouts' : 'Finish setting up')}
    </div>
  );
}

/** /dashboard/earnings (sellers): pending, available and paid out; a chart by week; each sale with its fee; payouts. */
export function EarningsPage() {
  usePageMeta('Earnings');
  const payouts = useMyPayouts();
  const [params, setParams] = useSearchParams();
  const back = params.get('onboarding');
  useEffect(() => {
    if (back !== 'done') return;
    toast.info('Welcome back: your payout details were sent to the payment provider.');
    setParams({}, { replace: true });
  }, [back, setParams]);

  if (payouts.isPending)
    return (
      <section className="flex flex-col gap-4" role="status" aria-label="Loading your earnings">
        <h1 className="sr-only">Earnings</h1>
        <div className="skeleton h-8 w-40" />
        <div className="grid gap-3 sm:grid-cols-3">
          <Repeat count={3}>
            <div className="skeleton h-20" />
          </Repeat>
        </div>
      </section>
    );
  if (!payouts.data)
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Earnings</h1>
        <ErrorState title="Could not load your earnings" error={payouts.error} onRetry={() => void payouts.refetch()} />
      </section>
    );
  const v = payouts.data;
  const feeText =
    v.fee.percent || v.fee.fixedCents
      ? `The shop's fee is ${v.fee.percent ? `${v.fee.percent} %` : ''}${v.fee.percent && v.fee.fixedCents ? ' + ' : ''}${v.fee.fixedCents ? cents(v.fee.fixedCents) : ''} of each sale.`
      : 'The shop takes no fee: every sale is yours in full.';

  return (
    <section aria-labelledby="earnings-title" className="flex flex-col gap-5">
      <div>
        <h1 id="earnings-title" className="text-2xl font-bold">
          Earnings
        </h1>
        <p className="text-sm text-base-content/70">{feeText}</p>
      </div>
      <PayoutAccount account={v.account} />
      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ['Pending', v.balance.pendingCents, 'held until the hand-off', 'balance-pending'],
            ['Available', v.balance.availableCents, 'yours, not yet paid out to your bank', 'balance-available'],
            ['Paid out', v.balance.paidOutCents, 'sent to your bank', 'balance-paid-out'],
          ] as const
        ).map(([label, amount, hint, testId]) => (
          <div key={testId} className="flex flex-col rounded-box bg-base-200 p-4">
            <dt className="text-sm text-base-content/70">{label}</dt>
            <dd className="order-last text-xs text-base-content/70">{hint}</dd>
            <dd className="text-2xl font-bold" data-testid={testId}>
              {cents(amount)}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="weeks-title" className="flex flex-col gap-2">
        <h2 id="weeks-title" className="text-lg font-semibold">
          Earnings by week
        </h2>
        {v.weeks.length ? (
          <Suspense fallback={<div className="skeleton h-[220px] w-full" />}>
            <EarningsChart weeks={v.weeks} />
          </Suspense>
        ) : (
          <p className="text-sm text-base-content/70">Your first hand-off will show here.</p>
        )}
      </section>

      <section aria-labelledby="sales-title" className="flex flex-col gap-2">
        <h2 id="sales-title" className="text-lg font-semibold">
          Sales
        </h2>
        {v.items.length ? (
          <ul className="flex flex-col gap-2">
            {v.items.map((s) => (
              <li key={s.orderId} className="card card-border bg-base-100">
                <div className="card-body flex-row flex-wrap items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium">{s.productName}</p>
                    <p className="text-sm text-base-content/70">
                      <time dateTime={s.at}>{formatDate(s.at)}</time> · {cents(s.priceCents)} − fee {cents(s.feeCents)}
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <p className="font-bold">You receive {cents(s.sellerCents)}</p>
                    <span className={`badge badge-sm ${SALE_STATUS[s.status].badge}`}>{SALE_STATUS[s.status].label}</span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title="No sales yet"
            icon={<Banknote size={28} aria-hidden="true" />}
            action={
              <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary btn-sm">
                Add a product
              </Link>
            }
          >
            When a buyer pays for one of your items, it shows here with the shop's fee and what you receive.
          </EmptyState>
        )}
      </section>

      <section aria-labelledby="payouts-title" className="flex flex-col gap-2">
        <h2 id="payouts-title" className="text-lg font-semibold">
          Payouts
        </h2>
        {v.payouts.length ? (
          <ul className="flex flex-col gap-1">
            {v.payouts.map((p) => (
              <li key={p.reference} className="flex justify-between gap-2 border-b border-base-200 py-1 text-sm">
                <time dateTime={p.at}>{formatDate(p.at)}</time>
                <span className="font-medium">{cents(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-base-content/70">
            No payouts to your bank yet: the payment provider pays out your available balance on its schedule.
          </p>
        )}
      </section>
    </section>
  );
}
