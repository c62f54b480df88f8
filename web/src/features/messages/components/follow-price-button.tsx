import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePriceWatches } from '@/features/messages/api/get-price-watches';
import { useSetPriceWatch } from '@/features/messages/api/set-price-watch';

/** Follow a listing for a price drop (a notification when its seller cuts the price). Signed-in people only. */
export function FollowPriceButton({ productId }: { productId: string }) {
  const { user } = useUser();
  const watches = usePriceWatches(!!user);
  const set = useSetPriceWatch();
  if (!user || watches.isPending) return null;
  const watching = !!watches.data?.some((w) => w.productId === productId);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-pressed={watching}
      disabled={set.isPending}
      onClick={() =>
        set.mutate(
          { productId, watching: !watching },
          {
            onSuccess: () =>
              toast.success(watching ? 'You no longer follow this price.' : 'We will tell you when the price drops.'),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      {watching ? 'Following the price' : 'Tell me if the price drops'}
    </button>
  );
}
