import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { forgetUser } from './sign-out';

/**
 * The account calls of the profile page (Better Auth under /api/auth). Their query keys live under
 * 'account', not 'session': a 401 re-checks the session (query-client.ts), and a list that 401s
 * must not be refetched by that very re-check.
 */
export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  providers: ['account', 'providers'] as const,
};

/** One signed-in device, as GET /api/auth/list-sessions reports it (its token is dropped). */
export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/** GET /api/auth/list-sessions: the user's active sessions, newest first. */
export async function listSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const rows = await api<Array<ActiveSession & { token?: string }>>('/auth/list-sessions', { signal });
  return (Array.isArray(rows) ? rows : [])
    .map(({ id, userAgent, ipAddress, createdAt, updatedAt, expiresAt }) => ({
      id,
      userAgent: userAgent ?? null,
      ipAddress: ipAddress ?? null,
      createdAt,
      updatedAt,
      expiresAt,
    }))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => listSessions(signal), staleTime: 0 });

export function useActiveSessions() {
  return useQuery(sessionsQueryOptions());
}

/** GET /api/auth/list-accounts -> the sign-in methods of the user ('credential' is a password, 'google'). */
export async function listProviders(signal?: AbortSignal): Promise<string[]> {
  const rows = await api<Array<{ providerId: string }>>('/auth/list-accounts', { signal });
  return (Array.isArray(rows) ? rows : []).map((a) => a.providerId);
}

export function useSignInMethods() {
  return useQuery(queryOptions({ queryKey: accountKeys.providers, queryFn: ({ signal }) => listProviders(signal) }));
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/**
 * POST /api/auth/change-password. With revokeOtherSessions every session ends and this browser gets a
 * new one (Better Auth sets its cookie), so the session and the device list are asked again.
 */
export function changePassword(input: ChangePasswordInput) {
  return api<{ token: string | null }>('/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (_data, input) => {
      if (!input.revokeOtherSessions) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
      ]);
    },
  });
}

/** POST /api/auth/revoke-sessions: ends every session of the user, this one included. */
export function revokeAllSessions() {
  return api<{ status: boolean }>('/auth/revoke-sessions', { method: 'POST', body: {} });
}

/** Signs out of all devices; on success this browser forgets the user too. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: () => forgetUser(queryClient),
  });
}
