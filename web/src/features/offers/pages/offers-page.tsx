import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HandCoins } from 'lucide-react';
import type { Offer } from '@shop/contract';
import { parseMoney } from '@shop/contract';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { paths } from '@/config/paths';
import { useRoles } from '@/hooks/use-roles';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAnswerOffer, useOffers } from '../api/offers';

const STATUS: Record<Offer['status'], { label: string; tone: string }> = {
  open: { label: 'Waiting for the seller', tone: 'badge-info' },
  countered: { label: 'Countered', tone: 'badge-warning' },
  accepted: { label: 'Accepted', tone: 'badge-success' },
  declined: { label: 'Declined', tone: 'badge-ghost' },
  withdrawn: { label: 'Withdrawn', tone: 'badge-ghost' },
  expired: { label: 'Expired', tone: 'badge-ghost' },
  closed: { label: 'Closed', tone: 'badge-ghost' },
};

/** "in 47 hours", "in 20 minutes": how long an offer still waits for an answer. */
function timeLeft(iso: string): string {
  const ms = new Date(iso).getTime() - Date.now();
  if (ms <= 0) return 'now';
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 1 ? `in ${hours} hour${hours === 1 ? '' : 's'}` : `in ${Math.max(1, Math.round(ms / 60_000))} minutes`;
}

/** /dashboard/offers: offers made (as a buyer) and received (as a seller), each with what can be done next. */
export function OffersPage() {
  const roles = useRoles();
  // ?tab=received (the bell's link for a seller) opens the offers on their own items.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<'buyer' | 'seller'>(params.get('tab') === 'received' ? 'seller' : 'buyer');
  const role = roles.isSeller ? tab : 'buyer';
  const offers = useOffers(role);
  return (
    <section aria-labelledby="offers-title" className="flex flex-col gap-4">
      <h1 id="offers-title" className="text-2xl font-bold">
        Offers
      </h1>
      {roles.isSeller ? (
        <div role="tablist" aria-label="Offers" className="tabs tabs-box w-fit">
          {(['buyer', 'seller'] as const).map((r) => (
            <button
              key={r}
              type="button"
              role="tab"
              aria-selected={role === r}
              className={`tab ${role === r ? 'tab-active' : ''}`}
              onClick={() => setTab(r)}
            >
              {r === 'buyer' ? 'Made' : 'Received'}
            </button>
          ))}
        </div>
      ) : null}
      {offers.isPending ? (
        <p role="status" className="text-base-content/70">
          Loading your offers…
        </p>
      ) : offers.isError ? (
        <ErrorState title="Could not load your offers" error={offers.error} onRetry={() => void offers.refetch()} />
      ) : offers.data.length === 0 ? (
        <EmptyState title={role === 'buyer' ? 'No offers made yet' : 'No offers received yet'} icon={<HandCoins size={32} />}>
          {role === 'buyer'
            ? 'On an item’s page, press “Make an offer” to offer less than the price.'
            : 'Buyers’ offers on your items show here: accept, counter or decline them within 48 hours.'}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={role === 'buyer' ? 'Offers made' : 'Offers received'}>
          {offers.data.map((o) => (
            <li key={o._id}>
              <OfferRow offer={o} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferRow({ offer: o }: { offer: Offer }) {
  const answer = useAnswerOffer();
  const [countering, setCountering] = useState(false);
  const live = o.status === 'open' || o.status === 'countered';
  const status = STATUS[o.status];
  const act = (a: Parameters<typeof answer.mutate>[0], done: string) =>
    answer.mutate(a, { onSuccess: () => toast.success(done), onError: (e) => toast.error(errorMessage(e)) });

  return (
    <article
      aria-labelledby={`offer-${o._id}`}
      className="card card-side flex-col border border-base-300 bg-base-100 p-3 shadow-sm sm:flex-row sm:gap-4"
    >
      <Img src={o.img} alt="" width={120} height={90} className="hidden w-28 shrink-0 rounded-box object-cover sm:block" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={`offer-${o._id}`} className="font-semibold">
          <Link to={paths.product.getHref(o.productId)} className="link link-hover">
            {o.productName}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className={`badge badge-sm ${status.tone}`}>{status.label}</span>
          <span>
            {o.role === 'buyer' ? 'You offered' : `${o.otherName || 'A buyer'} offered`} <strong>{formatMoney(o.amount)}</strong>
          </span>
          {o.counter !== null ? (
            <span>
              · {o.role === 'seller' ? 'you countered' : `${o.otherName || 'the seller'} countered`}{' '}
              <strong>{formatMoney(o.counter)}</strong>
            </span>
          ) : null}
          <span className="text-base-content/70">· asking {formatMoney(o.listPrice)}</span>
        </p>
        {live ? <p className="text-xs text-base-content/70">Answer needed {timeLeft(o.expiresAt)}.</p> : null}
        <div className="mt-1 flex flex-wrap gap-2">
          {o.role === 'seller' && o.status === 'open' ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={answer.isPending}
                onClick={() => act({ id: o._id, action: 'accept' }, 'Offer accepted: the item is booked for the buyer.')}
              >
                Accept {formatMoney(o.amount)}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => setCountering((c) => !c)}
                aria-expanded={countering}
              >
                Counter
              </button>
            </>
          ) : null}
          {o.role === 'buyer' && o.status === 'countered' && o.counter !== null ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={answer.isPending}
              onClick={() => act({ id: o._id, action: 'accept' }, 'Counter-offer accepted: pay to hold the item.')}
            >
              Accept {formatMoney(o.counter)}
            </button>
          ) : null}
          {live ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={answer.isPending}
              onClick={() =>
                act(
                  { id: o._id, action: 'decline' },
                  o.role === 'buyer' && o.status === 'open' ? 'Offer withdrawn.' : 'Offer declined.',
                )
              }
            >
              {o.role === 'buyer' && o.status === 'open' ? 'Withdraw' : 'Decline'}
            </button>
          ) : null}
          {o.status === 'accepted' && o.orderId && o.role === 'buyer' ? (
            <Link to={paths.dashboard.payment.getHref(o.orderId)} className="btn btn-primary btn-sm">
              Pay {formatMoney(o.counter ?? o.amount)}
            </Link>
          ) : null}
          {o.status === 'accepted' && o.role === 'seller' ? (
            <Link to={paths.dashboard.sales.getHref()} className="btn btn-ghost btn-sm">
              See the booking in Sales
            </Link>
          ) : null}
        </div>
        {countering && o.status === 'open' ? (
          <CounterForm
            offer={o}
            pending={answer.isPending}
            onCounter={(amount) =>
              answer.mutate(
                { id: o._id, action: 'counter', amount },
                {
                  onSuccess: () => {
                    setCountering(false);
                    toast.success('Counter-offer sent. The buyer has 48 hours to answer.');
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                },
              )
            }
          />
        ) : null}
      </div>
    </article>
  );
}

function CounterForm({ offer, pending, onCounter }: { offer: Offer; pending: boolean; onCounter: (amount: number) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = parseMoney(value);
    if (!read.ok) return setError(read.message);
    if (read.value <= offer.amount) return setError(`Counter with more than the offer (${formatMoney(offer.amount)}).`);
    if (read.value >= offer.listPrice) return setError(`Counter with less than your price (${formatMoney(offer.listPrice)}).`);
    setError(undefined);
    onCounter(read.value);
  };
  const id = `counter-${offer._id}`;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 flex flex-wrap items-start gap-2" aria-label="Counter-offer">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm">
          Your price ($)
        </label>
        <input
          id={id}
          className="input input-sm w-36"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary btn-sm mt-6" disabled={pending}>
        Send counter
      </button>
    </form>
  );
}
