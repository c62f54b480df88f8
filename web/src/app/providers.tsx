import { useState, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BookingModalContext, YourBookingContext } from '@/hooks/use-booking-modal';
import { TalkContext } from '@/hooks/use-talk';
import { talkSlots } from '@/features/messages/talk-slots';
import { TrustContext } from '@/hooks/use-trust';
import { trustSlots } from '@/features/trust/trust-slots';
import { createQueryClient } from '@/lib/query-client';
import { ToasterHost } from '@/components/toaster-host';
import { ShopNameContext } from '@/hooks/use-shop-name';
import { PhoneContext } from '@/hooks/use-phone';
import { SavedProvider } from '@/hooks/use-favorites';

// The modal (and its form library and schema) loads on the first Buy now only.
const BookingModal = lazy(() => import('@/features/orders/components/booking-modal').then((m) => ({ default: m.BookingModal })));
// "Booked by you" on a product page: loads with the first product page a signed-in person opens.
const YourBooking = lazy(() => import('@/features/orders/components/your-booking').then((m) => ({ default: m.YourBooking })));

export function AppProviders({
  children,
  queryClient,
  shopName = '',
  phone = false,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The server's SHOP_NAME, as it wrote it into the page (hooks/use-shop-name.ts). */
  shopName?: string;
  /** The page was asked for by a phone (InitialPageData.phone, hooks/use-phone.ts). */
  phone?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ShopNameContext value={shopName}>
        <PhoneContext value={phone}>
          <BookingModalContext value={BookingModal}>
            <YourBookingContext value={YourBooking}>
              <TalkContext value={talkSlots}>
                <TrustContext value={trustSlots}>
                  <SavedProvider>{children}</SavedProvider>
                </TrustContext>
              </TalkContext>
            </YourBookingContext>
          </BookingModalContext>
        </PhoneContext>
      </ShopNameContext>
      <ToasterHost />
    </QueryClientProvider>
  );
}
