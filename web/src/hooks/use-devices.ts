import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Device, ListingInsights, PriceGuide } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const FIVE_MINUTES = 5 * 60_000;

/** Catalogue models matching what is typed (GET /devices forgives typos, spacing and shorthand); idle under 2 characters. */
export function useDeviceSearch(q: string, category?: string) {
  const typed = q.trim();
  return useQuery({
    queryKey: queryKeys.devices.search(typed, category),
    queryFn: ({ signal }) => api<Device[]>('/devices', { query: { q: typed, category, limit: 8 }, signal }),
    enabled: typed.length >= 2,
    staleTime: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  });
}

/** The fair-price band of a model (and its variant and grade) from completed sales. */
export function usePriceGuide(deviceId: string | null | undefined, variant?: string | null, grade?: string) {
  return useQuery({
    queryKey: queryKeys.devices.priceGuide(deviceId ?? '', variant ?? undefined, grade),
    queryFn: ({ signal }) =>
      api<PriceGuide>('/price-guide', { query: { deviceId: deviceId ?? '', variant: variant ?? undefined, grade }, signal }),
    enabled: !!deviceId,
    staleTime: FIVE_MINUTES,
  });
}

/** A listing's views, saves, offers and messages, and where its price sits in the band (its seller). */
export function useListingInsights(productId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.devices.insights(productId),
    queryFn: ({ signal }) => api<ListingInsights>(`/products/${encodeURIComponent(productId)}/insights`, { signal }),
    enabled,
  });
}
