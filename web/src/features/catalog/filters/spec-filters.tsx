import type { Facets } from '@shop/contract';
import type { ProductFilters } from '@/lib/query-keys';
import { useFacets } from '../api/get-facets';
import type { SpecKey } from './search-params';

/** The spec filters in the panel's order: the URL key and the facet that counts it. */
const SPECS: ReadonlyArray<{ key: SpecKey; facet: keyof Facets['facets']; label: string }> = [
  { key: 'brand', facet: 'brand', label: 'Brand' },
  { key: 'deviceId', facet: 'model', label: 'Model' },
  { key: 'storage', facet: 'storage', label: 'Storage' },
  { key: 'ram', facet: 'ram', label: 'RAM' },
  { key: 'colour', facet: 'colour', label: 'Colour' },
];

/**
 * Brand, Model, Storage, RAM and Colour of the panel: each value with how many listings it has
 * under the other filters ("Apple (124)"); values with none are left out (the chosen one stays). The
 * counts are asked only while `enabled`; while they load a line says so, and if they fail these
 * filters are simply not shown (a spec already in the URL still narrows the list).
 */
export function SpecFilters({
  id,
  filters,
  category,
  enabled,
  onApply,
}: {
  id: string;
  filters: ProductFilters;
  /** The category page's category (its path holds it, not the filters). */
  category?: string;
  enabled: boolean;
  onApply: (change: ProductFilters) => void;
}) {
  const facets = useFacets(category ? { ...filters, category } : filters, enabled);
  if (!enabled || facets.isError) return null;
  if (!facets.data) {
    return (
      <p className="flex min-h-11 items-center gap-2 px-1 text-sm text-base-content/70 md:h-10 md:min-h-0" role="status">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        Loading device filters…
      </p>
    );
  }
  return SPECS.map(({ key, facet, label }) => {
    const chosen = filters[key];
    const values = (facets.data.facets[facet] ?? []).filter((v) => v.count > 0 || v.value === chosen);
    if (!values.length && !chosen) return null;
    const known = values.some((v) => v.value === chosen);
    return (
      <div key={key} className="select w-full">
        <label htmlFor={`${id}-${key}`} className="label">
          {label}
        </label>
        <select id={`${id}-${key}`} value={chosen ?? ''} onChange={(e) => onApply({ [key]: e.target.value || undefined })}>
          <option value="">Any</option>
          {chosen && !known ? <option value={chosen}>{chosen}</option> : null}
          {values.map((v) => (
            <option key={v.value} value={v.value}>
              {`${v.label} (${v.count})`}
            </option>
          ))}
        </select>
      </div>
    );
  });
}
