import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Product } from '@shop/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PackageOpen, SearchX } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { groupDigits } from '@/lib/format';
import type { ProductPage } from '../api/product-page';
import { ProductCard } from './product-card';
import { CountSkeleton, countRowClass, ProductGridSkeleton, productGridClass } from './product-card-skeleton';

interface ProductListProps {
  query: UseInfiniteQueryResult<InfiniteData<ProductPage>>;
  onBuy: (product: Product) => void;
  /** Shown when there is nothing for sale at all (no search or filter set). */
  empty: ReactNode;
  /** Label of the list for assistive technology. */
  label: string;
  headingLevel?: 2 | 3;
  /**
   * Where "Clear filters" goes (the same page without them), when a search or filter narrows the
   * list; undefined when nothing does.
   */
  clearTo?: string;
  /**
   * How many of the first cards load their photo at once, at high priority: those on the first
   * screen (a category page). 0 for a list further down (home's Our Products, below the banner).
   */
  eager?: number;
}

/**
 * "48 results"; "About 12,000 results" for the server's estimate of a broad search; "24+ results"
 * when it gave no total and more pages follow.
 */
export function resultCountText(
  page: Pick<ProductPage, 'total' | 'totalExact'> | undefined,
  loaded: number,
  hasMore: boolean,
): string {
  const total = page?.total;
  if (typeof total === 'number' && total >= loaded) {
    if (!page!.totalExact) return `About ${groupDigits(total)} results`;
    return `${groupDigits(total)} ${total === 1 ? 'result' : 'results'}`;
  }
  if (hasMore) return `${groupDigits(loaded)}+ results`;
  return `${groupDigits(loaded)} ${loaded === 1 ? 'result' : 'results'}`;
}

/**
 * A card the browser neither styles, lays out nor paints while it is far off screen
 * (content-visibility: auto), its box kept at a card's height meanwhile (once drawn, at the height it
 * had). A first page of 24 cards is about 850 of the home page's elements, and a phone shows four of
 * them: at 4x CPU the others cost the first screen's style and layout. Their photos are another
 * matter: a lazy image loads once it is within Chromium's distance of the screen (1,250 px on a fast
 * connection), skipped card or not: the home page at a phone's size loads 14 card photos with this
 * class and without it (measured 2026-11-28).
 */
const offscreenCardClass = '[content-visibility:auto] [contain-intrinsic-size:auto_14rem] sm:[contain-intrinsic-size:auto_34rem]';

/** A paged product grid with its count, loading, error, empty and load-more states. */
export function ProductList({ query, onBuy, empty, label, headingLevel = 3, clearTo, eager = 2 }: ProductListProps) {
  const {
    data,
    isPending,
    isError,
    error,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    isPlaceholderData,
  } = query;
  const products = data?.pages.flatMap((page) => page.items) ?? [];
  const first = data?.pages[0];
  const failed = isError && !data;

  let body: ReactNode;
  if (isPending) {
    body = <ProductGridSkeleton label={label} />;
  } else if (failed) {
    body = <ErrorState title="Could not load the products" error={error} onRetry={() => void refetch()} />;
  } else if (products.length === 0) {
    body =
      clearTo !== undefined ? (
        <EmptyState
          title="No products match your filters"
          icon={<SearchX size={40} />}
          action={
            <Link to={clearTo} preventScrollReset className="btn btn-primary">
              Reset filters
            </Link>
          }
        >
          Try fewer filters, a wider price range or another search.
        </EmptyState>
      ) : typeof empty === 'string' ? (
        <EmptyState title={empty} icon={<PackageOpen size={40} />} />
      ) : (
        empty
      );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <ul
          className={`${productGridClass} transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label={label}
          aria-busy={isPlaceholderData || undefined}
        >
          {products.map((product, index) => (
            <li key={product._id} className={offscreenCardClass}>
              <ProductCard product={product} onBuy={onBuy} priority={index < eager} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-base-content/70">
            Showing {groupDigits(products.length)}
            {typeof first?.total === 'number' && first.total >= products.length
              ? ` of ${first.totalExact ? '' : 'about '}${groupDigits(first.total)}`
              : ''}{' '}
            {products.length === 1 ? 'product' : 'products'}
          </p>
          {isFetchNextPageError ? <ErrorState title="Could not load more products" error={error} /> : null}
          {hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage || isPlaceholderData}
            >
              {isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className={countRowClass}>
        <p className="text-sm font-semibold" aria-live="polite" aria-atomic="true">
          {isPending ? <CountSkeleton /> : failed ? '' : resultCountText(first, products.length, !!hasNextPage)}
        </p>
        {clearTo !== undefined ? (
          <Link to={clearTo} preventScrollReset className="btn btn-ghost btn-sm text-primary">
            Clear filters
          </Link>
        ) : null}
      </div>
      {body}
    </div>
  );
}
