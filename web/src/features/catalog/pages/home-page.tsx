import { Suspense } from 'react';
import { lazy } from '@/lib/lazy';
import { AdvertisementSection } from '../components/advertisement-section';
import { FeaturedCollection } from '../components/featured-collection';
import { CountSkeleton, countRowClass, ProductGridSkeleton } from '../components/product-card-skeleton';
import { PromoBanner } from '../components/promo-banner';
import { FilterBarPlaceholder } from '../filters/filter-layout';

// Below the first screen: its code (filters, list, cards) loads while the banner paints.
const OurProducts = lazy(() => import('../components/our-products').then((m) => ({ default: m.OurProducts })));

/**
 * Home, in the order of docs/product.md#home-page: promo banner, the Advertisement section (hidden
 * when empty), the Featured Collection, then 'Our Products' with search, filters and sort kept in the
 * URL (docs/product.md#product-lists-search-and-filters).
 */
export function HomePage() {
  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      <PromoBanner />
      <AdvertisementSection />
      <FeaturedCollection />
      <section id="our-products" aria-labelledby="products-title" className="flex scroll-mt-20 flex-col gap-5">
        <div>
          <h2 id="products-title" className="text-2xl font-bold sm:text-3xl">
            Our Products
          </h2>
          <p className="text-base-content/70">Everything for sale right now.</p>
        </div>
        <Suspense fallback={<OurProductsPlaceholder />}>
          <OurProducts />
        </Suspense>
      </section>
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
