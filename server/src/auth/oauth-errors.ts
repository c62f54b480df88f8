/**
 * Better Auth ends a failed OAuth sign-in with a redirect to /login?error=<code>[&error_description=...].
 * The web app shows 'Error: ' + message (docs/product.md#exact-strings), so the redirect also carries `message`: the
 * provider's own description when it sent one, else a sentence a person understands.
 */
const MESSAGES: Record<string, string> = {
  access_denied: 'Google sign-in was cancelled.',
  account_not_linked:
    'An account with this email already exists, and Google did not confirm that the email is yours. Sign in with your password instead.',
  unable_to_link_account: 'We could not connect your Google account to your shop account. Sign in with your password instead.',
  email_not_found: 'Google did not share an email address with the shop, so we cannot sign you in.',
  email_not_verified: 'Google has not verified this email address yet.',
  email_does_not_match: 'That Google account uses a different email address.',
  account_already_linked_to_different_user: 'That Google account is already connected to another shop account.',
  state_not_found: 'The sign-in took too long or was started in another browser. Please try again.',
  state_mismatch: 'The sign-in took too long or was started in another browser. Please try again.',
  please_restart_the_process: 'The sign-in took too long or was started in another browser. Please try again.',
  invalid_code: 'Google sign-in did not complete. Please try again.',
  no_code: 'Google sign-in did not complete. Please try again.',
  unable_to_get_user_info: 'We could not read your Google profile. Please try again.',
  oauth_provider_not_found: 'Google sign-in is not available on this shop.',
  signup_disabled: 'New accounts cannot be created with Google here.',
  unable_to_create_user: 'We could not create your account. Please try again.',
  unable_to_create_session: 'We could not sign you in. Please try again.',
  internal_server_error: 'Something went wrong on our side. Please try again.',
};

export function oauthErrorMessage(code: string, description?: string | null): string {
  const d = description?.trim();
  if (d) return d.slice(0, 300);
  return MESSAGES[code.toLowerCase()] ?? 'Google sign-in failed. Please try again.';
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
  if (!ours || url.pathname !== '/login') return location;
  const code = url.searchParams.get('error');
  if (!code || url.searchParams.has('message')) return location;
  url.searchParams.set('message', oauthErrorMessage(code, url.searchParams.get('error_description')));
  return location.startsWith('/') ? url.pathname + url.search + url.hash : url.toString();
}
