/**
 * Toasts, with the toast library loaded and its Toaster mounted at the first toast: most visits
 * raise none, and Sonner's code and the styles it adds to the page (a restyle of the whole
 * document) would otherwise cost a phone a long task on every page load. Sonner only shows toasts
 * raised after its Toaster has subscribed, so a toast waits until ToasterHost says it is there.
 */
type Sonner = typeof import('sonner');

const listeners = new Set<() => void>();
let mounted: () => void = () => {};
/** Sonner once its Toaster listens; null until the first toast asks for it. */
let ready: Promise<Sonner> | null = null;

function toaster(): Promise<Sonner> {
  if (!ready) {
    ready = new Promise<void>((resolve) => {
      mounted = resolve;
    }).then(() => import('sonner'));
    for (const listener of listeners) listener();
  }
  return ready;
}

/** For ToasterHost: whether a toast has been raised, and a way to hear when one first is. */
export const toasterState = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  wanted: () => ready !== null,
  /** The Toaster is on screen and listening: the waiting toasts go out. */
  mounted: () => mounted(),
};

export const toast = {
  success(message: string) {
    void toaster().then((s) => s.toast.success(message));
  },
  error(message: string) {
    void toaster().then((s) => s.toast.error(message));
  },
  info(message: string) {
    void toaster().then((s) => s.toast.info(message));
  },
  /** A message that stays until its one action (or the close button) is pressed. */
  prompt(message: string, actionLabel: string, onAction: () => void) {
    void toaster().then((s) =>
      s.toast(message, { duration: Number.POSITIVE_INFINITY, action: { label: actionLabel, onClick: onAction } }),
    );
  },
};
