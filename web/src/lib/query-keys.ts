/**
 * Every query key of the app, in one place. The category and ad lists keep the keys 'category' and
 * 'advertise' (docs/product.md#field-names-kept-as-spelled). Keys are hierarchical so a mutation can invalidate a whole family by its prefix.
 */
export interface ProductFilters {
  q?: string;
  category?: string;
  condition?: string;
  minPrice?: number;
  maxPrice?: number;
  location?: string;
  verified?: boolean;
  /** `LAT,LNG` of "Near me" (the browser's position, asked only when pressed) and how far, in km. */
  near?: string;
  radiusKm?: number;
  /** Device specs (GET /facets counts each): a brand, a catalogue model (its id), storage, RAM, colour. */
  brand?: string;
  deviceId?: string;
  storage?: string;
  ram?: string;
  colour?: string;
  sort?: 'newest' | 'price_asc' | 'price_desc' | 'distance';
}

export const queryKeys = {
  session: ['session'] as const,
  authConfig: ['auth-config'] as const,

  categories: ['category'] as const,
  advertisements: ['advertise'] as const,

  products: {
    all: ['products'] as const,
    list: (filters: ProductFilters = {}) => ['products', 'all', filters] as const,
    byCategory: (category: string, filters: ProductFilters = {}) => ['products', 'category', category, filters] as const,
    bySeller: (email: string) => ['products', 'seller', email] as const,
    one: (id: string) => ['products', 'one', id] as const,
    /** The bookings of one item, for its seller. */
    bookings: (id: string) => ['products', 'bookings', id] as const,
    /** One of the seller's items with its contact details, for the edit page. */
    own: (id: string) => ['products', 'own', id] as const,
    /** A few items of a category for the product page's related list. */
    related: (category: string) => ['products', 'related', category] as const,
  },

  orders: {
    all: ['orders'] as const,
    byBuyer: (email: string) => ['orders', 'buyer', email] as const,
    one: (id: string) => ['orders', 'one', id] as const,
    /** The hand-off of one order (state, and the buyer's code while held); an 'order' event refreshes it. */
    handoff: (id: string) => ['orders', 'handoff', id] as const,
    /** The seller's sales (GET /me/sales), all or one state: under orders, so order events refresh them. */
    sales: (state: string, pageSize: number) => ['orders', 'sales', state, pageSize] as const,
  },

  users: {
    all: ['users'] as const,
    buyers: ['users', 'allbuyer'] as const,
    sellers: ['users', 'allseller'] as const,
  },

  payments: {
    intent: (orderId: string) => ['payments', 'intent', orderId] as const,
  },

  /** The device catalogue (GET /devices), a model's price guide, facet counts and a listing's insights (issue 28). */
  devices: {
    all: ['devices'] as const,
    search: (q: string, category?: string) => ['devices', 'search', q, category ?? ''] as const,
    admin: (q: string) => ['devices', 'admin', q] as const,
    priceGuide: (deviceId: string, variant?: string, grade?: string) =>
      ['devices', 'price-guide', deviceId, variant ?? '', grade ?? ''] as const,
    facets: (filters: Record<string, unknown>) => ['devices', 'facets', filters] as const,
    insights: (productId: string) => ['devices', 'insights', productId] as const,
    stolen: ['devices', 'stolen'] as const,
    flags: ['devices', 'flags'] as const,
  },

  /** Safe public meetup spots (GET /meetup-spots), as the admin page lists them all. */
  meetupSpots: {
    all: ['meetup-spots'] as const,
  },

  /** The admin's audit log (one infinite list). */
  audit: ['audit'] as const,

  /** The signed-in person's saved listings (the hearts), and their offers made and received. */
  favorites: ['favorites'] as const,
  offers: {
    all: ['offers'] as const,
    list: (role: 'buyer' | 'seller') => ['offers', role] as const,
  },
  /** Listings viewed lately (on the account when signed in), and each listing's saves for its seller. */
  recentlyViewed: ['recently-viewed'] as const,
  listingSaves: ['listing-saves'] as const,

  /** Conversations, notifications and alerts (features/messages); live events invalidate these. */
  talk: {
    all: ['talk'] as const,
    conversations: ['talk', 'conversations'] as const,
    conversation: (id: string) => ['talk', 'conversation', id] as const,
    messages: (id: string) => ['talk', 'messages', id] as const,
    byListing: (listingId: string) => ['talk', 'by-listing', listingId] as const,
    notifications: ['talk', 'notifications'] as const,
    unread: ['talk', 'notifications', 'unread'] as const,
    savedSearches: ['talk', 'saved-searches'] as const,
    blocks: ['talk', 'blocks'] as const,
    /** Not asked for: the newest event's id when the server read the page's counts (InitialPageData.lastEventId). */
    eventsAfter: ['talk', 'events-after'] as const,
  },

  /** Sellers' payouts and the operator's money (features/payouts). */
  payouts: {
    mine: ['payouts', 'me'] as const,
    /** The shop's fee on each sale (from /auth-config), for "You receive $X of $Y". */
    fee: ['payouts', 'fee'] as const,
    finance: (from: string, to: string) => ['payouts', 'finance', from, to] as const,
    adminOrders: (q: string) => ['payouts', 'admin-orders', q] as const,
    adminOrder: (id: string) => ['payouts', 'admin-order', id] as const,
    receipt: (id: string) => ['payouts', 'receipt', id] as const,
  },

  /** Reviews, seller pages and moderation (features/trust). */
  trust: {
    seller: (id: string) => ['trust', 'seller', id] as const,
    sellerReviews: (id: string) => ['trust', 'seller', id, 'reviews'] as const,
    sellerProducts: (id: string) => ['trust', 'seller', id, 'products'] as const,
    orderReview: (orderId: string) => ['trust', 'order-review', orderId] as const,
    queue: ['trust', 'moderation', 'queue'] as const,
    suspended: ['trust', 'moderation', 'suspended'] as const,
  },
} as const;
