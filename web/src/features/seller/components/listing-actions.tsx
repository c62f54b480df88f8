import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, EyeOff, HandCoins, Pencil } from 'lucide-react';
import type { Product } from '@shop/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useChangeListing, type ListingAction } from '../api/listing';

const CONFIRM: Record<ListingAction, { title: string; label: string; text: string; done: string; danger: boolean }> = {
  unlist: {
    title: 'Unlist this item?',
    label: 'Unlist',
    text: 'It leaves the shop until you relist it. Its page stays, saying it is unlisted; nobody can book it meanwhile.',
    done: 'Unlisted',
    danger: false,
  },
  relist: {
    title: 'Relist this item?',
    label: 'Relist',
    text: 'It is for sale again and shows in the shop.',
    done: 'Listed again',
    danger: false,
  },
  'mark-sold': {
    title: 'Mark this item sold?',
    label: 'Mark sold',
    text: 'Use this when you sold it outside the shop. Buyers who booked it and have not paid are told by mail and their bookings cancelled. This cannot be undone.',
    done: 'Marked sold',
    danger: true,
  },
};

/** Edit, unlist or relist, and mark sold: the seller's actions on one of their items, each confirmed first. */
export function ListingActions({ product }: { product: Product }) {
  const change = useChangeListing();
  const [asking, setAsking] = useState<ListingAction | null>(null);
  if (product.status === 'sold') return null;
  const confirm = asking ? CONFIRM[asking] : null;
  const run = () => {
    if (!asking) return;
    const action = asking;
    change.mutate(
      { id: product._id, action },
      {
        onSuccess: (r) => {
          const cancelled = r.cancelledBookings ? ` ${r.cancelledBookings} open booking(s) cancelled; the buyers were told.` : '';
          toast.success(`${CONFIRM[action].done}: ${product.name}.${cancelled}`);
          setAsking(null);
        },
        onError: (error) => {
          toast.error(errorMessage(error));
          setAsking(null);
        },
      },
    );
  };
  return (
    <div className="grid w-full grid-cols-3 gap-2">
      <Link
        to={paths.dashboard.editProduct.getHref(product._id)}
        className="btn btn-outline btn-sm"
        aria-label={`Edit ${product.name}`}
      >
        <Pencil size={14} aria-hidden="true" />
        Edit
      </Link>
      {product.status === 'unlisted' ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setAsking('relist')}
          aria-label={`Relist ${product.name}`}
        >
          <Eye size={14} aria-hidden="true" />
          Relist
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setAsking('unlist')}
          aria-label={`Unlist ${product.name}`}
        >
          <EyeOff size={14} aria-hidden="true" />
          Unlist
        </button>
      )}
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={() => setAsking('mark-sold')}
        aria-label={`Mark ${product.name} sold`}
      >
        <HandCoins size={14} aria-hidden="true" />
        Sold
      </button>
      <ConfirmDialog
        open={!!confirm}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? ''}
        danger={confirm?.danger}
        busy={change.isPending}
        onConfirm={run}
        onCancel={() => setAsking(null)}
      >
        <p className="font-medium">{product.name}</p>
        <p>{confirm?.text}</p>
      </ConfirmDialog>
    </div>
  );
}
