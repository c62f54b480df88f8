import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type BlockedUser = { userId: string; name: string; createdAt: string };

/** GET /api/blocks: the people the signed-in user blocked. */
export function getBlocks(signal?: AbortSignal) {
  return api<BlockedUser[]>('/blocks', { signal });
}

export function useBlocks() {
  return useQuery({ queryKey: queryKeys.talk.blocks, queryFn: ({ signal }) => getBlocks(signal) });
}
