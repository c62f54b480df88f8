/**
 * What the login page says for each error code a redirect may bring (?error=<code>): a failed Google
 * sign-in, an expired emailed link. Only these fixed sentences are shown; the text of a link
 * (`message`, `error_description`) is never put on the page, since anyone can write a link.
 */
const LOGIN_ERRORS: Record<string, string> = {
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
  invalid_token: 'This link has expired or was already used. Please ask for a new one.',
  token_expired: 'This link has expired or was already used. Please ask for a new one.',
  internal_server_error: 'Something went wrong on our side. Please try again.',
};

const UNKNOWN = 'Sign-in did not complete. Please try again.';

/** The sentence for `?error=<code>` (null without one); an unknown code gets a general sentence. */
export function loginErrorText(code: string | null): string | null {
  if (!code) return null;
  return LOGIN_ERRORS[code.trim().toLowerCase()] ?? UNKNOWN;
}
