import { useState } from 'react';
import { Link } from 'react-router';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { Order } from '@shop/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-session';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { useDeleteOrder } from '../api/delete-order';
import { useMyOrders } from '../api/get-my-orders';

/** /dashboard/myorders (buyer): own orders, delete while unpaid, Pay or Paid. */
export function MyOrdersPage() {
  const { user } = useUser();
  const orders = useMyOrders(user?.email);
  const deleteOrder = useDeleteOrder();
  const [toDelete, setToDelete] = useState<Order | null>(null);

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
        <div className="skeleton h-8 w-56" />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton h-16 w-full" />
        ))}
      </section>
    );
  }
  if (orders.isError) {
    return <ErrorState title="Could not load your orders" error={orders.error} onRetry={() => void orders.refetch()} />;
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
                    <button
                      type="button"
                      className="btn btn-square btn-ghost btn-sm text-error"
                      aria-label={order.paid ? `Paid orders cannot be deleted: ${order.productName}` : `Delete order: ${order.productName}`}
                      title={order.paid ? 'Paid orders cannot be deleted' : 'Delete order'}
                      disabled={order.paid}
                      onClick={() => setToDelete(order)}
                    >
                      <Trash2 size={18} aria-hidden="true" />
                    </button>
                  </td>
                  <td>
                    <div className="flex items-center gap-3">
                      <Img src={order.img} alt="" width={64} height={48} className="w-16 rounded object-cover" />
                      <span className="font-medium">{order.productName}</span>
                    </div>
                  </td>
                  <td>{order.meettingLocation}</td>
                  <td>{order.seller}</td>
                  <td className="whitespace-nowrap">{formatPrice(order.price)}</td>
                  <td>
                    {order.paid ? (
                      <div className="flex flex-col gap-1">
                        <span className="badge badge-success">Paid</span>
                        {order.transactionId ? (
                          <span className="break-all font-mono text-xs text-base-content/70">
                            <span className="sr-only">Transaction id: </span>
                            {order.transactionId}
                          </span>
                        ) : null}
                      </div>
                    ) : (
                      <Link to={paths.dashboard.payment.getHref(order._id)} className="btn btn-primary btn-sm" aria-label={`Pay for ${order.productName}`}>
                        Pay
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
            Your booking of <strong>{toDelete.productName}</strong> will be cancelled. You can book it again later if it is still for sale.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
