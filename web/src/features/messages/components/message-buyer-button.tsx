import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOpenConversation } from '@/features/messages/api/open-conversation';

/** "Message the buyer" on one of the seller's bookings: opens (or finds) the conversation with that buyer and goes to it. */
export function MessageBuyerButton({ productId, buyerId }: { productId: string; buyerId: string }) {
  const navigate = useNavigate();
  const open = useOpenConversation();
  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      disabled={open.isPending}
      onClick={() =>
        open.mutate(
          { listingId: productId, buyerId },
          {
            onSuccess: (c) => navigate(paths.dashboard.conversation.getHref(c._id)),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      Message the buyer
    </button>
  );
}
