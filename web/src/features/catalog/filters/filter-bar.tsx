import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useScrollLock } from '@/hooks/use-scroll-lock';
import { useLocation } from 'react-router';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { CATEGORIES, CONDITIONS } from '@shop/contract/constants';
import type { ProductFilters } from '@/lib/query-keys';
import { paths } from '@/config/paths';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { barRowClass, barClass, filtersToggleClass, panelGridClass, searchBoxClass, sortBoxClass } from './filter-layout';
import {
  countNarrowingFilters,
  filtersToSearchParams,
  MAX_LOCATION_LENGTH,
  MAX_QUERY_LENGTH,
  parsePrice,
  DEFAULT_RADIUS_KM,
  RADIUS_OPTIONS,
  sortOptions,
  type Sort,
} from './search-params';
import { NearMe } from './near-me';
import { SpecFilters } from './spec-filters';

/** How long typing pauses before the list follows it. */
export const DEBOUNCE_MS = 300;

export interface FilterBarProps {
  filters: ProductFilters;
  onChange: (next: ProductFilters) => void;
  /** The home page filters by category; the category page has it in its path. */
  allowCategory: boolean;
  /** The category page's category (in its path): the spec filters' counts are of it. */
  category?: string;
}

/** What the text fields hold while someone types (the URL holds what was applied). */
interface Draft {
  q: string;
  minPrice: string;
  maxPrice: string;
  location: string;
}

const toDraft = (f: ProductFilters): Draft => ({
  q: f.q ?? '',
  minPrice: f.minPrice === undefined ? '' : String(f.minPrice),
  maxPrice: f.maxPrice === undefined ? '' : String(f.maxPrice),
  location: f.location ?? '',
});

const clean = (s: string) => s.trim().replace(/\s+/g, ' ') || undefined;

/** The filters with the text fields applied. */
function withDraft(f: ProductFilters, d: Draft): ProductFilters {
  return { ...f, q: clean(d.q), minPrice: parsePrice(d.minPrice), maxPrice: parsePrice(d.maxPrice), location: clean(d.location) };
}

const same = (a: ProductFilters, b: ProductFilters) =>
  filtersToSearchParams(a).toString() === filtersToSearchParams(b).toString();

/**
 * Search, filters and sort of a product list. Lists and the checkbox apply at once; the text
 * fields apply when typing pauses (DEBOUNCE_MS) or on Enter (the form's submit buttons make Enter
 * submit it, the phone keyboard's search key too). From md the filters are always shown under the
 * search and sort; on phones the search field and a "Filters" button stay at the top of the screen
 * while the list scrolls, and the button opens the sort and filters in a drawer.
 */
export function FilterBar({ filters, onChange, allowCategory, category }: FilterBarProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  const wide = useMediaQuery(MD_UP);
  const [open, setOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const location = useLocation();

  // The tab bar's Search goes to #search: the field takes focus (ready to type), each time it is tapped
  // (a new location, even with the same hash).
  useEffect(() => {
    if (location.hash === `#${paths.search.hash}`) searchRef.current?.focus({ preventScroll: true });
  }, [location]);
  const [draft, setDraft] = useState<Draft>(() => toDraft(filters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, draft, onChange });
  latest.current = { filters, draft, onChange };

  // The URL changed from elsewhere (back/forward, "Clear filters", a link): show what it says,
  // unless someone is typing. A field that already means the same (a trailing space) is kept.
  useEffect(() => {
    if (timer.current !== undefined) return;
    setDraft((d) => {
      const url = toDraft(filters);
      const next: Draft = {
        q: clean(d.q) === filters.q ? d.q : url.q,
        minPrice: parsePrice(d.minPrice) === filters.minPrice ? d.minPrice : url.minPrice,
        maxPrice: parsePrice(d.maxPrice) === filters.maxPrice ? d.maxPrice : url.maxPrice,
        location: clean(d.location) === filters.location ? d.location : url.location,
      };
      return next.q === d.q && next.minPrice === d.minPrice && next.maxPrice === d.maxPrice && next.location === d.location
        ? d
        : next;
    });
  }, [filters]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Applies `change` together with whatever the text fields hold now. */
  const apply = (change: ProductFilters = {}, draftNow: Draft = latest.current.draft) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const current = latest.current.filters;
    const next = { ...withDraft(current, draftNow), ...change };
    if (!same(next, current)) latest.current.onChange(next);
  };

  const type = (field: keyof Draft, value: string) => {
    const next = { ...latest.current.draft, [field]: value };
    setDraft(next);
    latest.current.draft = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({}, latest.current.draft), DEBOUNCE_MS);
  };

  const narrowing = countNarrowingFilters(filters);

  const sort = (
    <div className={`select ${sortBoxClass}`}>
      <label htmlFor={`${id}-sort`} className="label">
        Sort
      </label>
      <select id={`${id}-sort`} value={filters.sort ?? 'newest'} onChange={(e) => apply({ sort: e.target.value as Sort })}>
        {sortOptions(filters).map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <search aria-label="Search and filter products" id={paths.search.hash} className={barClass}>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
          setOpen(false);
        }}
      >
        <div className={barRowClass}>
          <div className={`input ${searchBoxClass}`}>
            <label htmlFor={`${id}-q`} className="sr-only">
              Search products
            </label>
            <input
              ref={searchRef}
              id={`${id}-q`}
              type="search"
              placeholder="Search name, category or location"
              maxLength={MAX_QUERY_LENGTH}
              enterKeyHint="search"
              autoComplete="off"
              value={draft.q}
              onChange={(e) => type('q', e.target.value)}
            />
            <button type="submit" className="btn btn-square btn-ghost btn-sm -me-2" aria-label="Search">
              <Search size={18} aria-hidden="true" />
            </button>
          </div>
          <button
            type="button"
            className={`btn ${filtersToggleClass}`}
            aria-expanded={!wide && open}
            aria-controls={panelId}
            aria-label={narrowing ? `Filters, ${narrowing} active` : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            <SlidersHorizontal size={16} aria-hidden="true" />
            Filters
            {narrowing ? (
              <span className="badge badge-primary badge-sm" aria-hidden="true">
                {narrowing}
              </span>
            ) : null}
          </button>
          <NearMe filters={filters} onApply={(change) => apply(change)} />
          {wide ? sort : null}
        </div>

        <FilterPanel id={panelId} wide={wide} open={open} onClose={() => setOpen(false)}>
          {wide ? null : sort}
          {allowCategory ? (
            <div className="select w-full">
              <label htmlFor={`${id}-category`} className="label">
                Category
              </label>
              <select
                id={`${id}-category`}
                value={filters.category ?? ''}
                onChange={(e) => apply({ category: e.target.value || undefined })}
              >
                <option value="">All</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="select w-full">
            <label htmlFor={`${id}-condition`} className="label">
              Condition
            </label>
            <select
              id={`${id}-condition`}
              value={filters.condition ?? ''}
              onChange={(e) => apply({ condition: e.target.value || undefined })}
            >
              <option value="">Any</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="input w-full">
            <label htmlFor={`${id}-min`} className="label">
              Min price
            </label>
            <input
              id={`${id}-min`}
              // Text, not number: "1,299" is read as the add form reads it (a number field empties it).
              inputMode="decimal"
              placeholder="$ any"
              value={draft.minPrice}
              onChange={(e) => type('minPrice', e.target.value)}
            />
          </div>
          <div className="input w-full">
            <label htmlFor={`${id}-max`} className="label">
              Max price
            </label>
            <input
              id={`${id}-max`}
              // Text, not number: "1,299" is read as the add form reads it (a number field empties it).
              inputMode="decimal"
              placeholder="$ any"
              value={draft.maxPrice}
              onChange={(e) => type('maxPrice', e.target.value)}
            />
          </div>
          <div className="input w-full">
            <label htmlFor={`${id}-location`} className="label">
              Location
            </label>
            <input
              id={`${id}-location`}
              type="text"
              placeholder="Anywhere"
              maxLength={MAX_LOCATION_LENGTH}
              autoComplete="address-level2"
              value={draft.location}
              onChange={(e) => type('location', e.target.value)}
            />
          </div>
          {filters.near ? (
            <div className="select w-full">
              <label htmlFor={`${id}-radius`} className="label">
                Within
              </label>
              <select
                id={`${id}-radius`}
                value={filters.radiusKm ?? DEFAULT_RADIUS_KM}
                onChange={(e) => apply({ radiusKm: Number(e.target.value) })}
              >
                {RADIUS_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {r} km
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-field px-1 text-sm md:h-10 md:min-h-0">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              checked={!!filters.verified}
              onChange={(e) => apply({ verified: e.target.checked || undefined })}
            />
            Verified sellers only
          </label>
          <SpecFilters
            id={id}
            filters={filters}
            category={category}
            // Counted only where someone looks at them: the open panel (always open from md). On a
            // phone the closed drawer asks for nothing, a category page's too: a request, and the
            // drawer drawn again, while the page is still being taken over by the app.
            enabled={open || wide}
            onApply={(change) => apply(change)}
          />
        </FilterPanel>
      </form>
    </search>
  );
}

/**
 * The filters: a row under the search from md; on phones a drawer from the bottom of the screen (a
 * modal <dialog>: the page behind is inert, Esc and the backdrop close it) whose "Show results"
 * submits the form. Its fields stay mounted while it is closed, so what they hold survives.
 */
function FilterPanel({
  id,
  wide,
  open,
  onClose,
  children,
}: {
  id: string;
  wide: boolean;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `${id}-title`;
  const drawer = !wide;
  useScrollLock(drawer && open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (drawer && open && !dialog.open) dialog.showModal();
    else if ((!drawer || !open) && dialog.open) dialog.close();
  }, [drawer, open]);

  if (!drawer) {
    return (
      <div id={id} className={`grid ${panelGridClass}`}>
        {children}
      </div>
    );
  }
  return (
    <dialog
      ref={ref}
      id={id}
      className="modal modal-bottom"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box flex max-h-[85svh] flex-col gap-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold">
            Filters
          </h2>
          <button type="button" className="btn btn-circle btn-ghost" aria-label="Close filters" onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className={`grid ${panelGridClass}`}>{children}</div>
        <button type="submit" className="btn btn-primary btn-block">
          Show results
        </button>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </dialog>
  );
}
