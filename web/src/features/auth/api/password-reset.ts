import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { forgetUser } from '@/lib/session';

/**
 * POST /api/auth/request-password-reset: mails a reset link when an account has this address. The
 * answer is the same either way, so nobody learns which addresses have accounts.
 */
function requestPasswordReset(email: string) {
  return authCall(authClient.requestPasswordReset({ email }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/auth/reset-password: the token of the emailed link sets the new password, once. */
function resetPassword(input: { token: string; newPassword: string }) {
  return authCall(authClient.resetPassword(input));
}

/** A reset signs out every session, this browser's too: it forgets the user. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => forgetUser(queryClient) });
}
