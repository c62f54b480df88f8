/** Cents as the shop shows prices: $1,234.50. */
export const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A moment as a reader anywhere can place it: 22 Nov 2026, 18:05 UTC. */
export const when = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/** Text typed by people (an item's name) on one line, short enough for a subject. */
export const oneLine = (s: string, max = 80) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A card as a receipt shows it: "visa ending in 4242", or nothing when the provider told us neither. */
export const card = (brand: string | null, last4: string | null) =>
  last4 ? `${brand ? `${brand} ` : ''}card ending in ${last4}` : null;

/** The web app's pages a mail links to (the routes of web/src/config/paths.ts). */
export const page = {
  myProducts: (baseUrl: string) => `${baseUrl}/dashboard/myproducts`,
  myOrders: (baseUrl: string) => `${baseUrl}/dashboard/myorders`,
  profile: (baseUrl: string) => `${baseUrl}/dashboard/profile`,
  login: (baseUrl: string) => `${baseUrl}/login`,
  forgotPassword: (baseUrl: string) => `${baseUrl}/forgot-password`,
};
