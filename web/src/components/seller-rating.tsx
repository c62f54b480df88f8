import { CssIcon } from './css-icon';
import { pluralize } from '@/lib/format';

interface SellerRatingProps {
  /** The average, one decimal; null without reviews. */
  rating: number | null;
  count: number;
  /** 'xs' on the photo of a phone card. */
  size?: 'sm' | 'xs';
  className?: string;
}

/** "★ 4.5 (12)": a seller's average and review count, read as one phrase by screen readers. */
export function SellerRating({ rating, count, size = 'sm', className = '' }: SellerRatingProps) {
  if (rating === null || count === 0) return <span className={`text-xs text-base-content/70 ${className}`}>No reviews yet</span>;
  const label = `Rated ${rating.toFixed(1)} out of 5 from ${count} ${pluralize(count, 'review')}`;
  return (
    <span
      className={`inline-flex items-center gap-0.5 ${size === 'xs' ? 'text-xs' : 'text-sm'} ${className}`}
      role="img"
      aria-label={label}
      title={label}
    >
      <CssIcon name="star" className={`text-warning ${size === 'xs' ? 'size-3' : 'size-3.5'}`} />
      <span className="font-medium">{rating.toFixed(1)}</span>
      <span className="text-base-content/70">({count})</span>
    </span>
  );
}
