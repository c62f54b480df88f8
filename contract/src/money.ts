/**
 * Money as people read and type it. `formatMoney` writes every amount shown (web pages, mails,
 * notifications). Typed amounts are read one way on both sides: the forms (web) and the API (server)
 * both go through `parseMoney`, the add/edit form and the API through the `dollars` zod schema built on it
 * (common.ts), the price filters through `parseMoneyFilter` here. Zod-free, so the home page's filter
 * bar can use it without loading zod.
 *
 * One reading, never a guess: "." is the decimal point (at most 2 decimals); a comma, a space (also a
 * no-break or thin space) or an apostrophe groups thousands, and only where exactly 3 digits follow it,
 * one kind of separator per amount ("1,299", "1 299.50", "12'500", "1,299,000"). What could mean two
 * amounts ("1.299", "1.299,50", "12,5") is refused with a sentence saying what to write instead.
 */

import { groupDigits } from './format';

/**
 * An amount in dollars as every page, mail and notification shows it: 1234.5 -> "$1,234.50", exactly
 * what Intl's en-US currency format writes, by hand (the first Intl formatter a page builds loads the
 * browser's locale data, a long task on a phone). Cents in the database go through the API edge's
 * `money.toDollars` first (docs/decisions/005). Not a number: "$0.00".
 */
export function formatMoney(dollars: number): string {
  const value = Number.isFinite(dollars) ? dollars : 0;
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  const sign = value < 0 && Number(`${whole}.${cents}`) > 0 ? '-' : '';
  return `${sign}$${groupDigits(Number(whole))}.${cents}`;
}

/** The separators allowed between groups of 3 digits: comma, space, no-break space, thin space, narrow no-break space, apostrophes. */
const GROUP_SEPARATORS = ",\u0020\u00a0\u2009\u202f'\u2019";

const PLAIN = /^\d+(?:\.\d{1,2})?$/;
const GROUPED = new RegExp(`^\\d{1,3}([${GROUP_SEPARATORS}])\\d{3}(?:\\1\\d{3})*(?:\\.\\d{1,2})?$`);

/** The messages, after the field's name ("price must be a number, like 1299 or 1,299.50"). */
export const MONEY_MESSAGES = {
  required: 'is required',
  notANumber: 'must be a number, like 1299 or 1,299.50',
  decimalComma: 'must use "." for cents, like 1299.50 or 1,299.50',
  ambiguousDot: 'is unclear: write 1299 or 1,299 for a thousand and more, or at most 2 decimals after "."',
  tooManyDecimals: 'must have at most 2 decimals',
} as const;

export type MoneyParse = { ok: true; value: number } | { ok: false; message: string };

/** A typed amount in dollars ("1,299.50" -> 1299.5), or why it is refused. Signs, currency symbols and exponents are refused. */
export function parseMoney(raw: string): MoneyParse {
  const s = raw.trim();
  if (s === '') return { ok: false, message: MONEY_MESSAGES.required };
  if (PLAIN.test(s)) return { ok: true, value: Number(s) };
  if (GROUPED.test(s)) return { ok: true, value: Number(s.replace(/[^\d.]/g, '')) };
  return { ok: false, message: whyNot(s) };
}

/** Why a string of digits and separators is not an amount we read one way. */
function whyNot(s: string): string {
  // Only digits, separators and points from here on; anything else is not a number.
  if (!new RegExp(`^[\\d.${GROUP_SEPARATORS}]+$`).test(s) || !/\d/.test(s)) return MONEY_MESSAGES.notANumber;
  // "12,5", "1.299,50", "1 299,5": a comma before the last 1 or 2 digits reads as decimal comma.
  if (/,\d{1,2}$/.test(s)) return MONEY_MESSAGES.decimalComma;
  // "1.299", "1.299.000": a point before 3 digits is a thousands point in much of the world.
  if (/^\d{1,3}(?:\.\d{3})+$/.test(s)) return MONEY_MESSAGES.ambiguousDot;
  // "12.345" handled above; "12.3456", "1,299.505".
  if (/^[\d,\u0020\u00a0\u2009\u202f'\u2019]*\.\d{3,}$/.test(s)) return MONEY_MESSAGES.tooManyDecimals;
  return MONEY_MESSAGES.notANumber;
}

/**
 * A filter's price (min/max, from a form field or a URL): the same reading, and 0 allowed. Undefined
 * for an empty or unreadable one (a filter ignores what it cannot read, rather than failing the page).
 */
export function parseMoneyFilter(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const r = parseMoney(raw);
  return r.ok ? r.value : undefined;
}
