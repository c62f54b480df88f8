import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields, twoFactorClient } from 'better-auth/client/plugins';
import { USER_ADDITIONAL_FIELDS } from '@shop/contract';
import { API_BASE, networkError, toApiError } from './api';

/**
 * Better Auth's browser client for its endpoints under /api/auth. Google sign-in needs no client
 * plugin: the server's generic OAuth provider is a social provider (signIn.social {provider: 'google'}).
 * It is about 12 kB gzip: code of the first screen (session.ts, sign-out) imports it on demand, so it
 * stays out of the initial chunk and loads beside the first page.
 */
export const authClient = createAuthClient({
  // (The server's render of a page imports this module too, and never calls: any origin will do there.)
  baseURL: `${typeof window === 'undefined' ? 'http://localhost' : window.location.origin}${API_BASE}/auth`,
  // twoFactorClient: the /two-factor/* calls; the login page itself goes to the code step when asked.
  // The user's extra fields (role, verified ...) as the server declares them (contract/src/auth.ts).
  plugins: [inferAdditionalFields({ user: USER_ADDITIONAL_FIELDS }), twoFactorClient()],
  // The app navigates itself (to the provider's URL, after sign-out): no redirect by the client.
  disableDefaultFetchPlugins: true,
  // The global fetch at call time, not the one seen when this module loaded.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

/** GET /api/auth/get-session's answer when signed in; its dates are Date objects. */
export type SessionData = typeof authClient.$Infer.Session;
export type SessionUser = SessionData['user'];

type AuthResult<T> =
  | { data: T; error: null }
  | { data: null; error: { status: number; statusText: string; code?: string; message?: string } };

/**
 * The data of a Better Auth call, or the same ApiError as the app's own calls throw (status, code,
 * the server's message), so error texts, retries and the 401 re-check of the session work alike.
 */
export async function authCall<T>(request: Promise<AuthResult<T>>): Promise<T> {
  let result: AuthResult<T>;
  try {
    result = await request;
  } catch (cause) {
    // An abort (the query was cancelled) stays an abort, whichever realm made its DOMException.
    if (cause instanceof Error && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  if (result.error) throw toApiError(result.error.status, result.error.statusText, result.error);
  return result.data;
}
