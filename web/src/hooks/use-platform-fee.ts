import { useQuery } from '@tanstack/react-query';
import type { FeeSettings } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The shop's fee on each sale (GET /api/auth-config's platformFee); none until it loaded. */
export function usePlatformFee(): FeeSettings | undefined {
  const q = useQuery({
    queryKey: queryKeys.payouts.fee,
    queryFn: async () => (await api<{ platformFee?: FeeSettings }>('/auth-config')).platformFee ?? { percent: 0, fixedCents: 0 },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data;
}
