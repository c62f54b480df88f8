/*
 * Prices, counts and dates on the first screens are formatted by hand: the first Intl formatter a
 * page builds loads the browser's locale data, a long task on a phone before anything shows.
 */

import { groupDigits } from '@shop/contract/format';
import { formatMoney } from '@shop/contract/money';

/** Prices are dollars (docs/product.md#money): 1234 -> "$1,234.00", written as the server's mails and notifications write them. */
export { formatMoney, groupDigits };

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

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A day as the API's product `date` writes it: d/m/yyyy. */
const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

type DateInput = string | number | Date | null | undefined;

/** The moment `value` names, or null: an ISO time, epoch milliseconds or a Date (not a d/m/yyyy day). */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(typeof value === 'number' ? value : Date.parse(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The one way the app writes a date for people: "26 Nov 2026". `value` is an ISO time, epoch
 * milliseconds, a Date, or the API's d/m/yyyy `date` (already a calendar day). Times are read in the
 * viewer's time zone; `utc` reads them in UTC, for pages the server renders (the same on the server
 * and in every browser that hydrates them). '' when there is nothing readable.
 */
export function formatDate(value: DateInput, { utc = false }: { utc?: boolean } = {}): string {
  if (typeof value === 'string') {
    const day = DAY_MONTH_YEAR.exec(value.trim());
    if (day) {
      const [, d = '', m = '', y = ''] = day;
      const month = SHORT_MONTHS[Number(m) - 1];
      return month && Number(d) >= 1 && Number(d) <= 31 ? `${Number(d)} ${month} ${y}` : value;
    }
  }
  const d = toDate(value);
  if (!d) return '';
  return utc
    ? `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
    : `${d.getDate()} ${SHORT_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** A date with its time of day, in the viewer's time zone: "26 Nov 2026, 14:05" (with `seconds`, "14:05:09"). '' when unreadable. */
export function formatDateTime(value: DateInput, { seconds = false }: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(d)}, ${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;
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

/** A distance as cards show it: "under 1 km", "3.2 km", "45 km". */
export function formatDistance(km: number): string {
  if (km < 1) return 'under 1 km';
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

/** Label prefix for the contract's short messages: ('Phone', 'is required') -> 'Phone is required'. */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) && !message.startsWith(label.toLowerCase()) ? `${label} ${message}` : message;
}
