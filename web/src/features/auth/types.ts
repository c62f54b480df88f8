import type { Role } from '@shop/contract';

/** The user of GET /api/auth/get-session (Better Auth, with our role and verified fields). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role?: Role;
  verified?: boolean;
  image?: string | null;
}

export interface SessionData {
  session: { id: string; userId: string; expiresAt: string };
  user: SessionUser;
}

/** What a redirect to /login carries (SPEC.md 4: remember the origin). */
export interface LoginLocationState {
  from?: { pathname: string; search?: string; hash?: string };
  /** Set when a role guard sent a signed-in user here. */
  reason?: 'forbidden';
}
