import { Link, Navigate, useNavigate } from 'react-router';
import { BadgeCheck, CircleAlert, MapPin, Phone, Wallet } from 'lucide-react';
import { calloutClass } from '@/components/callout';
import { paths } from '@/config/paths';
import { useRoles } from '@/hooks/use-roles';
import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useStartSelling } from '../api/start-selling';

export const SELLING_STARTED = 'You can sell now. Add your first product.';

/** /dashboard/start-selling: an account that buys switches selling on, in one short step. */
export function StartSellingPage() {
  const { user } = useUser();
  const roles = useRoles();
  const navigate = useNavigate();
  const start = useStartSelling();
  // Already selling (not the moment this page switched it on): straight to their items.
  if (roles.isSeller && !start.isSuccess && !start.isPending)
    return <Navigate to={paths.dashboard.myProducts.getHref()} replace />;
  const proven = !!user?.emailVerified;

  return (
    <section aria-labelledby="start-selling-title" className="flex max-w-2xl flex-col gap-5">
      <div>
        <h1 id="start-selling-title" className="text-2xl font-bold sm:text-3xl">
          Start selling
        </h1>
        <p className="mt-1 text-base-content/80">
          Sell what you no longer use with the same account: you keep buying, and My Products, Sales and Add Products join your
          menu.
        </p>
      </div>
      <ol className="flex flex-col gap-3">
        <li className="flex items-start gap-3">
          {proven ? (
            <BadgeCheck className="mt-0.5 shrink-0 text-success" size={20} aria-hidden="true" />
          ) : (
            <CircleAlert className="mt-0.5 shrink-0 text-warning" size={20} aria-hidden="true" />
          )}
          <div>
            <p className="font-medium">A proven email address</p>
            <p className="text-sm text-base-content/70">
              {proven
                ? `Done: ${user?.email} is verified.`
                : `Open the link we mailed to ${user?.email ?? 'you'} (or press “Resend” on the banner above), then come back.`}
            </p>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <Phone className="mt-0.5 shrink-0 text-base-content/60" size={20} aria-hidden="true" />
          <div>
            <p className="font-medium">Your phone number</p>
            <p className="text-sm text-base-content/70">
              Asked with each item you list. Buyers see it only once they have paid for a booking.
            </p>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <MapPin className="mt-0.5 shrink-0 text-base-content/60" size={20} aria-hidden="true" />
          <div>
            <p className="font-medium">Where you meet</p>
            <p className="text-sm text-base-content/70">
              Each item has a location; the buyer proposes a meeting place when booking. Meet in a public place.
            </p>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <Wallet className="mt-0.5 shrink-0 text-base-content/60" size={20} aria-hidden="true" />
          <div>
            <p className="font-medium">Getting paid</p>
            <p className="text-sm text-base-content/70">
              A buyer’s card payment is held until you hand the item over and enter their code.
            </p>
          </div>
        </li>
      </ol>
      {start.isError ? (
        <p role="alert" className={calloutClass('error')}>
          {errorMessage(start.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!proven || start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: () => {
                toast.success(SELLING_STARTED);
                navigate(paths.dashboard.addProducts.getHref());
              },
            })
          }
        >
          {start.isPending ? 'Starting…' : 'Start selling'}
        </button>
        <Link to={paths.dashboard.root.getHref()} className="btn btn-ghost">
          Not now
        </Link>
      </div>
    </section>
  );
}
