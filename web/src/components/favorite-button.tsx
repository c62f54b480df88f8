import { useEffect } from 'react';
import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSaved, useSetFavorite } from '@/hooks/use-favorites';
import { errorMessage } from '@/lib/api';
import type { LoginLocationState } from '@/lib/session';
import { toast } from '@/lib/toast';

/** The listing a guest pressed the heart of, saved once they are back signed in. */
const PENDING_KEY = 'shop.pendingFavorite';

function readPending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

/**
 * The heart on cards and product pages: saves the listing (its price drops and its sale are then told
 * on the bell). A guest is asked to log in first, and the listing is saved when they come back.
 * Hidden on one's own listing and for admins.
 */
export function FavoriteButton({
  productId,
  name,
  sellerId,
  className = '',
}: {
  productId: string;
  name: string;
  /** The listing's seller: no heart on one's own listing. */
  sellerId?: string;
  className?: string;
}) {
  const { user, signedIn, savedIds } = useSaved();
  const navigate = useNavigate();
  const location = useLocation();
  const set = useSetFavorite();
  const saved = savedIds.has(productId);

  // Back from the login page: the heart the guest pressed is saved now.
  useEffect(() => {
    if (!signedIn || readPending() !== productId) return;
    sessionStorage.removeItem(PENDING_KEY);
    set.mutate(
      { productId, saved: true },
      { onSuccess: () => toast.success('Saved. Find it under Saved.'), onError: (e) => toast.error(errorMessage(e)) },
    );
  }, [signedIn, productId, set]);

  if (user?.role === 'admin' || (user && user.id === sellerId)) return null;

  const onClick = () => {
    if (!user) {
      try {
        sessionStorage.setItem(PENDING_KEY, productId);
      } catch {
        // Private mode without storage: they log in and press the heart again.
      }
      const state: LoginLocationState = {
        from: { pathname: location.pathname, search: location.search, hash: location.hash },
      };
      toast.info('Log in to save items.');
      navigate(paths.login.getHref(), { state });
      return;
    }
    set.mutate({ productId, saved: !saved }, { onError: (e) => toast.error(errorMessage(e)) });
  };

  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm border-base-300 bg-base-100/90 ${className}`}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${name} from Saved` : `Save ${name}`}
      title={saved ? 'Saved' : 'Save'}
      // Not disabled while the saved list loads: every heart of a page going disabled and back
      // restyled them all twice (24 buttons, 7-11 ms each time at benchmarkIndex ~1,300). A press
      // before the list is here saves the item, which is harmless if it was saved already.
      disabled={set.isPending}
      onClick={(e) => {
        // On a card the heart sits on the link to the product: it must not follow it.
        e.preventDefault();
        e.stopPropagation();
        onClick();
      }}
    >
      <Heart aria-hidden="true" className={`size-4 ${saved ? 'fill-error text-error' : ''}`} />
    </button>
  );
}
