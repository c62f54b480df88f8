import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest, nextLink } from './api';

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** A keyset list page by page: the first path with `limit`, then the Link header's next page as is. */
export function pagedListOptions<T>(key: readonly unknown[], first: string, pageSize = 12) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => {
      const { data, headers } = await apiRequest<T[]>(pageParam ?? first, {
        query: pageParam ? undefined : { limit: pageSize },
        signal,
      });
      return { items: Array.isArray(data) ? data : [], next: nextLink(headers) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
