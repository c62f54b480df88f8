import type { ReactNode } from 'react';
import { Suspense, useId, useState } from 'react';
import { ChevronDown, Phone } from 'lucide-react';
import { ORDER_NEXT_STEPS } from '@shop/contract';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { useTalkSlots } from '@/hooks/use-talk';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useBookings } from '../api/listing';
import { ConfirmHandoff } from './confirm-handoff';

/** An item's bookings, newest first, loaded when the seller opens the list. */
export function ProductBookings({ productId, productName }: { productId: string; productName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const bookings = useBookings(productId, open);
  const talk = useTalkSlots();
  let panel: ReactNode = null;
  if (open) {
    if (bookings.isPending) panel = <Spinner label={`Loading the bookings of ${productName}`} className="py-4" />;
    else if (bookings.isError)
      panel = <ErrorState title="Could not load the bookings" error={bookings.error} onRetry={() => void bookings.refetch()} />;
    else if (bookings.data.pages[0]?.items.length === 0)
      panel = <p className="py-2 text-sm text-base-content/70">No bookings yet.</p>;
    else
      panel = (
        <>
          <ul className="flex flex-col gap-2" aria-label={`Bookings of ${productName}`}>
            {bookings.data.pages
              .flatMap((page) => page.items)
              .map((b) => (
                <li key={b._id} className="rounded-box border border-base-300 p-2 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{b.buyerName}</span>
                    <OrderStatusBadge status={b.status} size="sm" />
                  </div>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-base-content/80">
                    <dt>Phone</dt>
                    <dd>
                      <a className="link inline-flex items-center gap-1" href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>
                        <Phone size={12} aria-hidden="true" />
                        {b.phone}
                      </a>
                    </dd>
                    <dt>Meet at</dt>
                    <dd className="break-words">{b.meetingLocation}</dd>
                    <dt>Price</dt>
                    <dd>{formatMoney(b.price)}</dd>
                    <dt>Booked</dt>
                    <dd>
                      <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>
                    </dd>
                  </dl>
                  <p className="mt-1 text-base-content/80">{ORDER_NEXT_STEPS.seller[b.status]}</p>
                  {b.status === 'paid' ? <ConfirmHandoff orderId={b._id} buyerName={b.buyerName} /> : null}
                  {talk ? (
                    <Suspense fallback={null}>
                      <div className="mt-1">
                        <talk.MessageBuyer productId={productId} buyerId={b.buyerId} />
                      </div>
                    </Suspense>
                  ) : null}
                </li>
              ))}
          </ul>
          {bookings.hasNextPage ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-2 w-full"
              disabled={bookings.isFetchingNextPage}
              onClick={() => void bookings.fetchNextPage()}
            >
              {bookings.isFetchingNextPage ? 'Loading more bookings…' : 'Show more bookings'}
            </button>
          ) : null}
          {bookings.isFetchNextPageError ? (
            <p role="alert" className="mt-1 text-sm text-error">
              Could not load more bookings. Try again.
            </p>
          ) : null}
        </>
      );
  }
  return (
    <div>
      <button
        type="button"
        className="btn btn-ghost btn-sm w-full justify-between"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Bookings
        <ChevronDown size={16} aria-hidden="true" className={open ? 'rotate-180' : ''} />
      </button>
      <div id={panelId} hidden={!open}>
        {panel}
      </div>
    </div>
  );
}
