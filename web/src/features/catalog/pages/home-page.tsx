import { Suspense } from 'react';
import { paths } from '@/config/paths';
import { lazy } from '@/lib/lazy';
import { AdvertisementSection } from '../components/advertisement-section';
import { FeaturedCollection } from '../components/featured-collection';
import { CountSkeleton, countRowClass, ProductGridSkeleton } from '../components/product-card-skeleton';
import { PromoBanner } from '../components/promo-banner';
import { RecentlyViewed } from '../components/recently-viewed';
import { FilterBarPlaceholder } from '../filters/filter-layout';

// Its code (filters, list, cards) loads while the banner paints; the server's page has it rendered.
const OurProducts = lazy(() => import('../components/our-products').then((m) => ({ default: m.OurProducts })));

/**
 * Home, in the order of docs/product.md#home-page: a compact promo banner, then 'Our Products' with
 * search, filters and sort kept in the URL (docs/product.md#product-lists-search-and-filters), so the
 * search and the first products are on the first screen; then the Advertisement section (hidden when
 * empty) and the Featured Collection.
 */
export function HomePage() {
  return (
    <div className="flex flex-col gap-6 sm:gap-14">
      <PromoBanner />
      <section
        id={paths.catalogue.hash}
        aria-labelledby="products-title"
        className="flex scroll-mt-4 flex-col gap-3 sm:gap-5 md:scroll-mt-20"
      >
        <div>
          <h2 id="products-title" className="text-2xl font-bold sm:text-3xl">
            Our Products
          </h2>
          <p className="hidden text-base-content/70 sm:block">Everything for sale right now.</p>
        </div>
        <Suspense fallback={<OurProductsPlaceholder />}>
          <OurProducts />
        </Suspense>
      </section>
      <RecentlyViewed />
      <AdvertisementSection />
      <FeaturedCollection />
    </div>
  );
}

/** The section as it looks while its products load, so the swap moves nothing. */
function OurProductsPlaceholder() {
  return (
    <>
      <FilterBarPlaceholder fields={6} />
      <div className="flex flex-col gap-3">
        <div className={countRowClass}>
          <CountSkeleton />
        </div>
        <ProductGridSkeleton label="Our Products" />
      </div>
    </>
  );
}
