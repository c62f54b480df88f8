import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type RoleName = 'buyer' | 'seller' | 'admin';

/** GET /api/users/admin/{email} -> {isAdmin}. */
function getIsAdmin(email: string, signal?: AbortSignal) {
  return api<{ isAdmin: boolean }>(`/users/admin/${encodeURIComponent(email)}`, { signal });
}

/** GET /api/users/buyer/{email} -> {isBuyer}. */
function getIsBuyer(email: string, signal?: AbortSignal) {
  return api<{ isBuyer: boolean }>(`/users/buyer/${encodeURIComponent(email)}`, { signal });
}

/** GET /api/users/seller/{email} -> {isSeller, isVerified}. */
function getIsSeller(email: string, signal?: AbortSignal) {
  return api<{ isSeller: boolean; isVerified: boolean }>(`/users/seller/${encodeURIComponent(email)}`, { signal });
}

function useIsAdmin(email: string | undefined) {
  const e = email ?? '';
  return useQuery(
    queryOptions({ queryKey: queryKeys.roles.admin(e), queryFn: ({ signal }) => getIsAdmin(e, signal), enabled: !!e }),
  );
}

export function useIsBuyer(email: string | undefined) {
  const e = email ?? '';
  return useQuery(
    queryOptions({ queryKey: queryKeys.roles.buyer(e), queryFn: ({ signal }) => getIsBuyer(e, signal), enabled: !!e }),
  );
}

export function useIsSeller(email: string | undefined) {
  const e = email ?? '';
  return useQuery(
    queryOptions({ queryKey: queryKeys.roles.seller(e), queryFn: ({ signal }) => getIsSeller(e, signal), enabled: !!e }),
  );
}

export interface Roles {
  isAdmin: boolean;
  isBuyer: boolean;
  isSeller: boolean;
  isVerified: boolean;
  /** True while any of the three checks has no answer yet. */
  isPending: boolean;
}

/** Roles are asked from the server with the user's email. A failed check counts as "no". */
export function useRoles(email: string | undefined): Roles {
  const admin = useIsAdmin(email);
  const buyer = useIsBuyer(email);
  const seller = useIsSeller(email);
  const settled = (q: { isPending: boolean; isError: boolean }) => !q.isPending || q.isError;
  return {
    isAdmin: admin.data?.isAdmin === true,
    isBuyer: buyer.data?.isBuyer === true,
    isSeller: seller.data?.isSeller === true,
    isVerified: seller.data?.isVerified === true,
    isPending: !!email && !(settled(admin) && settled(buyer) && settled(seller)),
  };
}

/** One role check, for a guard that needs only that role. */
export function useHasRole(role: RoleName, email: string | undefined): { allowed: boolean; isPending: boolean } {
  const admin = useIsAdmin(role === 'admin' ? email : undefined);
  const buyer = useIsBuyer(role === 'buyer' ? email : undefined);
  const seller = useIsSeller(role === 'seller' ? email : undefined);
  const q = role === 'admin' ? admin : role === 'buyer' ? buyer : seller;
  const allowed =
    role === 'admin'
      ? admin.data?.isAdmin === true
      : role === 'buyer'
        ? buyer.data?.isBuyer === true
        : seller.data?.isSeller === true;
  return { allowed, isPending: !!email && q.isPending && !q.isError };
}
