import { Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Phone, Receipt } from 'lucide-react';
import { ORDER_NEXT_STEPS, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus, type Sale } from '@shop/contract';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { useTalkSlots } from '@/hooks/use-talk';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSales } from '../api/get-sales';
import { ConfirmHandoff } from '../components/confirm-handoff';
import { MeetingPanel } from '@/components/meeting-panel';

/** The filter's states, in the order a sale goes through them (then the ways it can end otherwise). */
const STATE_ORDER: readonly OrderStatus[] = [
  'unpaid',
  'paid',
  'completed',
  'released',
  'declined',
  'disputed',
  'resolved',
  'refunded',
  'cancelled',
  'expired',
];

const isState = (s: string | null): s is OrderStatus => !!s && (ORDER_STATUSES as readonly string[]).includes(s);

/** One booking: the item, its state and what to do next, the buyer and the meeting, and the actions. */
function SaleCard({ sale }: { sale: Sale }) {
  const talk = useTalkSlots();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4 md:flex-row md:items-start md:justify-between md:gap-6">
        <div className="flex min-w-0 items-start gap-3">
          <Img src={sale.img} alt="" width={80} height={60} className="w-20 max-w-none shrink-0 rounded object-cover" />
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={titleId} className="font-semibold leading-snug">
              <Link to={paths.product.getHref(sale.productId)} className="link link-hover break-words">
                {sale.productName}
              </Link>
            </h2>
            <p className="font-bold">{formatMoney(sale.price)}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-base-content/70">Buyer</dt>
              <dd className="break-words">{sale.buyerName}</dd>
              <dt className="text-base-content/70">Phone</dt>
              <dd>
                <a
                  className="link inline-flex items-center gap-1 whitespace-nowrap"
                  href={`tel:${sale.phone.replace(/[^\d+]/g, '')}`}
                >
                  <Phone size={12} aria-hidden="true" />
                  {sale.phone}
                </a>
              </dd>
              <dt className="text-base-content/70">Meet at</dt>
              <dd className="break-words">{sale.meetingLocation}</dd>
              <dt className="text-base-content/70">Booked</dt>
              <dd>
                <time dateTime={sale.createdAt}>{formatDateTime(sale.createdAt)}</time>
              </dd>
            </dl>
          </div>
        </div>
        <div className="flex flex-col items-start gap-2 md:w-72 md:shrink-0">
          <OrderStatusBadge status={sale.status} />
          <p className="text-sm">{ORDER_NEXT_STEPS.seller[sale.status]}</p>
          <MeetingPanel orderId={sale._id} side="seller" open={sale.status === 'unpaid' || sale.status === 'paid'} />
          <div className="flex flex-wrap items-center gap-2">
            {sale.status === 'paid' ? <ConfirmHandoff orderId={sale._id} buyerName={sale.buyerName} /> : null}
            {talk ? (
              <Suspense fallback={null}>
                <talk.MessageBuyer productId={sale.productId} buyerId={sale.buyerId} />
              </Suspense>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * /dashboard/sales (seller): every booking of every item the seller listed, newest first, in one
 * list; filtered by state (?state=, so a reload or a shared link keeps it), each with what to do next.
 */
export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isState(raw) ? raw : undefined;
  const sales = useSales(state);
  const filterId = useId();
  const items = sales.data?.pages.flatMap((p) => p.items) ?? [];

  const choose = (next: string) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (isState(next)) p.set('state', next);
        else p.delete('state');
        return p;
      },
      { replace: true },
    );

  let body: React.ReactNode;
  if (sales.isPending)
    body = (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading your sales">
        <Repeat count={3}>
          <div className="skeleton h-32 w-full" />
        </Repeat>
      </div>
    );
  else if (sales.isError)
    body = <ErrorState title="Could not load your sales" error={sales.error} onRetry={() => void sales.refetch()} />;
  else if (items.length === 0)
    body = state ? (
      <EmptyState
        title={`No sales are ${ORDER_STATUS_LABELS[state].toLowerCase()}`}
        icon={<Receipt size={40} />}
        action={
          <button type="button" className="btn btn-primary" onClick={() => choose('')}>
            Show all sales
          </button>
        }
      >
        Bookings in other states are under All.
      </EmptyState>
    ) : (
      <EmptyState
        title="No sales yet"
        icon={<Receipt size={40} />}
        action={
          <Link to={paths.dashboard.myProducts.getHref()} className="btn btn-primary">
            See my products
          </Link>
        }
      >
        When a buyer books one of your items, the booking shows here with what to do next.
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="flex flex-col gap-3" aria-label="Your sales">
          {items.map((sale) => (
            <li key={sale._id}>
              <SaleCard sale={sale} />
            </li>
          ))}
        </ul>
        {sales.hasNextPage ? (
          <button
            type="button"
            className="btn btn-ghost w-full"
            disabled={sales.isFetchingNextPage}
            onClick={() => void sales.fetchNextPage()}
          >
            {sales.isFetchingNextPage ? 'Loading more sales…' : 'Show more sales'}
          </button>
        ) : null}
        {sales.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-error">
            Could not load more sales. Try again.
          </p>
        ) : null}
      </>
    );

  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="sales-title" className="text-2xl font-bold">
            Sales
          </h1>
          <p className="text-sm text-base-content/80">
            Every booking of your items, newest first. A buyer's payment is held until you meet: confirm their hand-off code and
            the money is yours.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium">
            State
          </label>
          <select id={filterId} className="select w-56" value={state ?? ''} onChange={(e) => choose(e.target.value)}>
            <option value="">All</option>
            {STATE_ORDER.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
