import { Link, useLocation, useParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useCategoryProducts } from '../api/get-category-products';
import { ProductList } from '../components/product-list';
import { FilterBar } from '../filters/filter-bar';
import { clearedSearch, isFiltered, useProductFilters } from '../filters/search-params';
import { useBuyNow } from '../hooks/use-buy-now';

/** /category/:category (login required): the products of one category, with search and filters in the URL. */
export function CategoryPage() {
  const { category = '' } = useParams();
  const { pathname } = useLocation();
  const { filters, setFilters, searchParams } = useProductFilters({ allowCategory: false });
  const products = useCategoryProducts(category, filters);
  const { onBuy, modal } = useBuyNow();
  const notFound = isApiError(products.error) && products.error.status === 404;

  return (
    <section aria-labelledby="category-title" className="flex flex-col gap-6">
      <div className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to={paths.home.getHref()}>Home</Link>
          </li>
          <li aria-current="page">{category}</li>
        </ul>
      </div>
      <div>
        <h1 id="category-title" className="text-3xl font-bold">
          {notFound ? 'Category not found' : category}
        </h1>
        {notFound ? null : <p className="text-base-content/70">Used {category} for sale, from sellers near you.</p>}
      </div>
      {notFound ? (
        <EmptyState
          title={`We have no category called “${category}”`}
          icon={<SearchX size={40} />}
          action={
            <Link to={paths.home.getHref()} className="btn btn-primary">
              See all categories
            </Link>
          }
        >
          Pick one of the categories on the home page.
        </EmptyState>
      ) : (
        <>
          <FilterBar filters={filters} onChange={setFilters} allowCategory={false} category={category} />
          <ProductList
            query={products}
            onBuy={onBuy}
            label={`${category} products`}
            headingLevel={2}
            clearTo={isFiltered(filters) ? `${pathname}${clearedSearch(filters, searchParams)}` : undefined}
            empty={
              <EmptyState
                title={`No ${category} for sale right now`}
                action={
                  <Link to={paths.home.getHref()} className="btn btn-outline">
                    Browse all products
                  </Link>
                }
              >
                New items arrive every day. Try another category meanwhile.
              </EmptyState>
            }
          />
        </>
      )}
      {modal}
    </section>
  );
}
