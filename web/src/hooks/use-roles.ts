import type { SessionUser } from '@/lib/auth-client';
import { useUser } from './use-user';

export type RoleName = 'buyer' | 'seller' | 'admin';

export interface Roles {
  isAdmin: boolean;
  isBuyer: boolean;
  isSeller: boolean;
  isVerified: boolean;
  /** True while the session has no answer yet. */
  isPending: boolean;
}

/**
 * What GET /api/users/{admin,buyer,seller}/{email} would answer, read from the session's user: the
 * session (GET /api/auth/get-session, asked by every page anyway) carries `role` and `verified`,
 * read from the database on every call (no cookie cache), so no role call of its own is needed.
 */
export function rolesOf(user: Pick<SessionUser, 'role' | 'verified'> | null | undefined): Omit<Roles, 'isPending'> {
  const role = user?.role;
  return {
    isAdmin: role === 'admin',
    // Every account but an admin's buys; one that sells buys too.
    isBuyer: role === 'buyer' || role === 'seller',
    isSeller: role === 'seller',
    isVerified: role === 'seller' && user?.verified === true,
  };
}

/** The signed-in user's roles, from the session; none when logged out. */
export function useRoles(): Roles {
  const { user, isPending } = useUser();
  return { ...rolesOf(user), isPending };
}

/** One role, for a guard that needs only that role. */
export function useHasRole(role: RoleName): { allowed: boolean; isPending: boolean } {
  const roles = useRoles();
  const allowed = role === 'admin' ? roles.isAdmin : role === 'buyer' ? roles.isBuyer : roles.isSeller;
  return { allowed, isPending: roles.isPending };
}
