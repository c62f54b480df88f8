import { Link, useParams } from 'react-router';
import { BadgeCheck, CalendarDays, PackageCheck } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { SellerRating } from '@/components/seller-rating';
import { PageSpinner, Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useShopName } from '@/hooks/use-shop-name';
import { useUser } from '@/hooks/use-user';
import { isApiError } from '@/lib/api';
import { formatMonthYear, formatMoney } from '@/lib/format';
import { useSellerProducts, useSellerProfile } from '@/features/trust/api/trust-api';
import { ReportButton } from '@/features/trust/components/report-button';
import { ReviewList } from '@/features/trust/components/review-list';
import { SELLER_NOT_FOUND_META, sellerMeta } from '@shop/contract';
import { usePageMeta } from '@/lib/page-meta';

function Listings({ sellerId }: { sellerId: string }) {
  const products = useSellerProducts(sellerId);
  if (products.isPending) return <Spinner label="Loading listings…" />;
  if (products.isError)
    return <ErrorState title="Could not load the listings" error={products.error} onRetry={() => void products.refetch()} />;
  const items = products.data.pages.flatMap((p) => p.items);
  if (!items.length) return <EmptyState title="Nothing for sale right now" />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((p) => (
          <li key={p._id} className="card relative border border-base-300 bg-base-100">
            <figure className="bg-base-200">
              <Img
                src={p.photos[0]?.url ?? p.img}
                photo={p.photos[0]}
                alt=""
                width={400}
                height={300}
                sizes="(min-width: 1024px) 25vw, 50vw"
                className="h-auto w-full object-cover"
              />
            </figure>
            <div className="card-body gap-1 p-3">
              <h3 className="line-clamp-2 text-sm font-semibold">
                <Link to={paths.product.getHref(p._id)} className="link-hover after:absolute after:inset-0">
                  {p.name}
                </Link>
              </h3>
              <p className="font-bold text-primary">{formatMoney(p.price)}</p>
              <p className="text-xs text-base-content/70">{p.location}</p>
            </div>
          </li>
        ))}
      </ul>
      {products.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline self-center"
          onClick={() => void products.fetchNextPage()}
          disabled={products.isFetchingNextPage}
        >
          More listings
        </button>
      ) : null}
    </div>
  );
}

/** /seller/:id: a seller's public page: who they are, their rating and reviews, what they sell now. */
export function SellerPage() {
  const { id = '' } = useParams();
  const { user } = useUser();
  const shopName = useShopName();
  const profile = useSellerProfile(id);
  const notFound = isApiError(profile.error) && profile.error.status === 404;
  const meta = profile.data ? sellerMeta(profile.data, shopName) : null;
  usePageMeta(meta ? meta.title : notFound ? SELLER_NOT_FOUND_META.title : null, meta?.description);
  if (profile.isPending) return <PageSpinner label="Loading the seller…" />;
  if (profile.isError)
    return notFound ? (
      <EmptyState title="Seller not found">This account does not exist, or is no longer active.</EmptyState>
    ) : (
      <ErrorState title="Could not load the seller" error={profile.error} onRetry={() => void profile.refetch()} />
    );
  const s = profile.data;
  // Not the browser's locale or time zone: the server rendered this page, and the browser must draw the same.
  const since = formatMonthYear(Date.parse(s.memberSince));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          {s.name}
          {s.verified ? (
            <span className="badge badge-info gap-1">
              <BadgeCheck size={14} aria-hidden="true" />
              Verified seller
            </span>
          ) : null}
        </h1>
        <SellerRating rating={s.rating} count={s.reviews} />
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
          <li className="flex items-center gap-1">
            <CalendarDays size={14} aria-hidden="true" />
            Member since {since}
          </li>
          <li className="flex items-center gap-1">
            <PackageCheck size={14} aria-hidden="true" />
            {s.completedSales} completed {s.completedSales === 1 ? 'sale' : 'sales'}
          </li>
        </ul>
        {user && user.id !== s._id ? (
          <div>
            <ReportButton kind="user" targetId={s._id} label="Report this user" />
          </div>
        ) : null}
      </header>
      <section aria-labelledby="seller-listings" className="flex flex-col gap-3">
        <h2 id="seller-listings" className="text-xl font-bold">
          For sale
        </h2>
        <Listings sellerId={s._id} />
      </section>
      <section aria-labelledby="seller-reviews" className="flex flex-col gap-3">
        <h2 id="seller-reviews" className="text-xl font-bold">
          Reviews
        </h2>
        <ReviewList sellerId={s._id} />
      </section>
    </div>
  );
}
