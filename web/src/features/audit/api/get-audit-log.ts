import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@shop/contract';
import { apiRequest, nextLink } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const FIRST_PAGE = '/audit';
const PAGE_SIZE = 25;

interface AuditPage {
  items: AuditEntry[];
  next: string | null;
}

/** One page of GET /api/audit (admin): the first, or the Link header's next page as is. */
async function fetchAuditPage(path: string, first: boolean, signal?: AbortSignal): Promise<AuditPage> {
  const { data, headers } = await apiRequest<AuditEntry[]>(path, { query: first ? { limit: PAGE_SIZE } : undefined, signal });
  return { items: Array.isArray(data) ? data : [], next: nextLink(headers) };
}

/** The audit log, newest first, page by page ("Load more"); asked again each time the page opens. */
export function useAuditLog() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.audit,
      queryFn: ({ pageParam, signal }) => fetchAuditPage(pageParam ?? FIRST_PAGE, pageParam === null, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
      staleTime: 0,
    }),
  );
}
