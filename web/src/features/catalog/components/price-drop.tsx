import type { Product } from '@shop/contract';
import { formatMoney } from '@/lib/format';

/** "Price dropped" with the price before the cut, while the server says the cut is recent (14 days). */
export function PriceDrop({
  product,
  className = '',
  badgeOnly = false,
}: {
  product: Pick<Product, 'priceBeforeDrop' | 'price'>;
  className?: string;
  /** Only the badge (a compact phone card shows it on the photo, without the old price). */
  badgeOnly?: boolean;
}) {
  if (product.priceBeforeDrop === null || product.priceBeforeDrop <= product.price) return null;
  if (badgeOnly) return <span className={`badge badge-warning badge-sm ${className}`}>Price dropped</span>;
  return (
    <p className={`flex flex-wrap items-center gap-1 text-xs ${className}`}>
      <span className="badge badge-warning badge-sm">Price dropped</span>
      <span className="text-base-content/70">
        was <s>{formatMoney(product.priceBeforeDrop)}</s>
      </span>
    </p>
  );
}
