import { Megaphone } from 'lucide-react';
import { MESSAGES, type Product } from '@shop/contract';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAdvertiseProduct } from '../api/advertise-product';

/**
 * Advertise one of the seller's products on the home page; disabled once sold or advertised. `held`:
 * a buyer paid and the money is held until the hand-off, so it reads "Reserved", not "Sold".
 */
export function AdButton({ product, held = false }: { product: Product; held?: boolean }) {
  const advertise = useAdvertiseProduct();
  const sold = product.status === 'sold';
  const advertised = product.advertised;
  const busy = advertise.isPending && advertise.variables === product._id;
  const onClick = () =>
    advertise.mutate(product._id, {
      onSuccess: (result) => {
        if (result?.acknowledged) toast.success(MESSAGES.advertiseAdded);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  const label = sold ? (held ? 'Reserved' : 'Sold') : advertised ? 'Advertised' : 'Advertise';
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary btn-block"
      disabled={sold || advertised || busy || product.status === 'unlisted'}
      onClick={onClick}
      aria-label={
        sold
          ? `${product.name} is ${held ? 'reserved' : 'sold'}`
          : advertised
            ? `${product.name} is advertised`
            : `Advertise ${product.name}`
      }
    >
      {busy ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <Megaphone size={16} aria-hidden="true" />
      )}
      {label}
    </button>
  );
}
