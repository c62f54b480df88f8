import type { UserInput } from '@shop/contract';
import { api } from '@/lib/api';

/** POST /api/users, right after sign-up: records the new user's role once (docs/product.md#users-and-roles). */
export function createUser(input: UserInput) {
  return api<{ acknowledged: boolean; insertedId: string | null; role: string }>('/users', {
    method: 'POST',
    body: input,
  });
}
