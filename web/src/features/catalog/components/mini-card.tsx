import type { ReactNode } from 'react';
import { Img } from '@/components/img';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { CardLink } from './card-link';

/** A small card of a listing (Saved, Recently viewed): photo, name, price, and its state when not for sale. */
export function MiniCard({
  productId,
  name,
  img,
  price,
  status,
  action,
}: {
  productId: string;
  name: string;
  img: string;
  price: number;
  status: 'available' | 'sold' | 'unlisted';
  action?: ReactNode;
}) {
  return (
    <article
      className="card relative h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
      aria-labelledby={`mini-${productId}`}
    >
      <figure className="relative bg-base-200">
        <Img src={img} alt={name} width={400} height={300} className="h-auto w-full object-cover" />
        {status !== 'available' ? (
          <span className="badge badge-neutral badge-sm absolute left-2 top-2">{status === 'sold' ? 'Sold' : 'Unlisted'}</span>
        ) : null}
        {action ? <div className="absolute right-2 top-2 z-10">{action}</div> : null}
      </figure>
      <div className="card-body gap-1 p-2.5">
        <h3 id={`mini-${productId}`} className="line-clamp-2 text-sm font-semibold leading-snug">
          <CardLink to={paths.product.getHref(productId)}>{name}</CardLink>
        </h3>
        <p className={`text-base font-bold ${status === 'available' ? 'text-primary' : 'text-base-content/60'}`}>
          <span className="sr-only">Price: </span>
          {formatMoney(price)}
        </p>
      </div>
    </article>
  );
}
