import { LOGIN_ERROR_TEXTS } from '@shop/contract/constants';

/**
 * What the login page says for an error code a redirect brings (?error=<code>): only the contract's
 * fixed sentences; the text of a link (`message`, `error_description`) is never put on the page,
 * since anyone can write a link.
 */

const UNKNOWN = 'Sign-in did not complete. Please try again.';

/** The sentence for `?error=<code>` (null without one); an unknown code gets a general sentence. */
export function loginErrorText(code: string | null): string | null {
  if (!code) return null;
  return LOGIN_ERROR_TEXTS[code.trim().toLowerCase()] ?? UNKNOWN;
}
