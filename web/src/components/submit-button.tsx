import type { ReactNode } from 'react';
import { useAppReady } from '@/hooks/use-app-ready';

/**
 * The submit button of a form the server may draw (log in, sign up, passwords, codes): disabled while
 * `busy`, and until the app has taken the page over. Before then a submit would be the browser's own,
 * sending what was typed to the page's address instead of to the app; with the button disabled,
 * Enter in a field sends nothing either. Meanwhile it spins and tells screen readers it is loading.
 */
export function SubmitButton({
  busy = false,
  className = 'btn btn-primary mt-3 w-full',
  children,
}: {
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ready = useAppReady();
  return (
    <button type="submit" className={className} disabled={busy || !ready}>
      {busy || !ready ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
      {ready ? null : <span className="sr-only"> (Loading…)</span>}
    </button>
  );
}
