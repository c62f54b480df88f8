import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { errorMessage, isApiError } from '@/lib/api';
import type { LoginLocationState } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useOpenConversation } from '@/features/messages/api/open-conversation';

/**
 * "Ask the seller" on a product page: opens (or finds) the conversation and goes to it; signed out, to
 * the login first. `compact`: a small "Message the seller" for a booking's row; `label` names it otherwise.
 */
export function AskSellerButton({ productId, compact = false, label }: { productId: string; compact?: boolean; label?: string }) {
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const open = useOpenConversation();
  if (!user) {
    const state: LoginLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return (
      <Link to={paths.login.getHref()} state={state} className="btn btn-outline">
        Ask the seller
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={compact ? 'btn btn-outline btn-xs whitespace-nowrap' : 'btn btn-outline'}
      disabled={open.isPending}
      onClick={() =>
        open.mutate(productId, {
          onSuccess: (c) => navigate(paths.dashboard.conversation.getHref(c._id)),
          onError: (error) =>
            toast.error(isApiError(error) && error.code === 'own_listing' ? 'This is your own listing.' : errorMessage(error)),
        })
      }
    >
      {label ?? (compact ? 'Message the seller' : 'Ask the seller')}
    </button>
  );
}
