import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { parseMoney } from '@shop/contract';
import { Modal } from '@/components/modal';
import { FormField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { api, errorMessage, isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import type { LoginLocationState } from '@/lib/session';
import { toast } from '@/lib/toast';

export const OFFER_SENT = 'Offer sent. The seller has 48 hours to answer.';

/** The least offer the shop takes, as a share of the price (the server's OFFER_MIN_PERCENT default; it says so when it differs). */
const MIN_SHARE = 0.5;

function useMakeOffer(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; meettingLocation?: string }) =>
      api<{ insertedId: string }>(`/products/${encodeURIComponent(productId)}/offers`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}

/**
 * "Make an offer" on a product page: an amount below the price, answered by the seller within 48 hours
 * (accepted, countered or declined; see Offers in the dashboard). A guest logs in first.
 */
export function MakeOffer({
  productId,
  name,
  price,
  location,
}: {
  productId: string;
  name: string;
  price: number;
  location: string;
}) {
  const { user } = useUser();
  const navigate = useNavigate();
  const here = useLocation();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [place, setPlace] = useState(location);
  const [error, setError] = useState<string | undefined>();
  const make = useMakeOffer(productId);
  const least = Math.ceil(price * MIN_SHARE * 100) / 100;

  const onOpen = () => {
    if (!user) {
      const state: LoginLocationState = { from: { pathname: here.pathname, search: here.search, hash: here.hash } };
      navigate(paths.login.getHref(), { state });
      return;
    }
    setError(undefined);
    setOpen(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = parseMoney(amount);
    if (!read.ok) return setError(read.message);
    if (read.value >= price) return setError(`Offer less than the price (${formatMoney(price)}), or book it with Buy now.`);
    if (read.value < least) return setError(`The least offer is ${formatMoney(least)}.`);
    setError(undefined);
    make.mutate(
      { amount: read.value, meettingLocation: place.trim() || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(OFFER_SENT);
        },
        onError: (e) => {
          if (isApiError(e) && e.field === 'amount') setError(e.message.replace(/^amount /, 'The offer '));
          else setError(errorMessage(e));
        },
      },
    );
  };

  if (user?.role === 'admin') return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-lg w-full sm:w-auto sm:self-start" onClick={onOpen}>
        Make an offer
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Make an offer">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label={`Offer for ${name}`}>
          <p className="text-sm text-base-content/80">
            {name} is {formatMoney(price)}. Offer at least {formatMoney(least)}; the seller accepts, counters or declines within
            48 hours. An accepted offer books the item for you at that price.
          </p>
          <FormField label="Your offer ($)" error={error}>
            <input
              className="input w-full"
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </FormField>
          <FormField label="Where you would meet" hint="Goes into the booking if the seller accepts.">
            <input className="input w-full" value={place} maxLength={200} onChange={(e) => setPlace(e.target.value)} />
          </FormField>
          <div className="modal-action mt-2">
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={make.isPending}>
              {make.isPending ? 'Sending…' : 'Send offer'}
            </button>
          </div>
          <p className="text-xs text-base-content/70">
            Your offers and their answers are under{' '}
            <Link to={paths.dashboard.offers.getHref()} className="link">
              Offers
            </Link>
            .
          </p>
        </form>
      </Modal>
    </>
  );
}
