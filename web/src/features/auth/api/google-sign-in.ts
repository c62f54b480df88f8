import type { QueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { authConfigQueryOptions } from './get-auth-config';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/**
 * Where a failed Google sign-in lands: /login, remembering (?from=) the page the person was going to,
 * so trying again, with Google or a password, still ends there.
 */
function googleErrorPath(callbackPath: string): string {
  return callbackPath === '/' ? '/login' : `/login?from=${encodeURIComponent(callbackPath)}`;
}

type GoogleSignInResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * The Google button's whole behaviour, in one place. Asks the server whether Google is configured
 * (GET /api/auth-config); if so, asks Better Auth for the provider's URL (POST /api/auth/sign-in/social
 * {provider: 'google'}) and the caller navigates there. The provider sends the person back signed in
 * to `callbackPath` (a first sign-in creates a buyer with the role already recorded by the server, so
 * no POST /api/users follows), or to /login?error=<code>&message=<sentence>, which the login page shows.
 */
export async function startGoogleSignIn(queryClient: QueryClient, callbackPath: string): Promise<GoogleSignInResult> {
  let google = false;
  try {
    google = (await queryClient.fetchQuery(authConfigQueryOptions())).google;
  } catch {
    google = false;
  }
  if (!google) return { ok: false, message: GOOGLE_NOT_CONFIGURED };
  try {
    // Same-origin paths: the server refuses callback URLs on other origins.
    const data = await authCall(
      authClient.signIn.social({
        provider: 'google',
        callbackURL: callbackPath,
        errorCallbackURL: googleErrorPath(callbackPath),
      }),
    );
    if (!data || !('url' in data) || !data.url) return { ok: false, message: GOOGLE_NOT_CONFIGURED };
    return { ok: true, url: data.url };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : GOOGLE_NOT_CONFIGURED };
  }
}
