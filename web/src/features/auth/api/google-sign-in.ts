import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authConfigQueryOptions } from './get-auth-config';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

export type GoogleSignInResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * The Google button's whole behaviour, kept here so it can be wired to the server later.
 * Asks the server whether Google is configured; if so, asks Better Auth for the provider's URL
 * (POST /api/auth/sign-in/social) and the caller navigates there.
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
    const callbackURL = new URL(callbackPath, window.location.origin).toString();
    const data = await api<{ url?: string; redirect?: boolean }>('/auth/sign-in/social', {
      method: 'POST',
      body: { provider: 'google', callbackURL, errorCallbackURL: new URL('/login', window.location.origin).toString() },
    });
    if (!data?.url) return { ok: false, message: GOOGLE_NOT_CONFIGURED };
    return { ok: true, url: data.url };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : GOOGLE_NOT_CONFIGURED };
  }
}
