import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface AuthConfig {
  google: boolean;
}

/** GET /api/auth-config: which sign-in methods this server offers. Absent (404) means none extra. */
export async function getAuthConfig(): Promise<AuthConfig> {
  try {
    const data = await api<Partial<AuthConfig> | null>('/auth-config');
    return { google: data?.google === true };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { google: false };
    throw error;
  }
}

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.authConfig, queryFn: getAuthConfig, retry: false });
