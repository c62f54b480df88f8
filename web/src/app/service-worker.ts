import type { Workbox } from 'workbox-window';
import { toast } from '@/lib/toast';

/** What the update prompt says, and its button. */
export const UPDATE_TEXT = 'A new version of the shop is ready.';
export const UPDATE_ACTION = 'Reload';

/**
 * Registers the service worker (sw.js, built by vite-plugin-pwa) once the page has loaded, so it never
 * competes with the first screen. When a new version has installed and waits, a toast offers to
 * reload: the waiting worker takes over only then (never in the middle of a booking or a payment),
 * and the page reloads once it controls it.
 */
export async function registerServiceWorker(
  load: () => Promise<{ Workbox: typeof Workbox }> = () => import('workbox-window'),
): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator)) return null;
  const { Workbox: WorkboxClass } = await load();
  const wb = new WorkboxClass('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    toast.prompt(UPDATE_TEXT, UPDATE_ACTION, () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
  return wb;
}
