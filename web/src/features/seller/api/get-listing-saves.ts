import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/me/listing-saves: how many people saved each of the seller's listings (those saved at least once). */
export function useListingSaves() {
  return useQuery({
    queryKey: queryKeys.listingSaves,
    queryFn: async ({ signal }) => {
      const rows = await api<{ productId: string; saves: number }[]>('/me/listing-saves', { signal });
      return new Map(rows.map((r) => [r.productId, r.saves]));
    },
  });
}
