import { createContext, useContext, type ComponentType } from 'react';
import type { Product } from '@shop/contract';
import type { SessionUser } from '@/lib/auth-client';

/** The booking modal of a product, for the signed-in user; closed while `product` is null. */
export interface BookingModalProps {
  product: Product | null;
  user: SessionUser;
  onClose: () => void;
}

/** The booking dialog's title, its accessible name: the same while its form's code loads (use-buy-now) and once it is here. */
export const bookingTitle = (product: Pick<Product, 'name'> | null) => (product ? `Book ${product.name}` : 'Book');

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

/**
 * The signed-in buyer's booking of one product, on its page, or nothing when they have none. Drawn as
 * a section with `data-your-booking`: the page hides its buy block (Buy now, Sold…) right after it.
 */
export interface YourBookingProps {
  productId: string;
}

/**
 * "Booked by you" and what comes next (pay now, message the seller, your orders) on a product page
 * (catalog), from the buyer's orders (orders feature); the app fills it (providers.tsx). Without it
 * (tests that leave it out) pages show their buy block.
 */
export const YourBookingContext = createContext<ComponentType<YourBookingProps> | null>(null);

export function useYourBooking(): ComponentType<YourBookingProps> | null {
  return useContext(YourBookingContext);
}
