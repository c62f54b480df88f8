import { useIsAdmin } from '../api/get-is-admin';
import { useIsBuyer } from '../api/get-is-buyer';
import { useIsSeller } from '../api/get-is-seller';

export type RoleName = 'buyer' | 'seller' | 'admin';

export interface Roles {
  isAdmin: boolean;
  isBuyer: boolean;
  isSeller: boolean;
  isVerified: boolean;
  /** True while any of the three checks has no answer yet. */
  isPending: boolean;
}

/** SPEC.md 6: roles are asked from the server with the user's email. A failed check counts as "no". */
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
    role === 'admin' ? admin.data?.isAdmin === true : role === 'buyer' ? buyer.data?.isBuyer === true : seller.data?.isSeller === true;
  return { allowed, isPending: !!email && q.isPending && !q.isError };
}
