import { Repeat } from '@/components/repeat';
/**
 * The filter bar's boxes, shared by the bar and the placeholder the home page shows until the
 * bar's chunk arrives, so the swap moves nothing. Every control is h-10 (2.5rem):
 * phones: search / [Filters][Sort] (the panel is collapsed); md: search + sort, then the panel in
 * 3 columns (2 rows); xl: search + sort, then the panel in one row.
 */
export const barRowClass = 'flex flex-wrap gap-2';
export const searchBoxClass = 'w-full md:w-auto md:flex-1';
export const filtersToggleClass = 'flex-1 md:hidden';
export const sortBoxClass = 'flex-1 md:w-72 md:flex-none';
export const panelGridClass = 'grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-6';

/** Shown while the filter bar's code loads: same rows, same heights. */
export function FilterBarPlaceholder({ fields }: { fields: number }) {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <div className={barRowClass}>
        <div className={`skeleton h-10 ${searchBoxClass}`} />
        <div className={`skeleton h-10 ${filtersToggleClass}`} />
        <div className={`skeleton h-10 ${sortBoxClass}`} />
      </div>
      <div className={`hidden md:grid ${panelGridClass}`}>
        <Repeat count={fields}>
          <div className="skeleton h-10" />
        </Repeat>
      </div>
    </div>
  );
}
