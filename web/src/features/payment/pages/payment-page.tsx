import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { MESSAGES } from '@shop/contract';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-session';
import { useOrder } from '@/features/orders/api/get-order';
import { formatPrice } from '@/lib/format';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useRecordPayment } from '../api/record-payment';
import { cardForms, type ConfirmedCardPayment } from '../components/card-form';
import { calloutClass } from '@/components/callout';

function PaymentSuccess({ transactionId }: { transactionId: string }) {
  return (
    <div role="status" className={calloutClass('success')}>
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 size={22} aria-hidden="true" />
        {MESSAGES.paymentComplete}
      </p>
      <p className="text-sm">
        Your transaction id is <strong className="break-all font-mono">{transactionId}</strong>
      </p>
      <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
        Back to my orders
      </Link>
    </div>
  );
}

/** /dashboard/payment/:id (buyer): 'Payment for {product}', the amount, and the provider's card form. */
export function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useUser();
  const order = useOrder(id);
  const unpaid = !!order.data && !order.data.paid;
  const intent = usePaymentIntent(id, unpaid);
  const recordPayment = useRecordPayment();
  const [transactionId, setTransactionId] = useState<string | null>(null);

  if (order.isPending) {
    return (
      <section>
        <h1 className="sr-only">Payment</h1>
        <Spinner label="Loading your order…" />
      </section>
    );
  }
  if (order.isError) {
    return (
      <section className="flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-bold">Payment</h1>
        <ErrorState title="Could not load this order" error={order.error} onRetry={() => void order.refetch()} />
      </section>
    );
  }

  const o = order.data;
  const onConfirmed = async (payment: ConfirmedCardPayment) => {
    await recordPayment.mutateAsync({ OrderId: o._id, transactionId: payment.id, price: o.price, email: user?.email ?? o.email });
    setTransactionId(payment.id);
  };

  const CardForm = cardForms[intent.data?.provider ?? 'simulated'];
  const amount = intent.data?.amount ?? o.price;

  return (
    <section aria-labelledby="payment-title" className="flex w-full max-w-xl flex-col gap-5">
      <h1 id="payment-title" className="text-2xl font-bold">
        Payment for {o.productName}
      </h1>
      <div className="card card-side border border-base-300 bg-base-100">
        <figure className="w-28 shrink-0 bg-base-200 sm:w-36">
          <Img src={o.img} alt="" width={400} height={300} className="h-full w-full object-cover" />
        </figure>
        <div className="card-body gap-1 p-4">
          <p className="text-sm text-base-content/70">Please pay</p>
          <p className="text-3xl font-bold">{formatPrice(amount)}</p>
          <p className="text-sm text-base-content/80">
            Meet {o.seller} at {o.meettingLocation}
          </p>
        </div>
      </div>

      {transactionId ? (
        <PaymentSuccess transactionId={transactionId} />
      ) : o.paid ? (
        <div role="status" className={calloutClass('success')}>
          <p className="font-semibold">This order is already paid.</p>
          {o.transactionId ? (
            <p className="text-sm">
              Transaction id: <span className="break-all font-mono">{o.transactionId}</span>
            </p>
          ) : null}
          <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
            Back to my orders
          </Link>
        </div>
      ) : (
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body p-4 sm:p-8">
            {intent.isError ? (
              <ErrorState title="Could not start the payment" error={intent.error} onRetry={() => void intent.refetch()} />
            ) : (
              <Suspense fallback={<Spinner label="Loading the card form…" />}>
                <CardForm intent={intent.data} amountLabel={formatPrice(amount)} onConfirmed={onConfirmed} />
              </Suspense>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
