import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingStatusResult, ProductDetail, ProductEdit, SellerBooking } from '@shop/contract';
import { api } from '@/lib/api';
import { pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/products/{id}/own: the seller's own item with its report and the phone it was listed with, for the edit page. */
export function getListing(id: string, signal?: AbortSignal) {
  return api<ProductDetail>(`/products/${encodeURIComponent(id)}/own`, { signal });
}

export function useListing(id: string) {
  return useQuery(queryOptions({ queryKey: queryKeys.products.own(id), queryFn: ({ signal }) => getListing(id, signal) }));
}

/** PATCH /api/products/{id}: the fields to change; answers the item as its page shows it. */
export function updateProduct({ id, edit }: { id: string; edit: ProductEdit }) {
  return api<ProductDetail>(`/products/${encodeURIComponent(id)}`, { method: 'PATCH', body: edit });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}

export type ListingAction = 'unlist' | 'relist' | 'mark-sold';

/** POST /api/products/{id}/unlist | relist | mark-sold. */
export function changeListing({ id, action }: { id: string; action: ListingAction }) {
  return api<ListingStatusResult>(`/products/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

export function useChangeListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeListing,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.advertisements }),
      ]),
  });
}

/** GET /api/products/{id}/bookings: newest first, 20 a page, the next pages by the Link header. */
export function useBookings(id: string, enabled: boolean) {
  return useInfiniteQuery({
    ...pagedListOptions<SellerBooking>(queryKeys.products.bookings(id), `/products/${encodeURIComponent(id)}/bookings`, 20),
    enabled,
  });
}
