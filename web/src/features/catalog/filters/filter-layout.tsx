import { Repeat } from '@/components/repeat';
/**
 * The filter bar's boxes, shared by the bar and the placeholder the home page shows until the
 * bar's chunk arrives, so the swap moves nothing. Phones: [search][Filters] in one row, 44 px tall
 * (a finger's size), that stays at the top of the screen while the list scrolls (sort and filters
 * are in the drawer); md: search + sort (h-10), then the panel in 3 columns (2 rows); xl: search +
 * sort, then the panel in one row. The phone's bar is opaque (a backdrop blur is drawn again on
 * every frame of the scroll under it).
 */
export const barClass =
  'block md:scroll-mt-20 max-md:sticky max-md:top-0 max-md:z-20 max-md:-mx-4 max-md:bg-base-100 max-md:px-4 max-md:py-2';
export const barRowClass = 'flex gap-2';
export const searchBoxClass = 'h-11 min-w-0 flex-1 md:h-10';
export const filtersToggleClass = 'h-11 shrink-0 md:hidden';
export const sortBoxClass = 'w-full md:w-72 md:flex-none';
export const panelGridClass = 'grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-6';

/** Shown while the filter bar's code loads: same rows, same heights. */
export function FilterBarPlaceholder({ fields }: { fields: number }) {
  return (
    <div className="flex flex-col gap-2 max-md:py-2" aria-hidden="true">
      <div className={barRowClass}>
        <div className={`skeleton ${searchBoxClass}`} />
        <div className={`skeleton w-24 ${filtersToggleClass}`} />
        <div className={`skeleton hidden h-10 md:block ${sortBoxClass}`} />
      </div>
      <div className={`hidden md:grid ${panelGridClass}`}>
        <Repeat count={fields}>
          <div className="skeleton h-10" />
        </Repeat>
      </div>
    </div>
  );
}
