import { Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@shop/contract';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { bookingTitle, useBookingModal } from '@/hooks/use-booking-modal';
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

  const close = () => setProduct(null);
  // The booking form's code comes with the first Buy now: until it is here (a moment, or seconds on a
  // slow phone), the dialog opens at once with its title and a spinner, so the press is answered.
  const modal =
    user && mounted ? (
      <Suspense
        fallback={
          <Modal open={!!product} onClose={close} title={bookingTitle(product)}>
            <Spinner label="Loading the booking form…" />
          </Modal>
        }
      >
        <BookingModal product={product} user={user} onClose={close} />
      </Suspense>
    ) : null;

  return { onBuy, modal };
}
