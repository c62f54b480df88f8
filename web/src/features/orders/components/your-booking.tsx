import { Suspense } from 'react';
import { Link } from 'react-router';
import { CalendarCheck } from 'lucide-react';
import { ORDER_NEXT_STEPS, type Order } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { paths } from '@/config/paths';
import type { YourBookingProps } from '@/hooks/use-booking-modal';
import { useTalkSlots } from '@/hooks/use-talk';
import { useUser } from '@/hooks/use-user';
import { formatDate } from '@/lib/format';
import { useMyOrders } from '../api/get-my-orders';

/** Bookings that are still the buyer's: booked (to pay), paid and held (to meet), handed over. */
const OPEN = new Set<Order['status']>(['unpaid', 'paid', 'completed']);

const HEADINGS: Partial<Record<Order['status'], string>> = {
  unpaid: 'Booked by you',
  paid: 'Booked by you and paid',
  completed: 'Bought by you',
};

/**
 * The product page's "Booked by you": the buyer's own booking of this item (from their orders, the
 * query My Orders uses, which a new booking refreshes) with what comes next: Pay now, Message the
 * seller, Your orders (once paid: Show my code, in My Orders). Nothing without one (or while the
 * orders load); the page hides its buy block after it (data-your-booking).
 */
export function YourBooking({ productId }: YourBookingProps) {
  const { user } = useUser();
  const orders = useMyOrders(user?.email);
  const talk = useTalkSlots();
  const booking = orders.data?.find((o) => o.productId === productId && OPEN.has(o.status));
  if (!booking) return null;

  const booked = formatDate(booking.createdAt);
  return (
    <section
      aria-label="Your booking"
      data-your-booking=""
      className={calloutClass(booking.status === 'unpaid' ? 'warning' : 'info')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <CalendarCheck size={20} aria-hidden="true" />
        <h2 className="text-base font-semibold">{HEADINGS[booking.status]}</h2>
        <OrderStatusBadge status={booking.status} size="sm" />
      </div>
      <p>
        {booked ? `Booked on ${booked}` : 'Booked'} · meet at {booking.meettingLocation}
      </p>
      <p className="font-medium">{ORDER_NEXT_STEPS.buyer[booking.status]}</p>
      <div className="flex flex-wrap items-center gap-2">
        {booking.status === 'unpaid' ? (
          <Link to={paths.dashboard.payment.getHref(booking._id)} className="btn btn-primary">
            Pay now
          </Link>
        ) : null}
        {booking.status === 'paid' ? (
          <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-primary">
            Show my code
          </Link>
        ) : null}
        {talk && booking.status !== 'completed' ? (
          <Suspense fallback={null}>
            <talk.AskSeller productId={productId} label="Message the seller" />
          </Suspense>
        ) : null}
        {booking.status === 'paid' ? null : (
          <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-ghost">
            Your orders
          </Link>
        )}
      </div>
    </section>
  );
}
