import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ORDER_NEXT_STEPS, type Order } from '@shop/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { useTalkSlots } from '@/hooks/use-talk';
import { useTrustSlots } from '@/hooks/use-trust';
import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { useDeleteOrder } from '../api/delete-order';
import { useMyOrders } from '../api/get-my-orders';
import { HandoffCode, HandoffCodeDialog, OrderHandoff } from '../components/order-handoff';
import { MeetingPanel } from '@/components/meeting-panel';
import { OrderPaymentDetails, paymentState } from '../components/order-payment';

function DeleteAction({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  // Paid and refunded orders are records of money: only an unpaid (or cancelled) booking can be deleted.
  const state = paymentState(order);
  if (state !== 'unpaid' && state !== 'cancelled' && state !== 'expired')
    return <span className="sr-only">Paid and refunded orders cannot be deleted</span>;
  return (
    <button
      type="button"
      className="btn btn-square btn-ghost btn-sm text-error"
      aria-label={`Delete order: ${order.productName}`}
      title="Delete order"
      onClick={() => onDelete(order)}
    >
      <Trash2 size={18} aria-hidden="true" />
    </button>
  );
}

/** Pay while unpaid, with what paying means (the money is held until the hand-off); else the payment record. */
function PaymentStatus({ order, onShowCode }: { order: Order; onShowCode: (orderId: string) => void }) {
  if (paymentState(order) !== 'unpaid')
    return <OrderPaymentDetails order={order} action={<HandoffCode order={order} onShow={onShowCode} />} />;
  return (
    <div className="flex flex-col items-start gap-1">
      <Link
        to={paths.dashboard.payment.getHref(order._id)}
        className="btn btn-primary btn-sm px-6"
        aria-label={`Pay for ${order.productName}`}
      >
        Pay
      </Link>
      <span className="text-xs text-base-content/80">{ORDER_NEXT_STEPS.buyer.unpaid}</span>
    </div>
  );
}

/** The seller's name, the phone the booking gives the buyer, and a way to write to them. */
function SellerContact({ order }: { order: Order }) {
  const talk = useTalkSlots();
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{order.seller}</span>
      {order.sellerPhone ? (
        <span className="whitespace-nowrap text-sm text-base-content/70">Phone: {order.sellerPhone}</span>
      ) : paymentState(order) === 'unpaid' ? (
        <span className="text-xs text-base-content/70">Their phone shows once you pay</span>
      ) : null}
      {talk ? (
        <Suspense fallback={null}>
          <talk.AskSeller productId={order.productId} compact />
        </Suspense>
      ) : null}
    </span>
  );
}

/** Orders whose hand-off was confirmed: the buyer may rate the seller (the server says whether they still may). */
const HANDED_OVER = new Set<Order['status']>(['completed', 'disputed', 'resolved']);

/** The buyer's review of the seller, or the form to write it, once the hand-off is completed. */
function Review({ order }: { order: Order }) {
  const trust = useTrustSlots();
  if (!trust || !HANDED_OVER.has(order.status)) return null;
  return (
    <Suspense fallback={null}>
      <trust.OrderReview orderId={order._id} />
    </Suspense>
  );
}

/** /dashboard/myorders (buyer): own orders, delete while unpaid, Pay, or the payment record (paid, refunded). */
export function MyOrdersPage() {
  const { user } = useUser();
  const orders = useMyOrders(user?.email);
  const deleteOrder = useDeleteOrder();
  const [toDelete, setToDelete] = useState<Order | null>(null);
  // Whose hand-off code is open: kept here, with its dialog below, not in a row that the switch
  // between table and cards would replace.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  // A table from md up, cards on phones: one of the two in the page, never both.
  const wide = useMediaQuery(MD_UP);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteOrder.mutate(toDelete._id, {
      onSuccess: () => toast.success('Order deleted.'),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToDelete(null),
    });
  };

  if (orders.isPending) {
    return (
      <section className="flex flex-col gap-4" role="status" aria-label="Loading your orders">
        <h1 className="sr-only">My Orders</h1>
        <div className="skeleton h-8 w-56" />
        <Repeat count={4}>
          <div className="skeleton h-16 w-full" />
        </Repeat>
      </section>
    );
  }
  if (orders.isError) {
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">My Orders</h1>
        <ErrorState title="Could not load your orders" error={orders.error} onRetry={() => void orders.refetch()} />
      </section>
    );
  }

  const list = orders.data ?? [];
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <h1 id="orders-title" className="text-2xl font-bold">
        You have {list.length} Orders
      </h1>
      {list.length === 0 ? (
        <EmptyState
          title="no orders yet"
          icon={<ShoppingCart size={40} />}
          action={
            <Link to={paths.home.getHref()} className="btn btn-primary">
              Browse products
            </Link>
          }
        >
          Find something you like and press Buy now to book it.
        </EmptyState>
      ) : !wide ? (
        <ul className="flex flex-col gap-3" aria-label="Your orders">
          {list.map((order) => (
            <li key={order._id} className="card card-border bg-base-100">
              <div className="card-body gap-3 p-4">
                <div className="flex items-start gap-3">
                  <Img src={order.img} alt="" width={80} height={60} className="w-20 max-w-none shrink-0 rounded object-cover" />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold leading-snug">{order.productName}</h2>
                    <p className="text-lg font-bold">{formatMoney(order.price)}</p>
                  </div>
                  <DeleteAction order={order} onDelete={setToDelete} />
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-base-content/70">Meeting location</dt>
                  <dd>{order.meettingLocation}</dd>
                  <dt className="text-base-content/70">Seller</dt>
                  <dd>
                    <SellerContact order={order} />
                  </dd>
                </dl>
                <PaymentStatus order={order} onShowCode={setCodeFor} />
                <MeetingPanel orderId={order._id} side="buyer" open={order.status === 'unpaid' || order.status === 'paid'} />
                <OrderHandoff order={order} />
                <Review order={order} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
            <caption className="sr-only">Your orders</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Delete</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Meeting location</th>
                <th scope="col">Seller</th>
                <th scope="col">Price</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {list.map((order) => (
                <tr key={order._id}>
                  <td>
                    <DeleteAction order={order} onDelete={setToDelete} />
                  </td>
                  <td>
                    <div className="flex items-center gap-3">
                      <Img
                        src={order.img}
                        alt=""
                        width={64}
                        height={48}
                        className="w-16 max-w-none shrink-0 rounded object-cover"
                      />
                      <span className="font-medium">{order.productName}</span>
                    </div>
                  </td>
                  <td>
                    {/* The meeting's one line sits under its place; it opens to the times and the form. */}
                    <div className="flex flex-col items-start gap-1">
                      <span>{order.meettingLocation}</span>
                      <MeetingPanel
                        orderId={order._id}
                        side="buyer"
                        open={order.status === 'unpaid' || order.status === 'paid'}
                        compact
                      />
                    </div>
                  </td>
                  <td>
                    <SellerContact order={order} />
                  </td>
                  <td className="whitespace-nowrap">{formatMoney(order.price)}</td>
                  <td>
                    <div className="flex flex-col gap-2">
                      <PaymentStatus order={order} onShowCode={setCodeFor} />
                      <OrderHandoff order={order} />
                      <Review order={order} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <HandoffCodeDialog orderId={codeFor} onClose={() => setCodeFor(null)} />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete this order?"
        confirmLabel="Delete order"
        busy={deleteOrder.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? (
          <p>
            Your booking of <strong>{toDelete.productName}</strong> will be cancelled. You can book it again later if it is still
            for sale.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
