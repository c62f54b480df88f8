import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/auth/send-verification-email: mails the signed-in user a new verification link. A plain
 * call rather than the auth client, which the banner (on every page) would otherwise load at once.
 * The server refuses a second mail within a minute (429 with a message saying so).
 */
function resendVerificationEmail(email: string) {
  return api<{ status: boolean }>('/auth/send-verification-email', { body: { email } });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
