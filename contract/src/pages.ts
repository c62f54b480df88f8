/**
 * The web app's page paths (React Router patterns, web/src/config/paths.ts): the server answers
 * 200 with the app for these and 404 (still with the app, which shows its own page) for any other
 * address. A web test keeps the two lists the same.
 */
export const PAGE_PATTERNS = [
  '/',
  '/blog',
  '/login',
  '/login/two-factor',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/email-verified',
  '/category/:category',
  '/product/:id',
  '/seller/:id',
  '/dashboard',
  '/dashboard/myorders',
  '/dashboard/myproducts',
  '/dashboard/addproducts',
  '/dashboard/editproduct/:id',
  '/dashboard/allbuyer',
  '/dashboard/allseller',
  '/dashboard/messages',
  '/dashboard/messages/:id',
  '/dashboard/moderation',
  '/dashboard/audit',
  '/dashboard/payment/:id',
  '/dashboard/profile',
] as const;
