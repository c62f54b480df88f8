import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetUser } from '@/lib/session';

/** POST /api/auth/sign-out. The navbar offers it on every page, so the auth client loads only now. */
async function signOut() {
  const { authClient, authCall } = await import('@/lib/auth-client');
  return authCall(authClient.signOut());
}

/** Signs out and forgets everything that belonged to the user, even when the call fails. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => forgetUser(queryClient),
  });
}
