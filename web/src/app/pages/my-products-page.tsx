import { Link } from 'react-router';
import { Heart, PackagePlus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { ErrorState } from '@/components/error-state';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { ProductCard, ProductCardSkeleton } from '@/features/catalog/components/product-card';
import { useHeldSales } from '@/features/seller/api/get-sales';
import { useListingSaves } from '@/features/seller/api/get-listing-saves';
import { useSellerProducts } from '@/features/seller/api/get-seller-products';
import { AdButton } from '@/features/seller/components/ad-button';
import { ListingActions } from '@/features/seller/components/listing-actions';
import { ProductBookings } from '@/features/seller/components/product-bookings';
import { useUser } from '@/hooks/use-user';

/**
 * /dashboard/myproducts (seller): own products, as the catalog's cards, each with the seller's Ad button,
 * edit / unlist / relist / mark sold, and its bookings.
 */
export function MyProductsPage() {
  const { user } = useUser();
  const products = useSellerProducts(user?.email);
  const saves = useListingSaves();
  // A paid item is only "Sold" once handed over: while the buyer's money is held it is "Paid, held".
  const list = products.data ?? [];
  const held = useHeldSales(list.some((p) => p.status === 'sold'));
  const heldIds = new Set(held.data?.pages.flatMap((page) => page.items.map((s) => s.productId)));
  const soldBadge = (id: string) =>
    heldIds.has(id) ? (
      <OrderStatusBadge status="paid" size="sm" />
    ) : held.isPending ? null : (
      <span className="badge badge-success badge-sm">Sold</span>
    );

  if (products.isPending) {
    return (
      <section className="flex flex-col gap-4" role="status" aria-label="Loading your products">
        <h1 className="sr-only">My Products</h1>
        <div className="skeleton h-8 w-56" />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
          <Repeat count={3}>
            <ProductCardSkeleton />
          </Repeat>
        </div>
      </section>
    );
  }
  if (products.isError) {
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">My Products</h1>
        <ErrorState title="Could not load your products" error={products.error} onRetry={() => void products.refetch()} />
      </section>
    );
  }

  return (
    <section aria-labelledby="my-products-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="my-products-title" className="text-2xl font-bold">
          You Have {list.length} Products
        </h1>
        <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary btn-sm">
          <PackagePlus size={16} aria-hidden="true" />
          Add a product
        </Link>
      </div>
      {list.length === 0 ? (
        <EmptyState
          title="You have not listed anything yet"
          action={
            <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary">
              Add your first product
            </Link>
          }
        >
          List a used device in a minute; advertise it to show it on the home page.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((product) => (
            <li key={product._id}>
              <ProductCard
                product={product}
                headingLevel={2}
                action={
                  <div className="flex w-full flex-col gap-2">
                    <AdButton product={product} held={heldIds.has(product._id)} />
                    <ListingActions product={product} />
                    <ProductBookings productId={product._id} productName={product.name} />
                  </div>
                }
                badges={
                  <>
                    {savedBadge(saves.data?.get(product._id) ?? 0)}
                    {statusBadge(product)}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  function statusBadge(product: (typeof list)[number]) {
    return product.status === 'sold' ? (
      soldBadge(product._id)
    ) : product.status === 'unlisted' ? (
      <span className="badge badge-warning badge-sm">Unlisted</span>
    ) : product.advertised ? (
      <span className="badge badge-secondary badge-sm">Advertised</span>
    ) : null;
  }
}

/** How many people saved a listing (none: no badge). */
function savedBadge(n: number) {
  if (!n) return null;
  return (
    <span className="badge badge-sm gap-1 bg-base-100/90">
      <Heart size={12} className="fill-error text-error" aria-hidden="true" />
      {n === 1 ? 'Saved by 1 person' : `Saved by ${n} people`}
    </span>
  );
}
