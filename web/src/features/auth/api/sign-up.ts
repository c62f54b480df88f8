import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { queryKeys } from '@/lib/query-keys';
import { createUser } from './create-user';

interface SignUpValues {
  name: string;
  email: string;
  password: string;
  isSeller: boolean;
}

/** POST /api/auth/sign-up/email (Better Auth signs the new user in). */
function signUp(input: SignUpValues) {
  return authCall(authClient.signUp.email({ name: input.name, email: input.email, password: input.password }));
}

/** Sign up, then record the role with POST /api/users. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpValues) => {
      await signUp(input);
      await createUser({ name: input.name, email: input.email, isSeller: input.isSeller });
    },
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.roles.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
