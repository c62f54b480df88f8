import { formatMoney } from '@shop/contract/money';
import { paths } from '@shop/contract/web-paths';
import { money } from '../../lib/paging';

/** Cents as the shop shows prices everywhere (the contract's formatMoney): $1,234.50. */
export const dollars = (cents: number) => formatMoney(money.toDollars(cents));

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

/** The web app's pages a mail links to, from the contract's table of web paths. */
export const page = {
  myProducts: (baseUrl: string) => `${baseUrl}${paths.dashboard.myProducts.getHref()}`,
  myOrders: (baseUrl: string) => `${baseUrl}${paths.dashboard.myOrders.getHref()}`,
  profile: (baseUrl: string) => `${baseUrl}${paths.dashboard.profile.getHref()}`,
  receipt: (baseUrl: string, orderId: string) => `${baseUrl}${paths.dashboard.receipt.getHref(orderId)}`,
  earnings: (baseUrl: string) => `${baseUrl}${paths.dashboard.earnings.getHref()}`,
  login: (baseUrl: string) => `${baseUrl}${paths.login.getHref()}`,
  forgotPassword: (baseUrl: string) => `${baseUrl}${paths.forgotPassword.getHref()}`,
};
