import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '@/lib/auth-client';
import { forgetUser } from '@/lib/session';

/**
 * The account calls of the profile page (Better Auth under /api/auth). Their query keys live under
 * 'account', not 'session': a 401 re-checks the session (query-client.ts), and a list that 401s
 * must not be refetched by that very re-check.
 */
const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  providers: ['account', 'providers'] as const,
};

/** One signed-in device, as GET /api/auth/list-sessions reports it (the server drops its token). */
interface ActiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
}

/** GET /api/auth/list-sessions: the user's active sessions, newest first. */
async function listSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const rows = await authCall(authClient.listSessions({ fetchOptions: { signal } }));
  return (Array.isArray(rows) ? rows : [])
    .map(({ id, userAgent, ipAddress, createdAt }) => ({
      id,
      userAgent: userAgent ?? null,
      ipAddress: ipAddress ?? null,
      createdAt: new Date(createdAt),
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export function useActiveSessions() {
  return useQuery(queryOptions({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => listSessions(signal), staleTime: 0 }));
}

/** GET /api/auth/list-accounts -> the sign-in methods of the user ('credential' is a password, 'google'). */
async function listProviders(signal?: AbortSignal): Promise<string[]> {
  const rows = await authCall(authClient.listAccounts({ fetchOptions: { signal } }));
  return (Array.isArray(rows) ? rows : []).map((a) => a.providerId);
}

export function useSignInMethods() {
  return useQuery(queryOptions({ queryKey: accountKeys.providers, queryFn: ({ signal }) => listProviders(signal) }));
}

interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/**
 * POST /api/auth/change-password. With revokeOtherSessions every other session ends; this browser
 * keeps its own session and cookie (decision 077), so only the device list is asked again. When the
 * server could not end them (a database fault, after three tries) the password is changed all the
 * same and the answer says `otherSessionsEnded: false`: `othersStillSignedIn`.
 */
async function changePassword(input: ChangePasswordInput): Promise<{ othersStillSignedIn: boolean }> {
  const answer: object = await authCall(authClient.changePassword(input));
  return { othersStillSignedIn: 'otherSessionsEnded' in answer && answer.otherSessionsEnded === false };
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (_data, input) => {
      if (input.revokeOtherSessions) await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

/** POST /api/auth/revoke-sessions: ends every session of the user, this one included. */
function revokeAllSessions() {
  return authCall(authClient.revokeSessions());
}

/** Signs out of all devices; on success this browser forgets the user too. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: () => forgetUser(queryClient),
  });
}
