import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { useHasRole, type RoleName } from '@/hooks/use-roles';
import type { LoginLocationState } from '@/lib/session';

/** Login required: otherwise to /login, remembering where the user was going (docs/product.md#route-guards). */
export function RequireAuth() {
  const { user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (!user) {
    const state: LoginLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Buyer, seller or admin pages: a spinner while the server answers the role check, /login when the
 * role is missing (docs/product.md#route-guards).
 */
export function RequireRole({ roleName }: { roleName: RoleName }) {
  const { user, isPending: sessionPending } = useUser();
  const location = useLocation();
  const { allowed, isPending } = useHasRole(roleName);
  if (sessionPending || isPending) return <PageSpinner label="Checking your access…" />;
  if (!user || !allowed) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      reason: user ? 'forbidden' : undefined,
    };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  return <Outlet />;
}
