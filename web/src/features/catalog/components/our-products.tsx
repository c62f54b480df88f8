import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { useTalkSlots } from '@/hooks/use-talk';
import { useAllProducts } from '../api/get-all-products';
import { FilterBar } from '../filters/filter-bar';
import { clearedSearch, isFiltered, useProductFilters } from '../filters/search-params';
import { useBuyNow } from '../hooks/use-buy-now';
import { ProductList } from './product-list';

/**
 * The body of the home page's 'Our Products' section: search, filters and sort (in the URL),
 * the paged list and its booking modal. A chunk of its own: the banner paints without it (the
 * server's page has it rendered).
 */
export function OurProducts() {
  const { filters, setFilters, searchParams } = useProductFilters({ allowCategory: true });
  const { pathname } = useLocation();
  const products = useAllProducts(filters);
  const { onBuy, modal } = useBuyNow();
  const talk = useTalkSlots();
  return (
    <>
      <FilterBar filters={filters} onChange={setFilters} allowCategory />
      {talk && isFiltered(filters) ? (
        <Suspense fallback={null}>
          <div className="flex justify-end">
            <talk.SaveSearch filters={filters} />
          </div>
        </Suspense>
      ) : null}
      <ProductList
        query={products}
        onBuy={onBuy}
        label="Our Products"
        // The banner is the first screen's largest picture (preloaded with the page); the cards' photos
        // load lazily, the first row at once as it is in view, without claiming a high priority.
        eager={0}
        empty="No products for sale yet. Check back soon."
        clearTo={isFiltered(filters) ? `${pathname}${clearedSearch(filters, searchParams)}` : undefined}
      />
      {modal}
    </>
  );
}
