import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authConfigQueryOptions } from './get-auth-config';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

export type GoogleSignInResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * The Google button's whole behaviour, in one place. Asks the server whether Google is configured
 * (GET /api/auth-config); if so, asks Better Auth for the provider's URL (POST /api/auth/sign-in/social
 * {provider: 'google'}) and the caller navigates there. A failed sign-in comes back to
 * /login?error=<code>&message=<sentence>, which the login page shows.
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
    const data = await api<{ url?: string; redirect?: boolean }>('/auth/sign-in/social', {
      method: 'POST',
      body: { provider: 'google', callbackURL: callbackPath, errorCallbackURL: '/login' },
    });
    if (!data?.url) return { ok: false, message: GOOGLE_NOT_CONFIGURED };
    return { ok: true, url: data.url };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : GOOGLE_NOT_CONFIGURED };
  }
}
