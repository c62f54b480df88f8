import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazy } from '@/lib/lazy';
import { toasterState } from '@/lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Its effect runs after the Toaster's own (an earlier sibling), once Sonner listens for toasts. */
function Mounted() {
  useEffect(() => toasterState.mounted(), []);
  return null;
}

/** Sonner's Toaster, mounted when the first toast is raised (lib/toast.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 4000 }} />
      <Mounted />
    </Suspense>
  );
}
