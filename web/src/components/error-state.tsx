import { errorMessage } from '@/lib/api';
import { calloutClass } from './callout';

interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed load the person can act on: what happened and a retry button. */
export function ErrorState({ title = 'Could not load this', error, onRetry }: ErrorStateProps) {
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
