import { useEffect } from 'react';

/**
 * Calls `run` once it has been committed: after the effects of the siblings before it, so it can
 * say that they are in place (the app's first commit; Sonner's Toaster listening).
 */
export function OnMount({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}
