import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { paths, segment } from '@/config/paths';
import { sessionQueryOptions } from '@/lib/session';
import { advertisementsQueryOptions } from '@/features/catalog/api/get-advertisements';
import { categoriesQueryOptions } from '@/features/catalog/api/get-categories';
import { productQueryOptions } from '@/features/catalog/api/get-product';
import { ErrorPage } from './error-page';
import type { RoleName } from '@/hooks/use-roles';
import { RootLayout } from './layout/root-layout';

const dash = paths.dashboard;
const child = (p: string) => segment(p, dash.root.path);

/**
 * The guards load with the pages they guard (the router loads every matched route's chunk at
 * once), not with the first screen: the public pages never need them.
 */
const guard = (role?: RoleName) => async () => {
  const { RequireAuth, RequireRole } = await import('./guards');
  return { Component: role ? () => <RequireRole roleName={role} /> : RequireAuth };
};

/**
 * A loader that only starts requests into the query cache and returns at once: the calls a page
 * needs first go out while its chunk downloads, instead of after it has rendered. Nothing waits
 * for them and a failure is the page's to show (the home page's lists stay empty: docs/product.md#home-page).
 */
const warm = (
  queryClient: QueryClient | undefined,
  start: (client: QueryClient, params: Record<string, string | undefined>) => void,
) =>
  queryClient
    ? {
        loader: ({ params }: { params: Record<string, string | undefined> }) => {
          start(queryClient, params);
          return null;
        },
        // Again only for another item (its params), never for a search or a form on the same page.
        shouldRevalidate: ({ currentParams, nextParams }: { currentParams: object; nextParams: object }) =>
          JSON.stringify(currentParams) !== JSON.stringify(nextParams),
      }
    : {};

/** Every page is its own chunk, loaded when its route is first visited. */
export function appRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    {
      // Routes with loaders have ids, for the hydration data of a page the server rendered (./hydrate.ts).
      id: 'root',
      path: paths.home.path,
      Component: RootLayout,
      errorElement: <ErrorPage />,
      HydrateFallback: PageSpinner,
      // Every page asks who is signed in (navbar, guards).
      ...warm(queryClient, (client) => void client.prefetchQuery(sessionQueryOptions())),
      children: [
        {
          // Errors inside a page keep the navbar and footer around them.
          errorElement: <ErrorPage />,
          children: [
            {
              id: 'home',
              index: true,
              // The categories and ads are on the home page's first screen.
              ...warm(queryClient, (client) => {
                void client.prefetchQuery(categoriesQueryOptions());
                void client.prefetchQuery(advertisementsQueryOptions());
              }),
              lazy: async () => ({ Component: (await import('@/features/catalog/pages/home-page')).HomePage }),
            },
            {
              path: segment(paths.blog.path, ''),
              lazy: async () => ({ Component: (await import('@/features/blog/pages/blog-page')).BlogPage }),
            },
            {
              path: segment(paths.login.path, ''),
              lazy: async () => ({ Component: (await import('@/features/auth/pages/login-page')).LoginPage }),
            },
            {
              path: segment(paths.loginTwoFactor.path, ''),
              lazy: async () => ({ Component: (await import('@/features/auth/pages/two-factor-page')).TwoFactorPage }),
            },
            {
              path: segment(paths.signup.path, ''),
              lazy: async () => ({ Component: (await import('@/features/auth/pages/signup-page')).SignupPage }),
            },
            {
              path: segment(paths.forgotPassword.path, ''),
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage,
              }),
            },
            {
              path: segment(paths.resetPassword.path, ''),
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/reset-password-page')).ResetPasswordPage,
              }),
            },
            {
              path: segment(paths.emailVerified.path, ''),
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/email-verified-page')).EmailVerifiedPage,
              }),
            },
            {
              id: 'product',
              path: segment(paths.product.path, ''),
              // The product itself (unless the server put it into the page) while the page's code loads.
              ...warm(queryClient, (client, { id = '' }) => void client.prefetchQuery(productQueryOptions(id))),
              lazy: async () => ({ Component: (await import('@/features/catalog/pages/product-page')).ProductPage }),
            },
            {
              path: segment(paths.seller.path, ''),
              lazy: async () => ({ Component: (await import('@/features/trust/pages/seller-page')).SellerPage }),
            },
            {
              lazy: guard(),
              children: [
                {
                  path: segment(paths.category.path, ''),
                  lazy: async () => ({ Component: (await import('@/features/catalog/pages/category-page')).CategoryPage }),
                },
                {
                  path: segment(dash.root.path, ''),
                  lazy: async () => ({
                    Component: (await import('@/features/dashboard/pages/dashboard-layout')).DashboardLayout,
                  }),
                  children: [
                    {
                      index: true,
                      lazy: async () => ({ Component: (await import('@/features/dashboard/pages/welcome-page')).WelcomePage }),
                    },
                    {
                      path: child(dash.messages.path),
                      lazy: async () => ({ Component: (await import('@/features/messages/pages/messages-page')).MessagesPage }),
                    },
                    {
                      path: child(dash.conversation.path),
                      lazy: async () => ({ Component: (await import('@/features/messages/pages/messages-page')).MessagesPage }),
                    },
                    {
                      path: child(dash.profile.path),
                      lazy: async () => ({ Component: (await import('@/features/auth/pages/profile-page')).ProfilePage }),
                    },
                    {
                      lazy: guard('buyer'),
                      children: [
                        {
                          path: child(dash.myOrders.path),
                          lazy: async () => ({
                            Component: (await import('@/features/orders/pages/my-orders-page')).MyOrdersPage,
                          }),
                        },
                        {
                          path: child(dash.payment.path),
                          lazy: async () => ({ Component: (await import('@/features/payment/pages/payment-page')).PaymentPage }),
                        },
                        {
                          path: child(dash.receipt.path),
                          lazy: async () => ({ Component: (await import('@/features/payouts/pages/receipt-page')).ReceiptPage }),
                        },
                        {
                          path: child(dash.offers.path),
                          lazy: async () => ({ Component: (await import('@/features/offers/pages/offers-page')).OffersPage }),
                        },
                        {
                          path: child(dash.saved.path),
                          lazy: async () => ({ Component: (await import('@/features/catalog/pages/saved-page')).SavedPage }),
                        },
                        {
                          path: child(dash.startSelling.path),
                          lazy: async () => ({
                            Component: (await import('@/features/seller/pages/start-selling-page')).StartSellingPage,
                          }),
                        },
                      ],
                    },
                    {
                      lazy: guard('seller'),
                      children: [
                        {
                          path: child(dash.myProducts.path),
                          lazy: async () => ({ Component: (await import('./pages/my-products-page')).MyProductsPage }),
                        },
                        {
                          path: child(dash.addProducts.path),
                          lazy: async () => ({
                            Component: (await import('@/features/seller/pages/add-product-page')).AddProductPage,
                          }),
                        },
                        {
                          path: child(dash.earnings.path),
                          lazy: async () => ({
                            Component: (await import('@/features/payouts/pages/earnings-page')).EarningsPage,
                          }),
                        },
                        {
                          path: child(dash.payoutSetup.path),
                          lazy: async () => ({
                            Component: (await import('@/features/payouts/pages/payout-setup-page')).PayoutSetupPage,
                          }),
                        },
                        {
                          path: child(dash.sales.path),
                          lazy: async () => ({ Component: (await import('@/features/seller/pages/sales-page')).SalesPage }),
                        },
                        {
                          path: child(dash.editProduct.path),
                          lazy: async () => ({
                            Component: (await import('@/features/seller/pages/edit-product-page')).EditProductPage,
                          }),
                        },
                      ],
                    },
                    {
                      lazy: guard('admin'),
                      children: [
                        {
                          path: child(dash.allBuyers.path),
                          lazy: async () => ({
                            Component: (await import('@/features/admin/pages/all-buyers-page')).AllBuyersPage,
                          }),
                        },
                        {
                          path: child(dash.allSellers.path),
                          lazy: async () => ({
                            Component: (await import('@/features/admin/pages/all-sellers-page')).AllSellersPage,
                          }),
                        },
                        {
                          path: child(dash.moderation.path),
                          lazy: async () => ({
                            Component: (await import('@/features/trust/pages/moderation-page')).ModerationPage,
                          }),
                        },
                        {
                          path: child(dash.devices.path),
                          lazy: async () => ({
                            Component: (await import('@/features/admin/pages/devices-page')).DevicesPage,
                          }),
                        },
                        {
                          path: child(dash.meetupSpots.path),
                          lazy: async () => ({
                            Component: (await import('@/features/admin/pages/meetup-spots-page')).MeetupSpotsPage,
                          }),
                        },
                        {
                          path: child(dash.finance.path),
                          lazy: async () => ({ Component: (await import('@/features/payouts/pages/finance-page')).FinancePage }),
                        },
                        {
                          path: child(dash.adminOrders.path),
                          lazy: async () => ({
                            Component: (await import('@/features/payouts/pages/admin-orders-page')).AdminOrdersPage,
                          }),
                        },
                        {
                          path: child(dash.audit.path),
                          lazy: async () => ({ Component: (await import('@/features/audit/pages/audit-page')).AuditPage }),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
          ],
        },
      ],
    },
  ];
}
