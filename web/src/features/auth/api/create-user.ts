import type { UserInput } from '@shop/contract';
import { api } from '@/lib/api';

/** POST /api/users: records the new user's role once (SPEC.md sign-up flow). */
export function createUser(input: UserInput) {
  return api<{ acknowledged: boolean; insertedId: string | null; role: string }>('/users', {
    method: 'POST',
    body: input,
  });
}
