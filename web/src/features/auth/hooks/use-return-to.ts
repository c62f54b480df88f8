import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { LoginLocationState } from '../types';

/** Where to go after logging in: the page the user came from (location state), or /. */
export function useReturnTo(): { to: string; state: LoginLocationState | null } {
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;
  const from = state?.from;
  const to =
    from?.pathname && from.pathname.startsWith('/') && !from.pathname.startsWith('//') && from.pathname !== paths.login.path
      ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
      : paths.home.getHref();
  return { to, state };
}
