/**
 * The web app's pages, in one table for both sides: `path` is what the web's router matches, `getHref`
 * builds a link. The web's components link through these helpers only (web/src/config/paths.ts), and
 * the server builds every link it sends to a page through them too (mails, notifications, sitemaps,
 * redirects), so a page can move in one place. Zod-free (`@shop/contract/web-paths`), for the first screen.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The home page's search bar (the id of its element): the phone tab bar's Search scrolls to it and focuses the field. */
  search: { path: '/', hash: 'search' },
  /**
   * The public catalogue: home's 'Our Products' (the section with this id), its filters in the URL
   * (`/?category=Laptop#our-products`). No account needed, unlike /category/{category}: links that
   * docs/product.md does not prescribe (footer, breadcrumbs) send guests here.
   */
  catalogue: {
    path: '/',
    hash: 'our-products',
    getHref: ({ category }: { category?: string } = {}) =>
      `/${category ? `?${new URLSearchParams({ category })}` : ''}#our-products`,
  },
  blog: { path: '/blog', getHref: () => '/blog' },
  login: { path: '/login', getHref: () => '/login' },
  /** After a correct password, when two-factor sign-in is on: the code from the app, or a recovery code. */
  loginTwoFactor: { path: '/login/two-factor', getHref: () => '/login/two-factor' },
  signup: { path: '/signup', getHref: () => '/signup' },
  /** 'Forgot password?': asks for the address to mail a reset link to. */
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** Where the emailed reset link lands (?token=..., or ?error=INVALID_TOKEN when expired or used). */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Where the emailed verification link lands (?error=TOKEN_EXPIRED | INVALID_TOKEN when it did not work). */
  emailVerified: { path: '/email-verified', getHref: () => '/email-verified' },
  category: {
    path: '/category/:category',
    getHref: (category: string) => `/category/${encodeURIComponent(category)}`,
    /** The ad cards' 'Buy Now' link: the relative path category/{category} (docs/product.md#home-page). */
    getRelativeHref: (category: string) => `category/${encodeURIComponent(category)}`,
  },
  /** One product: public, sold ones too (docs/product.md#product-page). */
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encodeURIComponent(id)}` },
  /** A seller's public page: rating, reviews, what they sell now. */
  seller: { path: '/seller/:id', getHref: (id: string) => `/seller/${encodeURIComponent(id)}` },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    myOrders: { path: '/dashboard/myorders', getHref: () => '/dashboard/myorders' },
    myProducts: { path: '/dashboard/myproducts', getHref: () => '/dashboard/myproducts' },
    addProducts: { path: '/dashboard/addproducts', getHref: () => '/dashboard/addproducts' },
    /** Every booking of every item of the seller, by state, with what to do next (?state= keeps one). */
    sales: {
      path: '/dashboard/sales',
      getHref: (state?: string) => (state ? `/dashboard/sales?state=${encodeURIComponent(state)}` : '/dashboard/sales'),
    },
    /** The add form, filled in, for one of the seller's unsold items. */
    editProduct: {
      path: '/dashboard/editproduct/:id',
      getHref: (id: string) => `/dashboard/editproduct/${encodeURIComponent(id)}`,
    },
    /** Offers made (as a buyer) and received (as a seller): accept, counter, decline. */
    offers: {
      path: '/dashboard/offers',
      /** `received`: the tab of offers on the seller's own items. */
      getHref: (tab?: 'received') => (tab ? `/dashboard/offers?tab=${tab}` : '/dashboard/offers'),
    },
    /** The listings the signed-in person saved (the hearts). */
    saved: { path: '/dashboard/saved', getHref: () => '/dashboard/saved' },
    /** "Start selling": an account that buys switches selling on. */
    startSelling: { path: '/dashboard/start-selling', getHref: () => '/dashboard/start-selling' },
    allBuyers: { path: '/dashboard/allbuyer', getHref: () => '/dashboard/allbuyer' },
    allSellers: { path: '/dashboard/allseller', getHref: () => '/dashboard/allseller' },
    /** Conversations with buyers and sellers; on wide screens the list beside the open one. */
    messages: { path: '/dashboard/messages', getHref: () => '/dashboard/messages' },
    conversation: {
      path: '/dashboard/messages/:id',
      getHref: (id: string) => `/dashboard/messages/${encodeURIComponent(id)}`,
    },
    /** Reports of listings, users, reviews and conversations, and hand-off cases (admin). */
    moderation: { path: '/dashboard/moderation', getHref: () => '/dashboard/moderation' },
    /** The device catalogue, the stolen-device register and the flags about numbers (admin). */
    devices: { path: '/dashboard/devices', getHref: () => '/dashboard/devices' },
    /** Safe public meetup spots: list, add, edit, delete (admin). */
    meetupSpots: { path: '/dashboard/meetup-spots', getHref: () => '/dashboard/meetup-spots' },
    /** The audit log (admin). */
    audit: { path: '/dashboard/audit', getHref: () => '/dashboard/audit' },
    payment: {
      path: '/dashboard/payment/:id',
      getHref: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    /** Name, password and devices of the signed-in user, for every role (docs/product.md#profile-page). */
    profile: { path: '/dashboard/profile', getHref: () => '/dashboard/profile' },
    /** The seller's money: pending, available, paid out, earnings by week, each sale with its fee, payouts. */
    earnings: { path: '/dashboard/earnings', getHref: () => '/dashboard/earnings' },
    /** The simulated provider's onboarding form (Stripe's hosted onboarding stands in for it with Stripe). */
    payoutSetup: { path: '/dashboard/earnings/setup', getHref: () => '/dashboard/earnings/setup' },
    /** The operator's money (admin): totals, holds, transfers waiting, refunds refused, CSV. */
    finance: { path: '/dashboard/finance', getHref: () => '/dashboard/finance' },
    /** Find an order by id, buyer or seller; its history and money; refund where the rules allow (admin). */
    adminOrders: {
      path: '/dashboard/orders',
      getHref: (id?: string) => (id ? `/dashboard/orders?id=${encodeURIComponent(id)}` : '/dashboard/orders'),
    },
    /** The buyer's printable receipt of a paid order. */
    receipt: { path: '/dashboard/receipt/:id', getHref: (id: string) => `/dashboard/receipt/${encodeURIComponent(id)}` },
  },
  images: {
    fallback: '/images/fallback.svg',
  },
} as const;

/** Route-relative segment of a full path (children of a parent route are declared relative). */
export function segment(fullPath: string, parent: string): string {
  return fullPath.startsWith(`${parent}/`) ? fullPath.slice(parent.length + 1) : fullPath.replace(/^\//, '');
}
