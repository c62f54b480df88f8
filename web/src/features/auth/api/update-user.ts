import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/auth/update-user: the profile's name. */
function updateUser(input: { name: string }) {
  return authCall(authClient.updateUser({ name: input.name }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
