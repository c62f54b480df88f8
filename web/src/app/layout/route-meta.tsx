import { useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { applyPageMeta, pageTitle } from '@/lib/page-meta';

type Meta = { title?: string; description?: string };
const dash = paths.dashboard;

/** Each route's title and description; pages that know more (a product's name) set their own on top. */
const ROUTE_META: [pattern: string, meta: Meta | ((params: Record<string, string | undefined>) => Meta)][] = [
  [paths.home.path, { description: 'Buy and sell used laptops, phones, iPads, cameras, headphones and watches near you.' }],
  [paths.blog.path, { title: 'Blog', description: 'Questions and answers about buying and selling used tech.' }],
  [paths.login.path, { title: 'Log in' }],
  [paths.loginTwoFactor.path, { title: 'Two-factor sign-in' }],
  [paths.signup.path, { title: 'Sign up', description: 'Create an account to buy or sell used tech.' }],
  [paths.forgotPassword.path, { title: 'Forgot password' }],
  [paths.resetPassword.path, { title: 'Reset password' }],
  [paths.emailVerified.path, { title: 'Email address verified' }],
  [
    paths.category.path,
    ({ category = '' }) => ({
      title: category,
      description: `Used ${category} for sale: condition, price and seller on every listing.`,
    }),
  ],
  [paths.product.path, { title: 'Product' }],
  [paths.seller.path, { title: 'Seller', description: "A seller's rating, reviews and what they sell now." }],
  [dash.root.path, { title: 'Dashboard' }],
  [dash.myOrders.path, { title: 'My orders' }],
  [dash.myProducts.path, { title: 'My products' }],
  [dash.addProducts.path, { title: 'Add a product' }],
  [dash.editProduct.path, { title: 'Edit product' }],
  [dash.allBuyers.path, { title: 'All buyers' }],
  [dash.allSellers.path, { title: 'All sellers' }],
  [dash.messages.path, { title: 'Messages' }],
  [dash.conversation.path, { title: 'Messages' }],
  [dash.moderation.path, { title: 'Moderation' }],
  [dash.audit.path, { title: 'Audit log' }],
  [dash.payment.path, { title: 'Payment' }],
  [dash.profile.path, { title: 'Profile' }],
];

/** The title and description for an address; an unknown one is the not-found page's. */
export function routeMeta(pathname: string): Meta {
  for (const [pattern, meta] of ROUTE_META) {
    const match = matchPath(pattern, pathname);
    if (match) return typeof meta === 'function' ? meta(match.params) : meta;
  }
  return { title: 'Page not found' };
}

/** Sets each page's default title and description on navigation (a layout effect: before the page's own). */
export function RouteMeta() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const meta = routeMeta(pathname);
    applyPageMeta(pageTitle(meta.title), meta.description);
  }, [pathname]);
  return null;
}
