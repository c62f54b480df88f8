import { useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import type { LoginLocationState } from '@/lib/session';

/** A path of this site (not //host or /\host, which browsers read as another site), and not /login itself. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const pathname = value.split(/[?#]/)[0];
  if (pathname === paths.login.path) return null;
  return value;
}

/**
 * Where to go after logging in: the page the user came from (location state, or ?from= when a failed
 * Google sign-in came back to /login), else /.
 */
export function useReturnTo(): { to: string; state: LoginLocationState | null } {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? null) as LoginLocationState | null;
  const from = state?.from;
  const fromState = from?.pathname ? safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`) : null;
  const to = fromState ?? safeReturnPath(params.get('from')) ?? paths.home.getHref();
  return { to, state };
}
