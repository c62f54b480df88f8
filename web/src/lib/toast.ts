/**
 * Toasts, with the toast library loaded after the first screen (it is not needed to paint it).
 * Sonner replays toasts raised before its Toaster mounts, so nothing is lost while it loads.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

export const toast = {
  success(message: string) {
    void loadSonner().then((s) => s.toast.success(message));
  },
  error(message: string) {
    void loadSonner().then((s) => s.toast.error(message));
  },
  info(message: string) {
    void loadSonner().then((s) => s.toast.info(message));
  },
  /** A message that stays until its one action (or the close button) is pressed. */
  prompt(message: string, actionLabel: string, onAction: () => void) {
    void loadSonner().then((s) =>
      s.toast(message, { duration: Number.POSITIVE_INFINITY, action: { label: actionLabel, onClick: onAction } }),
    );
  },
};
