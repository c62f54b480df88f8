import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Hourglass } from 'lucide-react';
import { MESSAGES, type Order } from '@shop/contract';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useOrder } from '../api/get-order';
import { useRecordPayment } from '../api/record-payment';
import { waitForPayment } from '../api/wait-for-payment';
import { cardForms, type ConfirmedCardPayment } from '../components/card-form';
import { calloutClass } from '@/components/callout';

/** What paying means, the same story as the product page and My Orders tell (ORDER_NEXT_STEPS). */
const HELD_UNTIL_HANDOFF =
  'Your money is held, not sent to the seller yet. When you meet, check the item, then show the seller your hand-off code from My Orders: the seller gets the money only then.';

function PaymentSuccess({ transactionId }: { transactionId: string }) {
  return (
    <div role="status" className={calloutClass('success')}>
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 size={22} aria-hidden="true" />
        {MESSAGES.paymentComplete}
      </p>
      <p>{HELD_UNTIL_HANDOFF}</p>
      <p className="text-sm">
        Your transaction id is <strong className="break-all font-mono">{transactionId}</strong>
      </p>
      <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
        Back to my orders
      </Link>
    </div>
  );
}

function BrowseLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={paths.home.getHref()} className="btn btn-primary btn-sm">
        Browse other products
      </Link>
      <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
        My orders
      </Link>
    </div>
  );
}

/** The payment went through with the provider but bought nothing (409): say so plainly, and where the money is. */
function PaymentLost({ message }: { message: string }) {
  return (
    <div role="alert" className={calloutClass('error')}>
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert size={20} aria-hidden="true" className="shrink-0" />
        This item is no longer yours to buy
      </p>
      <p>{message}</p>
      <BrowseLinks />
    </div>
  );
}

function PaymentConfirming() {
  return (
    <div role="status" className={calloutClass('info')}>
      <p className="flex items-center gap-2 font-semibold">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        Confirming your payment…
      </p>
      <p>
        Your card was accepted. We are waiting for the shop to confirm your order: please keep this page open and do not pay
        again.
      </p>
    </div>
  );
}

function PaymentUnconfirmed({ transactionId, onCheckAgain }: { transactionId: string; onCheckAgain: () => void }) {
  return (
    <div role="alert" className={calloutClass('warning')}>
      <p className="flex items-center gap-2 font-semibold">
        <Hourglass size={20} aria-hidden="true" className="shrink-0" />
        Your payment is not confirmed yet
      </p>
      <p>
        Your card was accepted, but the shop could not confirm your order yet. Please do not pay again: it usually shows as Paid
        in My Orders within a few minutes, and if the order cannot be completed your payment is refunded.
      </p>
      <p className="text-sm">
        Transaction id: <span className="break-all font-mono">{transactionId}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={onCheckAgain}>
          Check again
        </button>
        <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
          My orders
        </Link>
      </div>
    </div>
  );
}

/** Where the payment stands once the card form has done its part. */
type Outcome =
  | { kind: 'paid'; transactionId: string }
  | { kind: 'lost'; message: string }
  | { kind: 'confirming'; transactionId: string }
  | { kind: 'unconfirmed'; transactionId: string };

/** The order's money as this page needs it (My Orders shows the full payment record). */
const orderState = (o: Order) => (o.status === 'refunded' ? 'refunded' : o.paid || o.status === 'paid' ? 'paid' : 'unpaid');

/** POST /payments got no answer we can read: the money may have moved, so ask the order rather than say "failed". */
const answerLost = (error: unknown) => isApiError(error) && (error.isNetworkError || error.status >= 500);

/** /dashboard/payment/:id (buyer): 'Payment for {product}', the amount, and the provider's card form. */
export function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useUser();
  const queryClient = useQueryClient();
  const order = useOrder(id);
  const unpaid = !!order.data && orderState(order.data) === 'unpaid';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // No new intent once this page has an outcome (e.g. the order turned refunded after a 409).
  const intent = usePaymentIntent(id, unpaid && !outcome);
  const recordPayment = useRecordPayment();
  // The card form goes away when there is an outcome: move focus (and, on a phone, the view) to it.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const outcomeKind = outcome?.kind;
  useEffect(() => {
    if (outcomeKind) outcomeRef.current?.focus();
  }, [outcomeKind]);

  // POST /payments was lost: the webhook records the payment without us; watch the order for a while.
  const confirming = outcome?.kind === 'confirming' ? outcome.transactionId : null;
  useEffect(() => {
    if (!confirming) return;
    const controller = new AbortController();
    waitForPayment(id, confirming, controller.signal).then(
      (settled) => {
        if (settled.kind === 'timeout') setOutcome({ kind: 'unconfirmed', transactionId: confirming });
        else setOutcome(settled);
        if (settled.kind !== 'timeout')
          void Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.advertisements }),
          ]);
      },
      () => {},
    );
    return () => controller.abort();
  }, [confirming, id, queryClient]);

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
  const record = async (transactionId: string) => {
    try {
      await recordPayment.mutateAsync({ OrderId: o._id, transactionId, price: o.price, email: user?.email ?? o.email });
      setOutcome({ kind: 'paid', transactionId });
    } catch (error) {
      if (isApiError(error) && error.status === 409) setOutcome({ kind: 'lost', message: error.message });
      else if (answerLost(error)) setOutcome({ kind: 'confirming', transactionId });
      // Anything else (e.g. a payment the server could not verify): the message shows under the form.
      else throw error;
    }
  };
  const onConfirmed = (payment: ConfirmedCardPayment) => record(payment.id);
  const checkAgain = (transactionId: string) => {
    setOutcome({ kind: 'confirming', transactionId });
    // Recording is idempotent per transaction: ask once more, then watch the order again if need be.
    void record(transactionId).catch(() => setOutcome({ kind: 'unconfirmed', transactionId }));
  };

  const CardForm = cardForms[intent.data?.provider ?? 'simulated'];
  const amount = intent.data?.amount ?? o.price;
  const state = orderState(o);

  let content: ReactNode;
  if (outcome?.kind === 'paid') content = <PaymentSuccess transactionId={outcome.transactionId} />;
  else if (outcome?.kind === 'lost') content = <PaymentLost message={outcome.message} />;
  else if (outcome?.kind === 'confirming') content = <PaymentConfirming />;
  else if (outcome?.kind === 'unconfirmed')
    content = <PaymentUnconfirmed transactionId={outcome.transactionId} onCheckAgain={() => checkAgain(outcome.transactionId)} />;
  else if (state === 'paid')
    content = (
      <div role="status" className={calloutClass('success')}>
        <p className="font-semibold">This order is already paid.</p>
        {o.status === 'paid' ? <p>{HELD_UNTIL_HANDOFF}</p> : null}
        {o.transactionId ? (
          <p className="text-sm">
            Transaction id: <span className="break-all font-mono">{o.transactionId}</span>
          </p>
        ) : null}
        <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
          Back to my orders
        </Link>
      </div>
    );
  else if (state === 'refunded')
    content = (
      <div role="status" className={calloutClass('warning')}>
        <p className="font-semibold">This order cannot be paid any more.</p>
        <p>
          {o.payment?.status === 'refund_pending'
            ? 'The item sold to someone else, so your payment is being refunded in full: the refund is on its way and needs nothing from you.'
            : 'The item sold to someone else, so your payment was refunded in full.'}
        </p>
        <BrowseLinks />
      </div>
    );
  else
    content = (
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body p-4 sm:p-8">
          {intent.isError ? (
            <IntentError error={intent.error} onRetry={() => void intent.refetch()} />
          ) : (
            <Suspense fallback={<Spinner label="Loading the card form…" />}>
              <CardForm intent={intent.data} amountLabel={formatMoney(amount)} onConfirmed={onConfirmed} />
            </Suspense>
          )}
        </div>
      </div>
    );

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
          <p className="text-sm text-base-content/70">{state === 'unpaid' && !outcome ? 'Please pay' : 'Amount'}</p>
          <p className="text-3xl font-bold">{formatMoney(amount)}</p>
          <p className="text-sm text-base-content/80">
            Meet {o.seller} at {o.meettingLocation}
          </p>
          {state === 'unpaid' && !outcome ? (
            <p className="text-sm text-base-content/80">
              Paying now holds the money: {o.seller} gets it only when you hand over your code at the meeting.
            </p>
          ) : null}
        </div>
      </div>
      <div ref={outcomeRef} tabIndex={-1} className="scroll-mt-24 outline-none">
        {content}
      </div>
    </section>
  );
}

/** Starting the payment failed: the item is gone (409), the provider is down (502), or anything else. */
function IntentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 409) {
    return (
      <div role="alert" className={calloutClass('error')}>
        <p className="font-semibold">This order cannot be paid</p>
        <p>{error.message}</p>
        <BrowseLinks />
      </div>
    );
  }
  if (isApiError(error) && error.status === 502) {
    return <ErrorState title="The payment provider is not available right now" error={error} onRetry={onRetry} />;
  }
  return <ErrorState title="Could not start the payment" error={error} onRetry={onRetry} />;
}
