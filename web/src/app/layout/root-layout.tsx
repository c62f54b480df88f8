import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { OfflineBanner } from './offline-banner';
import { RouteMeta } from './route-meta';
import { TabBar } from './tab-bar';

/**
 * Shared layout of every page: navbar, the page, footer (docs/product.md#layout-and-navbar); on phones
 * the tab bar at the bottom of the screen, with room kept for it under the footer.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 pb-[calc(3.5rem+env(safe-area-inset-bottom))] text-base-content md:pb-0">
      <a href="#main" className="btn btn-primary btn-sm absolute left-2 top-2 z-50 -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden" role="progressbar" aria-label="Loading page">
          <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-primary" />
        </div>
      ) : null}
      <RouteMeta />
      <Navbar />
      <OfflineBanner />
      <VerifyEmailBanner />
      {/* At least a screen tall: while a page loads (spinner, skeletons) the footer stays below the
          fold instead of showing and then being pushed down when the content arrives (layout shift). */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
      <Footer />
      <TabBar />
      <ScrollRestoration />
    </div>
  );
}
