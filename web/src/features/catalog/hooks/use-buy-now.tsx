import { Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@shop/contract';
import { paths } from '@/config/paths';
import { useBookingModal } from '@/hooks/use-booking-modal';
import { useUser } from '@/hooks/use-user';
import type { LoginLocationState } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * Buy now: opens the booking modal, or sends a logged-out visitor to /login and back here.
 * Returns the click handler and the modal element to render once on the page.
 */
export function useBuyNow() {
  const BookingModal = useBookingModal();
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [product, setProduct] = useState<Product | null>(null);
  const [mounted, setMounted] = useState(false);

  const onBuy = useCallback(
    (next: Product) => {
      if (!user) {
        const state: LoginLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
        navigate(paths.login.getHref(), { state });
        return;
      }
      // One's own listing is not booked (the shop refuses it too): say so instead of opening the form.
      if (user.id === next.sellerId) {
        toast.info('This is your own listing: buyers book it here.');
        return;
      }
      setMounted(true);
      setProduct(next);
    },
    [user, navigate, location.pathname, location.search, location.hash],
  );

  const modal =
    user && mounted ? (
      <Suspense fallback={null}>
        <BookingModal product={product} user={user} onClose={() => setProduct(null)} />
      </Suspense>
    ) : null;

  return { onBuy, modal };
}
