import { Share2 } from 'lucide-react';
import { toast } from '@/lib/toast';

export const LINK_COPIED = 'Link copied. Paste it anywhere to share.';

/**
 * Shares a page through the phone's share sheet (Web Share API); where there is none (most desktop
 * browsers) the link is copied instead, with a toast saying so. Closing the share sheet is not an
 * error and copies nothing.
 */
export function ShareButton({ title, path, className = '' }: { title: string; path: string; className?: string }) {
  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    const data: ShareData = { title, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused (no user gesture, a policy): copying still works.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(LINK_COPIED);
    } catch {
      // No clipboard either (an insecure page, a refused permission): show the link to copy by hand.
      toast.info(url);
    }
  };
  return (
    <button type="button" className={`btn btn-outline btn-sm ${className}`} onClick={() => void share()}>
      <Share2 size={18} aria-hidden="true" />
      Share
    </button>
  );
}
