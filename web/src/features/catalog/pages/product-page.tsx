import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { PRODUCT_NOT_FOUND_META, type Product, type ProductDetail, productMeta } from '@shop/contract';
import { CalendarDays, Clock, MapPin, PackageSearch, ShieldCheck, Store, Tag } from 'lucide-react';
import { calloutClass } from '@/components/callout';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { FavoriteButton } from '@/components/favorite-button';
import { useTalkSlots } from '@/hooks/use-talk';
import { useTrustSlots } from '@/hooks/use-trust';
import { SellerRating } from '@/components/seller-rating';
import { VerifiedTick } from '@/components/verified-tick';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { useUser } from '@/hooks/use-user';
import { isApiError } from '@/lib/api';
import { formatDate, formatMoney, formatYears } from '@/lib/format';
import { RELATED_COUNT, useProduct, useRelatedProducts } from '../api/get-product';
import { PhotoGallery } from '../components/photo-gallery';
import { ProductCard } from '../components/product-card';
import { ProductCardSkeleton } from '../components/product-card-skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { ConditionReport } from '../components/condition-report';
import { DeviceFacts } from '../components/device-facts';
import { SellerInsights } from '../components/seller-insights';
import { MakeOffer } from '../components/make-offer';
import { RecentlyViewed } from '../components/recently-viewed';
import { useRecordView } from '../hooks/use-recently-viewed';
import { PriceDrop } from '../components/price-drop';
import { ShareButton } from '../components/share-button';
import { useBuyNow } from '../hooks/use-buy-now';
import { useYourBooking } from '@/hooks/use-booking-modal';
import { percentBelow } from '../lib/pricing';

/** "3 Nov 2025" from createdAt (UTC: the page is rendered on the server), or from the API's d/m/yyyy `date` when that is all there is. */
export function postedDate(product: Pick<Product, 'createdAt' | 'date'>): string {
  return formatDate(product.createdAt, { utc: true }) || formatDate(product.date);
}

/** /product/:id (public): one product with everything about it, Buy now, and related items. */
export function ProductPage() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  const product = query.data;
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  const meta = product ? productMeta(product) : null;
  usePageMeta(meta ? meta.title : notFound ? PRODUCT_NOT_FOUND_META.title : null, meta?.description);

  let body: React.ReactNode;
  if (query.isPending) body = <ProductSkeleton />;
  else if (notFound) body = <ProductNotFound />;
  else if (!product) {
    body = (
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Product</h1>
        <ErrorState title="Could not load this product" error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  } else body = <ProductDetails product={product} />;
  return body;
}

function Breadcrumbs({ product }: { product: Product }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ul>
        <li>
          <Link to={paths.home.getHref()}>Home</Link>
        </li>
        <li>
          <Link to={paths.catalogue.getHref({ category: product.category })}>{product.category}</Link>
        </li>
        <li aria-current="page" className="max-w-[60vw] truncate">
          {product.name}
        </li>
      </ul>
    </nav>
  );
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3 py-2">
      <span className="mt-0.5 text-base-content/60" aria-hidden="true">
        {icon}
      </span>
      <dt className="w-28 shrink-0 text-base-content/70">{label}</dt>
      <dd className="min-w-0 flex-1 font-medium">{children}</dd>
    </div>
  );
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const { user } = useUser();
  const { onBuy, modal } = useBuyNow();
  const talk = useTalkSlots();
  const trust = useTrustSlots();
  const sold = product.status === 'sold';
  const unlisted = product.status === 'unlisted';
  /** The signed-in person's own listing: no booking, offer or heart of their own. */
  const own = !!user && user.id === product.sellerId;
  useRecordView({
    productId: product._id,
    name: product.name,
    img: product.photos[0]?.url ?? product.img,
    price: product.price,
    status: product.status === 'sold' ? 'sold' : product.status === 'unlisted' ? 'unlisted' : 'available',
  });
  const below = percentBelow(product.price, product.original_price);
  const YourBooking = useYourBooking();
  /** Sold and unlisted come first: the owner of a sold item is told it is sold, not that buyers can book it. */
  const buyBlock = sold ? (
    <div role="status" className={calloutClass('warning')}>
      <p className="text-base font-semibold">Sold</p>
      <p>This item has found a new owner and can no longer be booked. Have a look at similar items below.</p>
    </div>
  ) : unlisted ? (
    <div role="status" className={calloutClass('info')}>
      <p className="text-base font-semibold">Unlisted</p>
      <p>The seller has taken this item off sale for now, so it cannot be booked. Have a look at similar items below.</p>
    </div>
  ) : own ? (
    <div role="status" className={calloutClass('info')}>
      <p className="text-base font-semibold">This is your listing</p>
      <p>
        Buyers book it or make offers here.{' '}
        <Link to={paths.dashboard.myProducts.getHref()} className="link">
          Manage it in My Products
        </Link>
        .
      </p>
    </div>
  ) : (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-primary btn-lg w-full sm:w-auto sm:self-start sm:px-12"
        onClick={() => onBuy(product)}
      >
        Buy now
      </button>
      <MakeOffer productId={product._id} name={product.name} price={product.price} location={product.location} />
      <p className="text-sm text-base-content/70">
        {user
          ? 'Book it and pay by card: the money is held until you meet, check it works and hand over your code.'
          : 'You will log in first, then come back here to book it.'}
      </p>
      {talk ? (
        <Suspense fallback={null}>
          <div className="flex flex-wrap items-center gap-2">
            <talk.AskSeller productId={product._id} />
          </div>
        </Suspense>
      ) : null}
    </div>
  );

  return (
    <div className="flex flex-col gap-12">
      <div className="flex flex-col gap-4">
        <Breadcrumbs product={product} />
        <article aria-labelledby="product-title" className="grid items-start gap-8 lg:grid-cols-2">
          <PhotoGallery
            product={product}
            badge={sold ? <span className="badge badge-neutral badge-lg absolute left-3 top-3 font-semibold">Sold</span> : null}
          />

          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="badge badge-outline">{product.category}</span>
                <span className="badge badge-neutral">{product.condition}</span>
                <ShareButton title={product.name} path={paths.product.getHref(product._id)} className="ml-auto" />
                <FavoriteButton productId={product._id} name={product.name} sellerId={product.sellerId} />
              </div>
              <h1 id="product-title" className="text-3xl font-bold leading-tight sm:text-4xl">
                {product.name}
              </h1>
            </div>

            <div className="flex flex-col gap-1">
              <p className={`text-4xl font-extrabold ${sold ? 'text-base-content/60' : 'text-primary'}`}>
                <span className="sr-only">Price: </span>
                {formatMoney(product.price)}
              </p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base-content/80">
                <span>
                  Original price <s className="decoration-base-content/50">{formatMoney(product.original_price)}</s>
                </span>
                {below ? (
                  <span className="badge badge-success badge-soft font-semibold">{below}% below original price</span>
                ) : null}
              </p>
              {sold ? null : <PriceDrop product={product} className="text-sm" />}
            </div>

            {YourBooking && user && !own ? (
              // The buyer's own booking of it (booked, paid and held, handed over) says what comes next, in
              // place of the buy block (hidden after it, below). Its code is lazy: the buy block stays out of
              // its Suspense boundary, so React hydrates Buy now with the page, not when that code is here
              // (a press on a part of the server's page React has not hydrated and cannot yet is dropped).
              <Suspense fallback={null}>
                <YourBooking productId={product._id} />
              </Suspense>
            ) : null}
            <div className="[[data-your-booking]+&]:hidden">{buyBlock}</div>

            <dl className="divide-y divide-base-300 border-y border-base-300 text-sm">
              <Fact icon={<Store size={16} />} label="Seller">
                <span className="inline-flex flex-wrap items-center gap-1">
                  <Link to={paths.seller.getHref(product.sellerId)} className="link link-hover">
                    {product.seller}
                  </Link>
                  {product.sellerStatus === 'verified' ? <VerifiedTick /> : null}
                  <SellerRating rating={product.sellerRating} count={product.sellerReviews} />
                </span>
                {product.sellerStatus === 'verified' ? (
                  <span className="block text-xs font-normal text-base-content/70">
                    <ShieldCheck size={12} className="mr-1 inline" aria-hidden="true" />
                    Verified by our team
                  </span>
                ) : null}
              </Fact>
              <Fact icon={<MapPin size={16} />} label="Location">
                {product.location}
              </Fact>
              <Fact icon={<Clock size={16} />} label="Used">
                {formatYears(product.used_year)}
              </Fact>
              <Fact icon={<Tag size={16} />} label="Condition">
                {product.condition}
              </Fact>
              <Fact icon={<CalendarDays size={16} />} label="Posted">
                <time dateTime={product.createdAt}>{postedDate(product)}</time>
              </Fact>
            </dl>
            {trust && user?.id !== product.sellerId ? (
              <Suspense fallback={null}>
                <div>
                  <trust.ReportButton kind="listing" targetId={product._id} label="Report this listing" />
                </div>
              </Suspense>
            ) : null}

            <section aria-labelledby="description-title" className="flex flex-col gap-2">
              <h2 id="description-title" className="text-lg font-bold">
                Description
              </h2>
              {product.description ? (
                <p className="whitespace-pre-line break-words text-base-content/90">{product.description}</p>
              ) : (
                <p className="text-base-content/70">The seller did not add a description.</p>
              )}
            </section>
            {own ? <SellerInsights productId={product._id} /> : null}
            <DeviceFacts product={product} />
            <ConditionReport product={product} />
          </div>
        </article>
      </div>

      <RelatedProducts product={product} onBuy={onBuy} />
      <RecentlyViewed exclude={product._id} />
      {modal}
    </div>
  );
}

/** A row of related items: two on a phone, four on a wide screen (RELATED_COUNT). */
const relatedGridClass = 'grid grid-cols-2 gap-2 sm:gap-5 lg:grid-cols-4';

/** Items of the same category, below the product: asked for when the person scrolls towards them. */
function RelatedProducts({ product, onBuy }: { product: Product; onBuy: (p: Product) => void }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const related = useRelatedProducts(near ? product.category : undefined, product._id);
  if (!related.isPending && related.items.length === 0) return null;
  return (
    <section ref={ref} aria-labelledby="related-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="related-title" className="text-2xl font-bold">
          More in {product.category}
        </h2>
        <Link to={paths.catalogue.getHref({ category: product.category })} className="link link-primary text-sm">
          See all in {product.category}
        </Link>
      </div>
      {!near || related.isPending ? (
        // The place of a row of cards: still before the items are asked for (a pulse far below the
        // screen would keep the phone drawing frames through the page's load), a skeleton while they load.
        <div
          className={relatedGridClass}
          data-testid="related-place"
          {...(near ? { role: 'status', 'aria-label': `Loading more in ${product.category}` } : { 'aria-hidden': true })}
        >
          <Repeat count={RELATED_COUNT}>
            <ProductCardSkeleton still={!near} />
          </Repeat>
        </div>
      ) : (
        <ul className={relatedGridClass} aria-label={`More in ${product.category}`}>
          {related.items.map((p) => (
            <li key={p._id}>
              <ProductCard product={p} onBuy={onBuy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductNotFound() {
  return (
    <div className="flex flex-col gap-4 pt-6">
      <h1 className="sr-only">Product not found</h1>
      <EmptyState
        title="We could not find this product"
        icon={<PackageSearch size={40} />}
        action={
          <Link to={paths.home.getHref()} className="btn btn-primary">
            Browse products
          </Link>
        }
      >
        It may have been removed by its seller, or the link is not quite right.
      </EmptyState>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label="Loading the product">
      <div className="skeleton h-5 w-48" />
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <div className="skeleton aspect-[4/3] w-full" />
        <div className="flex flex-col gap-5">
          <div className="skeleton h-5 w-40" />
          <div className="skeleton h-10 w-3/4" />
          <div className="skeleton h-10 w-40" />
          <div className="skeleton h-5 w-64" />
          <div className="skeleton h-12 w-full sm:w-48" />
          <div className="skeleton h-48 w-full" />
        </div>
      </div>
    </div>
  );
}
