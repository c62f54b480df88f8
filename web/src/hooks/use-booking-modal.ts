import { createContext, useContext, type ComponentType } from 'react';
import type { Product } from '@shop/contract';
import type { SessionUser } from '@/lib/auth-client';

/** The booking modal of a product, for the signed-in user; closed while `product` is null. */
export interface BookingModalProps {
  product: Product | null;
  user: SessionUser;
  onClose: () => void;
}

/**
 * Buy now (catalog) opens the booking modal (orders) without either feature importing the other:
 * the app puts the modal here (providers.tsx), and the pages with Buy now render it.
 */
export const BookingModalContext = createContext<ComponentType<BookingModalProps> | null>(null);

export function useBookingModal(): ComponentType<BookingModalProps> {
  const BookingModal = useContext(BookingModalContext);
  if (!BookingModal) throw new Error('useBookingModal needs the BookingModalContext of AppProviders.');
  return BookingModal;
}
