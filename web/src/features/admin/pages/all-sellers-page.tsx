import { BadgeCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { MESSAGES, type User } from '@shop/contract';
import { errorMessage } from '@/lib/api';
import { useAllSellers } from '../api/get-all-sellers';
import { useVerifySeller } from '../api/verify-seller';
import { UsersTable } from '../components/users-table';

function VerifyCell({ user }: { user: User }) {
  const verify = useVerifySeller();
  const verified = user.verified || user.status === 'verified';
  return (
    <td>
      {verified ? (
        <span className="badge badge-success gap-1">
          <BadgeCheck size={14} aria-hidden="true" />
          Verified
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={verify.isPending}
          aria-label={`Verify ${user.name}`}
          onClick={() =>
            verify.mutate(user._id, {
              onSuccess: (result) => {
                if (result?.acknowledged) toast.success(MESSAGES.sellerVerified);
              },
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {verify.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Verify
        </button>
      )}
    </td>
  );
}

/** /dashboard/allseller (admin): verify and delete sellers. */
export function AllSellersPage() {
  const sellers = useAllSellers();
  return (
    <UsersTable
      title="All Sellers"
      kind="seller"
      query={sellers}
      deletedMessage={MESSAGES.userDeleted}
      extraHeader={<th scope="col">Status</th>}
      extraCell={(user) => <VerifyCell user={user} />}
    />
  );
}
