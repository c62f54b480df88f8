import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { queryKeys } from '@/lib/query-keys';
import { forgetPreviousAccount } from '@/lib/session';

/**
 * Two-factor sign-in (Better Auth's twoFactor plugin under /api/auth/two-factor). Turning it on is
 * two calls: `enable` (password) answers the authenticator secret and the recovery codes, and it is
 * on once `verifyTotp` confirms a code from the app. Turning on or off replaces the session cookie,
 * so the session is asked again.
 */

/** POST /two-factor/enable: the otpauth:// URI for the app and ten recovery codes; not on yet. */
function enableTwoFactor(password: string) {
  return authCall(authClient.twoFactor.enable({ password }));
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

/** POST /two-factor/verify-totp: with a session it confirms the setup; during sign-in it is the second step. */
function verifyTotp(input: { code: string; trustDevice?: boolean }) {
  return authCall(authClient.twoFactor.verifyTotp(input));
}

/** POST /two-factor/verify-backup-code: a recovery code instead of the app, at sign-in. Each works once. */
function verifyRecoveryCode(input: { code: string; trustDevice?: boolean }) {
  return authCall(authClient.twoFactor.verifyBackupCode(input));
}

/** Confirms the setup with a code from the app: from now on sign-in asks for one. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyTotp({ code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** The second step of signing in: a code from the app, or a recovery code. */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...input }: { kind: 'app' | 'recovery'; code: string; trustDevice: boolean }) =>
      kind === 'app' ? verifyTotp(input) : verifyRecoveryCode(input),
    onSuccess: async () => {
      forgetPreviousAccount(queryClient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** POST /two-factor/disable (password). */
function disableTwoFactor(password: string) {
  return authCall(authClient.twoFactor.disable({ password }));
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** POST /two-factor/generate-backup-codes (password): ten new recovery codes; the old ones stop working. */
function regenerateRecoveryCodes(password: string) {
  return authCall(authClient.twoFactor.generateBackupCodes({ password }));
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
