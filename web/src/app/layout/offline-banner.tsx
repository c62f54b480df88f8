import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Says so when the phone (or computer) is offline: the app shell and what was already loaded keep
 * working (the service worker serves the shell), the rest waits. Queries retry by themselves when
 * the connection returns; Try again asks at once.
 */
export function OfflineBanner() {
  // The browser's own flag, not the query client's: that one starts as online even when the page
  // opened offline (it only follows the online/offline events).
  const online = useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
    () => true,
  );
  const queryClient = useQueryClient();
  if (online) return null;
  return (
    <div role="status" className="border-b border-warning/60 bg-warning/20">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex-1">
          <span className="font-semibold">You are offline.</span> What you already opened is still here; the rest loads when you
          are back online.
        </p>
        <button type="button" className="btn btn-sm" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
          Try again
        </button>
      </div>
    </div>
  );
}
