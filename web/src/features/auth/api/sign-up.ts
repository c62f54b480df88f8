import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { queryKeys } from '@/lib/query-keys';
import { getSession } from '@/lib/session';
import { createUser } from './create-user';

interface SignUpValues {
  name: string;
  email: string;
  password: string;
  isSeller: boolean;
}

/** POST /api/auth/sign-up/email (the server signs a new user in). */
function signUp(input: SignUpValues) {
  return authCall(authClient.signUp.email({ name: input.name, email: input.email, password: input.password }));
}

/**
 * Sign up, then record the role with POST /api/users. An address that already has an account is
 * answered like a new one but signs nobody in (its owner is mailed instead): then `signedIn` is false
 * and the page asks the person to check their mail.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpValues): Promise<{ signedIn: boolean }> => {
      await signUp(input);
      if (!(await getSession())) return { signedIn: false };
      await createUser({ name: input.name, email: input.email, isSeller: input.isSeller });
      return { signedIn: true };
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
