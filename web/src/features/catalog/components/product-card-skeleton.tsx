import { Repeat } from '@/components/repeat';
/**
 * Loading placeholders of product cards and grids, apart from the card itself so the home page
 * can hold the place of its product list without loading the list's code.
 */

/** Two compact cards a row on phones (see ProductCard), then 2, 3 and 4 full ones. */
export const productGridClass = 'grid grid-cols-2 gap-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4';

/**
 * A product card's shape while it loads. `still`: the same shapes without the pulse, where a place is
 * kept for cards not yet asked for (a pulse far below the screen keeps a phone drawing frames).
 */
export function ProductCardSkeleton({ still = false }: { still?: boolean }) {
  const shape = still ? 'rounded-box bg-base-200' : 'skeleton';
  return (
    <div className="card border border-base-300 bg-base-100" aria-hidden="true">
      <div className={`${shape} aspect-[4/3] w-full rounded-b-none`} />
      {/* Below `sm` the compact card's body: two lines of name (text-sm, leading-snug) and the price row. */}
      <div className="card-body gap-1 p-2.5 sm:gap-3 sm:p-4">
        <div className={`${shape} h-[2lh] w-3/4 text-sm leading-snug sm:h-5`} />
        <div className={`${shape} h-6 w-1/3 sm:h-7`} />
        <div className={`${shape} hidden h-4 w-full sm:block`} />
        <div className={`${shape} hidden h-4 w-5/6 sm:block`} />
        <div className={`${shape} hidden h-4 w-2/3 sm:block`} />
        <div className={`${shape} hidden h-4 w-3/4 sm:block`} />
        <div className={`${shape} hidden h-4 w-1/2 sm:block`} />
        <div className={`${shape} mt-2 hidden h-10 w-full sm:block`} />
      </div>
    </div>
  );
}

/** The product list while its first page loads (also the home page's placeholder for the list). */
export function ProductGridSkeleton({ label, count = 8 }: { label: string; count?: number }) {
  return (
    <div className={productGridClass} role="status" aria-label={`Loading ${label}`}>
      <Repeat count={count}>
        <ProductCardSkeleton />
      </Repeat>
    </div>
  );
}

/** The count row above a product list; it keeps its height in every state, so nothing below it moves. */
export const countRowClass = 'flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-1';

export function CountSkeleton() {
  return <span className="skeleton inline-block h-4 w-24 align-middle" aria-hidden="true" />;
}
