import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Product } from '@shop/contract';
import type { ReactNode } from 'react';
import { PackageOpen } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import type { ProductPage } from '../api/product-page';
import { ProductCard, ProductCardSkeleton } from './product-card';

interface ProductListProps {
  query: UseInfiniteQueryResult<InfiniteData<ProductPage>>;
  onBuy: (product: Product) => void;
  empty: ReactNode;
  /** Label of the list for assistive technology. */
  label: string;
  headingLevel?: 2 | 3;
}

export const productGridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A paged product grid with its loading, error, empty and load-more states. */
export function ProductList({ query, onBuy, empty, label, headingLevel = 3 }: ProductListProps) {
  const { data, isPending, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;

  if (isPending) {
    return (
      <div className={productGridClass} role="status" aria-label={`Loading ${label}`}>
        {Array.from({ length: 8 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError && !data) {
    return <ErrorState title="Could not load the products" error={error} onRetry={() => void refetch()} />;
  }

  const products = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? null;
  if (products.length === 0) {
    return typeof empty === 'string' ? <EmptyState title={empty} icon={<PackageOpen size={40} />} /> : <>{empty}</>;
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className={productGridClass} aria-label={label}>
        {products.map((product, index) => (
          <li key={product._id}>
            <ProductCard product={product} onBuy={onBuy} priority={index < 2} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm text-base-content/70" aria-live="polite">
          Showing {products.length}
          {total !== null && total >= products.length ? ` of ${total}` : ''} {products.length === 1 ? 'product' : 'products'}
        </p>
        {isFetchNextPageError ? <ErrorState title="Could not load more products" error={error} /> : null}
        {hasNextPage ? (
          <button type="button" className="btn btn-outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
