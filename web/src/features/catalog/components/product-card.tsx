import type { Product } from '@shop/contract';
import { CssIcon } from '@/components/css-icon';
import { FavoriteButton } from '@/components/favorite-button';
import { usePhone } from '@/hooks/use-phone';
import { Img } from '@/components/img';
import { SellerRating } from '@/components/seller-rating';
import { VerifiedTick } from '@/components/verified-tick';
import { paths } from '@/config/paths';
import { formatDate, formatDistance, formatMoney, formatYears } from '@/lib/format';
import { percentBelow } from '../lib/pricing';
import { CardLink } from './card-link';
import { PriceDrop } from './price-drop';
import { DEVICE_STRINGS } from '@shop/contract/device-strings';

interface ProductCardProps {
  product: Product;
  onBuy?: (product: Product) => void;
  /** First row of the grid: load the image at once. */
  priority?: boolean;
  /** Replaces the Buy now button (e.g. the seller's Ad button). */
  action?: React.ReactNode;
  /** Extra badges (e.g. Sold, Advertised). */
  badges?: React.ReactNode;
  /** The card title's level: 3 under a section heading (home), 2 right under the page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * A product with everything a card shows (docs/product.md#product-lists-search-and-filters): name,
 * image, price, location, seller (+tick), used years, original price, date. The title links to the product page and its hit area covers the
 * whole card (one tab stop per card); the buttons sit above it. Below `sm` (phones, two cards a row) the
 * card is compact: photo, condition, name, price, place and the verified tick; the rest, and Buy now,
 * are on the product page the card opens (a given `action`, such as the seller's Ad button, stays).
 * On a phone (usePhone: the browser said so) those parts are not drawn at all: about 28 elements a card
 * that the browser would parse and style and React hydrate for nothing (a phone turned sideways past
 * `sm` shows the compact card in the wider grid).
 */
export function ProductCard({ product, onBuy, priority = false, action, badges, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const saving = percentBelow(product.price, product.original_price);
  const phone = usePhone();
  return (
    <article
      className="card relative h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
      aria-labelledby={`product-${product._id}`}
    >
      <figure className="relative bg-base-200">
        <Img
          src={product.photos[0]?.url ?? product.img}
          photo={product.photos[0]}
          avif
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          alt={product.name}
          width={400}
          height={300}
          priority={priority}
          className="h-auto w-full object-cover"
        />
        <div className="absolute left-2 right-14 top-2 flex flex-wrap gap-1">
          <span className="badge badge-neutral badge-sm">{product.condition}</span>
          <PriceDrop product={product} badgeOnly className="sm:hidden" />
          {product.goodPrice ? <span className="badge badge-success badge-sm">{DEVICE_STRINGS.goodPrice}</span> : null}
          {badges}
        </div>
        <FavoriteButton
          productId={product._id}
          name={product.name}
          sellerId={product.sellerId}
          className="absolute right-2 top-2 z-10"
        />
        {product.sellerReviews ? (
          // Phones: on the photo, so the compact card keeps its height.
          <div className="badge badge-sm absolute bottom-2 left-2 bg-base-100/90 sm:hidden">
            <SellerRating rating={product.sellerRating} count={product.sellerReviews} size="xs" />
          </div>
        ) : null}
      </figure>
      <div className="card-body gap-1 p-2.5 sm:gap-2 sm:p-4">
        <Heading
          id={`product-${product._id}`}
          className="card-title line-clamp-2 min-h-[2lh] text-sm leading-snug sm:line-clamp-none sm:min-h-0 sm:text-base"
        >
          <CardLink to={paths.product.getHref(product._id)}>{product.name}</CardLink>
        </Heading>
        <div className="flex items-baseline gap-1 sm:gap-2">
          <p className="shrink-0 text-base font-bold text-primary sm:text-2xl">
            <span className="sr-only">Price: </span>
            {formatMoney(product.price)}
          </p>
          {saving && !phone ? (
            <span className="badge badge-success badge-soft badge-sm hidden sm:inline-flex">{saving}% off</span>
          ) : null}
          <p className="ml-auto flex min-w-0 items-center gap-0.5 text-xs text-base-content/80 sm:hidden">
            <CssIcon name="map-pin" className="size-3" />
            <span className="sr-only">Location: </span>
            <span className="truncate">
              {product.distanceKm !== undefined ? `${formatDistance(product.distanceKm)} · ` : ''}
              {product.location}
            </span>
            {product.sellerStatus === 'verified' ? <VerifiedTick /> : null}
          </p>
        </div>
        {phone ? null : (
          <>
            <PriceDrop product={product} className="hidden sm:flex" />
            <dl className="hidden grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm text-base-content/80 sm:grid">
              <dt className="flex items-center gap-1">
                <CssIcon name="tag" className="size-3.5" />
                Original price
              </dt>
              <dd className="line-through decoration-base-content/40">{formatMoney(product.original_price)}</dd>
              <dt className="flex items-center gap-1">
                <CssIcon name="map-pin" className="size-3.5" />
                Location
              </dt>
              <dd>
                {product.location}
                {product.distanceKm !== undefined ? (
                  <span className="text-base-content/70"> · {formatDistance(product.distanceKm)} away</span>
                ) : null}
              </dd>
              <dt className="flex items-center gap-1">
                <CssIcon name="clock" className="size-3.5" />
                Used
              </dt>
              <dd>{formatYears(product.used_year)}</dd>
              <dt className="flex items-center gap-1">
                <CssIcon name="calendar-days" className="size-3.5" />
                Posted
              </dt>
              <dd>{formatDate(product.date)}</dd>
            </dl>
            <p className="hidden flex-wrap items-center gap-1 text-sm sm:flex">
              <span className="text-base-content/70">Seller:</span>
              <span className="font-medium">{product.seller}</span>
              {product.sellerStatus === 'verified' ? <VerifiedTick /> : null}
              <SellerRating rating={product.sellerRating} count={product.sellerReviews} />
            </p>
          </>
        )}
        {phone && !action ? null : (
          <div className={`card-actions relative z-10 mt-auto pt-2 ${action ? '' : 'hidden sm:flex'}`}>
            {action ??
              (onBuy ? (
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  onClick={() => onBuy(product)}
                  aria-label={`Buy now: ${product.name}`}
                >
                  Buy now
                </button>
              ) : null)}
          </div>
        )}
      </div>
    </article>
  );
}

/** Kept here for existing imports; the skeleton lives apart so a placeholder can use it without the card. */
export { ProductCardSkeleton } from './product-card-skeleton';
