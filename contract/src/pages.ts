import type { Advertisement, Category, Product, ProductDetail } from './catalog';
import type { Favorite } from './offers';
import type { ConversationSummary, UnreadCount } from './talk';
import type { SellerProfile } from './trust';

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
  '/dashboard/sales',
  '/dashboard/offers',
  '/dashboard/saved',
  '/dashboard/start-selling',
  '/dashboard/editproduct/:id',
  '/dashboard/allbuyer',
  '/dashboard/allseller',
  '/dashboard/messages',
  '/dashboard/messages/:id',
  '/dashboard/moderation',
  '/dashboard/audit',
  '/dashboard/payment/:id',
  '/dashboard/profile',
  '/dashboard/earnings',
  '/dashboard/earnings/setup',
  '/dashboard/finance',
  '/dashboard/orders',
  '/dashboard/receipt/:id',
  '/dashboard/devices',
  '/dashboard/meetup-spots',
] as const;

/** The description of a page that has none of its own. */
export const DEFAULT_DESCRIPTION = 'Buy and sell used laptops, phones, iPads, cameras, headphones and watches.';

export type PageMeta = { title?: string; description?: string };
type PagePattern = (typeof PAGE_PATTERNS)[number];

/**
 * Each page's title and description, as the server writes them into the HTML and the app sets them
 * on navigation; pages that know more (a product's name) set their own on top.
 */
export const PAGE_META: Record<PagePattern, PageMeta | ((params: Record<string, string | undefined>) => PageMeta)> = {
  '/': { description: 'Buy and sell used laptops, phones, iPads, cameras, headphones and watches near you.' },
  '/blog': { title: 'Blog', description: 'Questions and answers about buying and selling used tech.' },
  '/login': { title: 'Log in' },
  '/login/two-factor': { title: 'Two-factor sign-in' },
  '/signup': { title: 'Sign up', description: 'Create an account to buy or sell used tech.' },
  '/forgot-password': { title: 'Forgot password' },
  '/reset-password': { title: 'Reset password' },
  '/email-verified': { title: 'Email address verified' },
  '/category/:category': ({ category = '' }) => ({
    title: category,
    description: `Used ${category} for sale: condition, price and seller on every listing.`,
  }),
  '/product/:id': { title: 'Product' },
  '/seller/:id': { title: 'Seller', description: "A seller's rating, reviews and what they sell now." },
  '/dashboard': { title: 'Dashboard' },
  '/dashboard/myorders': { title: 'My orders' },
  '/dashboard/myproducts': { title: 'My products' },
  '/dashboard/addproducts': { title: 'Add a product' },
  '/dashboard/sales': { title: 'Sales' },
  '/dashboard/offers': { title: 'Offers' },
  '/dashboard/saved': { title: 'Saved' },
  '/dashboard/start-selling': { title: 'Start selling' },
  '/dashboard/editproduct/:id': { title: 'Edit product' },
  '/dashboard/allbuyer': { title: 'All buyers' },
  '/dashboard/allseller': { title: 'All sellers' },
  '/dashboard/messages': { title: 'Messages' },
  '/dashboard/messages/:id': { title: 'Messages' },
  '/dashboard/moderation': { title: 'Moderation' },
  '/dashboard/audit': { title: 'Audit log' },
  '/dashboard/payment/:id': { title: 'Payment' },
  '/dashboard/profile': { title: 'Profile' },
  '/dashboard/earnings': { title: 'Earnings' },
  '/dashboard/earnings/setup': { title: 'Set up payouts' },
  '/dashboard/finance': { title: 'Finance' },
  '/dashboard/orders': { title: 'Orders' },
  '/dashboard/receipt/:id': { title: 'Receipt' },
  '/dashboard/devices': { title: 'Devices' },
  '/dashboard/meetup-spots': { title: 'Meetup spots' },
};

/** The not-found page's title. */
export const NOT_FOUND_META: PageMeta = { title: 'Page not found' };
/** A product or seller page whose product or seller is not there (404, or 410 for a removed listing). */
export const PRODUCT_NOT_FOUND_META = { title: 'Product not found' } as const satisfies PageMeta;
export const SELLER_NOT_FOUND_META = { title: 'Seller not found' } as const satisfies PageMeta;

/** "Title | <shop name>", or "<shop name>: second-hand tech" for the home page. */
export function pageTitle(title: string | undefined, shopName: string): string {
  return title ? `${title} | ${shopName}` : `${shopName}: second-hand tech`;
}

/** A product page's own title and description, once the product is known. */
export function productMeta(p: { name: string; condition: string; location: string }): Required<PageMeta> {
  return { title: p.name, description: `Used ${p.name} in ${p.condition} condition, ${p.location}.` };
}

/** A seller page's own title and description, once the seller is known. */
export function sellerMeta(
  s: { name: string; verified: boolean; rating: number | null; reviews: number },
  shopName: string,
): Required<PageMeta> {
  const rating =
    s.rating === null ? 'no reviews yet' : `rated ${s.rating} of 5 from ${s.reviews} ${s.reviews === 1 ? 'review' : 'reviews'}`;
  return {
    title: s.name,
    description: `${s.name}${s.verified ? ', a verified seller' : ''} on ${shopName}: ${rating}, and what they sell now.`,
  };
}

/**
 * One page of a product list as the app keeps it: the items, the next page's path (the Link
 * header's rel="next"), the total (X-Total-Count) and whether it is exact (X-Total-Count-Exact).
 */
export type ProductListPage = { items: Product[]; next: string | null; total: number | null; totalExact: boolean };

/** The data the server puts into a page's HTML, so the app shows it without asking again. */
export type InitialPageData = {
  /**
   * The session as GET /api/auth/get-session answers it (without its bearer token), or null when
   * nobody is signed in; absent when the server did not look.
   */
  session?: { user: { id: string } & Record<string, unknown>; session: Record<string, unknown> } | null;
  /** The product of a product page, as GET /api/product/{id} answers. */
  product?: ProductDetail;
  /** The seller of a seller page, as GET /api/sellers/{id} answers. */
  seller?: SellerProfile;
  /** The home page's categories, as GET /api/category answers. */
  categories?: Category[];
  /** The home page's advertised items, as GET /api/advertise answers (its first page). */
  advertisements?: Advertisement[];
  /**
   * The first page of the page's product list when its address has no filters: Our Products (GET
   * /api/allproducts) on home, or a category's items (GET /api/products/{category}, `category` as the
   * address spells it).
   */
  productList?: { category?: string; page: ProductListPage };
  /** Which sign-in methods the server offers beside the password, as GET /api/auth-config answers its `google`. */
  authConfig?: { google: boolean };
  /**
   * True when the browser said it is a phone (`Sec-CH-UA-Mobile: ?1`, which Chromium browsers send
   * with every request): product cards leave out the details a phone's layout does not show.
   * Absent otherwise (Safari sends no such header: its cards carry everything, hidden by CSS).
   */
  phone?: boolean;
  /**
   * A signed-in person's saved listings, as GET /api/favorites answers (absent for an admin, who does
   * not buy): the hearts are drawn saved from the first paint, and the app does not ask.
   */
  favorites?: Favorite[];
  /** A signed-in person's unread notifications, as GET /api/notifications/unread-count answers: the bell's number. */
  unreadNotifications?: UnreadCount;
  /**
   * A signed-in phone's conversations, as GET /api/conversations?limit=100 answers: the tab bar's count
   * of unread messages (a phone only: wider screens show the bell instead).
   */
  conversations?: ConversationSummary[];
  /**
   * The newest live event's id when those were read: the app's event stream starts after it (GET
   * /api/events?lastEventId=), so a message or notification that came in since is not missed.
   */
  lastEventId?: number;
};

/** How wide the product page shows its main photo, for the browser's pick among the photo's sizes (and the server's preload of the cover). */
export const PRODUCT_PHOTO_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw';

/**
 * The home page's banner, its largest image, preloaded by the server: WebP drawn from banner.svg (an
 * SVG image costs a phone tens of milliseconds to parse and style before it paints; a WebP decodes
 * off the main thread).
 */
export const HOME_BANNER = {
  src: '/images/banner-1600.webp',
  srcset: '/images/banner-800.webp 800w, /images/banner-1600.webp 1600w',
  // Beside the banner's text from lg (web's PromoBanner): about half of the 1248-pixel content width.
  sizes: '(min-width: 1280px) 650px, (min-width: 1024px) 52vw, 100vw',
  width: 1600,
  height: 600,
} as const;

/** The id of the script element holding InitialPageData as JSON. */
export const INITIAL_DATA_ID = 'shop-data';
