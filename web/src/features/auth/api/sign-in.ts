import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@shop/contract';
import { authCall, authClient } from '@/lib/auth-client';
import { queryKeys } from '@/lib/query-keys';
import { forgetPreviousAccount } from '@/lib/session';

/** POST /api/auth/sign-in/email (Better Auth sets the session cookie). */
function signIn(input: LoginInput) {
  return authCall(authClient.signIn.email({ email: input.email, password: input.password }));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      forgetPreviousAccount(queryClient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
