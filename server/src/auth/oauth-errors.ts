import { LOGIN_ERROR_TEXTS } from '@shop/contract/constants';
import { paths } from '@shop/contract/web-paths';

/**
 * Better Auth ends a failed OAuth sign-in with a redirect to /login?error=<code>[&error_description=...].
 * The web app shows 'Error: ' + message (docs/product.md#exact-strings), so the redirect also carries `message`: the
 * provider's own description when it sent one, else the contract's fixed sentence for the code.
 */
export function oauthErrorMessage(code: string, description?: string | null): string {
  const d = description?.trim();
  if (d) return d.slice(0, 300);
  return LOGIN_ERROR_TEXTS[code.toLowerCase()] ?? 'Google sign-in failed. Please try again.';
}

/**
 * Adds `message` to a redirect to the shop's /login page that carries an `error` (a relative location,
 * or one on a trusted origin of the shop); any other location is returned unchanged.
 */
export function withOAuthErrorMessage(location: string, shopOrigins: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(location, shopOrigins[0]);
  } catch {
    return location;
  }
  const ours = shopOrigins.some((o) => {
    try {
      return new URL(o).origin === url.origin;
    } catch {
      return false;
    }
  });
  if (!ours || url.pathname !== paths.login.getHref()) return location;
  const code = url.searchParams.get('error');
  if (!code || url.searchParams.has('message')) return location;
  url.searchParams.set('message', oauthErrorMessage(code, url.searchParams.get('error_description')));
  return location.startsWith('/') ? url.pathname + url.search + url.hash : url.toString();
}
