/*
 * Prices, counts and dates on the first screens are formatted by hand: the first Intl formatter a
 * page builds loads the browser's locale data, a long task on a phone before anything shows.
 */

import { groupDigits } from '@shop/contract/format';

export { groupDigits };

/** Prices are dollars (docs/product.md#money): 1234 -> "$1,234.00", as Intl's en-US currency format writes them. */
export function formatPrice(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  const sign = value < 0 && Number(`${whole}.${cents}`) > 0 ? '-' : '';
  return `${sign}$${groupDigits(Number(whole))}.${cents}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A UTC time as "3 November 2025" (en-GB, long month). */
export function formatLongDate(t: number): string {
  const d = new Date(t);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "March 2024", in UTC: the same on the server that renders a page and in every browser that hydrates it. */
export function formatMonthYear(t: number): string {
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function pluralize(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "1 year", "3 years", "less than a year". */
export function formatYears(years: number): string {
  if (!years) return 'less than a year';
  return `${years} ${pluralize(years, 'year')}`;
}

/** Label prefix for the contract's short messages: ('Phone', 'is required') -> 'Phone is required'. */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) && !message.startsWith(label.toLowerCase()) ? `${label} ${message}` : message;
}
