import { Suspense, useSyncExternalStore } from 'react';
import { OnMount } from '@/components/on-mount';
import { lazy } from '@/lib/lazy';
import { toasterState } from '@/lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Sonner's Toaster, mounted when the first toast is raised (lib/toast.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 4000 }} />
      {/* After the Toaster, whose own effect subscribes it to Sonner's toasts. */}
      <OnMount run={toasterState.mounted} />
    </Suspense>
  );
}
