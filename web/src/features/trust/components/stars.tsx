import { Star } from 'lucide-react';

/** A review's stars, read as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          size={16}
          aria-hidden="true"
          className={n <= rating ? 'fill-warning text-warning' : 'text-base-content/30'}
        />
      ))}
    </span>
  );
}
