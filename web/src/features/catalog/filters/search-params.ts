import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORIES, CONDITIONS, MAX_PRICE_DOLLARS } from '@shop/contract/constants';
import { parseMoneyFilter } from '@shop/contract/money';
import type { ProductFilters } from '@/lib/query-keys';

/**
 * The product filters live in the page's URL (`?q=mac&condition=Good&sort=price_asc`), under the
 * same names as the API's query parameters, so a link reproduces a search and back/forward walk
 * through it. Parsing is forgiving: a value the API would refuse (unknown category, negative
 * price) is dropped rather than shown as an error page.
 */

export type Sort = NonNullable<ProductFilters['sort']>;
export const SORT_OPTIONS: ReadonlyArray<{ value: Sort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'distance', label: 'Nearest first' },
];
/** The sorts a list offers: nearest first only once "Near me" gave a position. */
export const sortOptions = (f: ProductFilters) => SORT_OPTIONS.filter((s) => s.value !== 'distance' || !!f.near);

/** "Within N km" choices of "Near me"; the default is the API's (50 km). */
export const RADIUS_OPTIONS = [5, 10, 25, 50, 100, 250] as const;
export const DEFAULT_RADIUS_KM = 50;
const NEAR = /^-?\d{1,3}(?:\.\d{1,6})?,-?\d{1,3}(?:\.\d{1,6})?$/;
/** A position as `near` carries it: 3 decimals (about 100 m), enough for "within N km" and kinder to privacy. */
export const nearParam = (lat: number, lng: number) => `${lat.toFixed(3)},${lng.toFixed(3)}`;
function parseNear(raw: string | null): string | undefined {
  if (!raw || !NEAR.test(raw)) return undefined;
  const [lat, lng] = raw.split(',').map(Number) as [number, number];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? raw : undefined;
}
export const DEFAULT_SORT: Sort = 'newest';

/** Longest search and location the API accepts (contract/src/catalog.ts). */
export const MAX_QUERY_LENGTH = 100;
export const MAX_LOCATION_LENGTH = 120;

/** The device-spec filters (GET /facets names the model facet `model`; lists and the URL say `deviceId`). */
export const SPEC_KEYS = ['brand', 'deviceId', 'storage', 'ram', 'colour'] as const;
export type SpecKey = (typeof SPEC_KEYS)[number];
/** Longest spec value the API accepts (contract/src/catalog.ts). */
const MAX_SPEC_LENGTH = 40;

/** Every URL key the filters own; other keys of the URL are left alone. */
export const FILTER_KEYS = [
  'q',
  'category',
  'condition',
  'minPrice',
  'maxPrice',
  'location',
  'verified',
  'near',
  'radiusKm',
  ...SPEC_KEYS,
  'sort',
] as const;

export interface FilterOptions {
  /** The home page filters by category; the category page has it in its path instead. */
  allowCategory: boolean;
}

function text(raw: string | null, max: number): string | undefined {
  const v = raw?.trim().replace(/\s+/g, ' ').slice(0, max);
  return v ? v : undefined;
}

/** A price in dollars the API accepts ("1,299" too: the contract's one money parser), or undefined ('' / 'abc' / -1 / 1e9). */
export function parsePrice(raw: string | null | undefined): number | undefined {
  const n = parseMoneyFilter(raw);
  return n !== undefined && n <= MAX_PRICE_DOLLARS ? n : undefined;
}

function oneOf<T extends string>(list: readonly T[], raw: string | null): T | undefined {
  if (!raw) return undefined;
  // Categories match case-insensitively (a hand-typed ?category=laptop still works).
  return list.find((v) => v === raw) ?? list.find((v) => v.toLowerCase() === raw.toLowerCase());
}

/** URL -> filters. Only set keys are present, so equal URLs give equal (query key) objects. */
export function parseFilters(params: URLSearchParams, { allowCategory }: FilterOptions): ProductFilters {
  const f: ProductFilters = {};
  const q = text(params.get('q'), MAX_QUERY_LENGTH);
  if (q) f.q = q;
  const category = allowCategory ? oneOf(CATEGORIES, params.get('category')) : undefined;
  if (category) f.category = category;
  const condition = oneOf(CONDITIONS, params.get('condition'));
  if (condition) f.condition = condition;
  const minPrice = parsePrice(params.get('minPrice'));
  if (minPrice !== undefined) f.minPrice = minPrice;
  const maxPrice = parsePrice(params.get('maxPrice'));
  if (maxPrice !== undefined) f.maxPrice = maxPrice;
  const location = text(params.get('location'), MAX_LOCATION_LENGTH);
  if (location) f.location = location;
  const verified = params.get('verified');
  if (verified === 'true' || verified === '1') f.verified = true;
  const near = parseNear(params.get('near'));
  if (near) {
    f.near = near;
    const radius = RADIUS_OPTIONS.find((r) => String(r) === params.get('radiusKm'));
    if (radius && radius !== DEFAULT_RADIUS_KM) f.radiusKm = radius;
  }
  for (const key of SPEC_KEYS) {
    const value = text(params.get(key), MAX_SPEC_LENGTH);
    if (value) f[key] = value;
  }
  const sort = sortOptions(f).find((s) => s.value === params.get('sort'))?.value;
  if (sort && sort !== DEFAULT_SORT) f.sort = sort;
  return f;
}

/** Filters -> URL: the filter keys of `base` replaced, every other key kept, defaults left out. */
export function filtersToSearchParams(filters: ProductFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_KEYS) params.delete(key);
  const set = (key: (typeof FILTER_KEYS)[number], value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set('q', filters.q?.trim());
  set('category', filters.category);
  set('condition', filters.condition);
  set('minPrice', filters.minPrice);
  set('maxPrice', filters.maxPrice);
  set('location', filters.location?.trim());
  if (filters.verified) params.set('verified', 'true');
  if (filters.near) {
    set('near', filters.near);
    if (filters.radiusKm !== DEFAULT_RADIUS_KM) set('radiusKm', filters.radiusKm);
  }
  for (const key of SPEC_KEYS) set(key, filters[key]);
  if (filters.sort && filters.sort !== DEFAULT_SORT && (filters.sort !== 'distance' || filters.near))
    params.set('sort', filters.sort);
  return params;
}

/** How many filters narrow the list (the search text and the sort order are not counted). */
export function countNarrowingFilters(f: ProductFilters): number {
  return [f.category, f.condition, f.minPrice, f.maxPrice, f.location, f.verified, f.near, ...SPEC_KEYS.map((k) => f[k])].filter(
    (v) => v !== undefined && v !== false,
  ).length;
}

/** Whether the list shows less than everything: a search or a narrowing filter. */
export function isFiltered(f: ProductFilters): boolean {
  return !!f.q || countNarrowingFilters(f) > 0;
}

/** The search string that clears the filters and the search but keeps the sort order. */
export function clearedSearch(f: ProductFilters, base?: URLSearchParams): string {
  const qs = filtersToSearchParams({ sort: f.sort }, base).toString();
  return qs ? `?${qs}` : '';
}

/** The page's filters from its URL, and a setter that writes them back (a new history entry). */
export function useProductFilters(options: FilterOptions) {
  const { allowCategory } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(searchParams, { allowCategory }), [searchParams, allowCategory]);
  const setFilters = useCallback(
    (next: ProductFilters, opts: { replace?: boolean } = {}) => {
      setSearchParams((prev) => filtersToSearchParams(allowCategory ? next : { ...next, category: undefined }, prev), {
        // The list stays where the person is looking, instead of jumping to the top of the page.
        preventScrollReset: true,
        replace: opts.replace,
      });
    },
    [setSearchParams, allowCategory],
  );
  return { filters, setFilters, searchParams };
}
