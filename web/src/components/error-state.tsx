import { Link } from 'react-router';
import { TWO_FACTOR_REQUIRED } from '@shop/contract/constants';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api';
import { calloutClass } from './callout';

interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed load the person can act on: what happened and a retry button. */
export function ErrorState({ title = 'Could not load this', error, onRetry }: ErrorStateProps) {
  // REQUIRE_ADMIN_2FA: nothing to retry; the admin turns two-factor sign-in on first.
  if (isApiError(error) && error.code === TWO_FACTOR_REQUIRED) {
    return (
      <div role="alert" className={calloutClass('warning')}>
        <p className="font-semibold">Two-factor sign-in required</p>
        <p className="text-sm">{error.message}</p>
        <Link to={paths.dashboard.profile.getHref()} className="btn btn-primary btn-sm">
          Go to your profile
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className={calloutClass('error', 'sm:flex-row sm:items-center')}>
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{errorMessage(error)}</p>
      </div>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
