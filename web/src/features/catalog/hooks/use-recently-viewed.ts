import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentlyViewed } from '@shop/contract';
import { RECENTLY_VIEWED_MAX } from '@shop/contract/constants';
import { useUser } from '@/hooks/use-user';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** A guest's recently viewed listings, in the browser (newest first). */
const KEY = 'shop.recentlyViewed';
type Seen = Omit<RecentlyViewed, 'viewedAt'> & { viewedAt: string };

function readLocal(): Seen[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as Seen[]).slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

function writeLocal(list: Seen[]) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list.slice(0, RECENTLY_VIEWED_MAX)));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the list is simply not kept.
  }
}

/**
 * Notes views on the account. Best effort: a view that cannot be recorded (offline, signed out
 * meanwhile) is dropped, never an unhandled rejection; the list is refreshed either way.
 */
const record = (productIds: string[]) =>
  api('/me/recently-viewed', { method: 'POST', body: { productIds } }).then(
    () => true,
    () => false,
  );

/**
 * Recently viewed listings: on the account when signed in (GET /api/me/recently-viewed), in the browser
 * for guests. A guest's list is handed to the account on sign-in. Read after mount (the server's page
 * has none), so the first paint matches.
 */
export function useRecentlyViewed(): Seen[] {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const signedIn = !!user;
  const [local, setLocal] = useState<Seen[]>([]);
  const account = useQuery({
    queryKey: queryKeys.recentlyViewed,
    queryFn: ({ signal }) => api<RecentlyViewed[]>('/me/recently-viewed', { signal }),
    enabled: signedIn,
  });

  useEffect(() => {
    const list = readLocal();
    if (!signedIn) return setLocal(list);
    // Signed in: the browser's list joins the account's, once.
    if (list.length) {
      writeLocal([]);
      void record(list.map((s) => s.productId)).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.recentlyViewed }));
    }
    setLocal([]);
  }, [signedIn, queryClient]);

  return signedIn ? (account.data ?? []) : local;
}

/** Notes a product page as viewed (on the account when signed in, else in the browser). */
export function useRecordView({ productId, name, img, price, status }: Omit<Seen, 'viewedAt'>) {
  const { user, isPending } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (isPending) return;
    if (userId) {
      void record([productId]).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.recentlyViewed }));
      return;
    }
    const seen: Seen = { productId, name, img, price, status, viewedAt: new Date().toISOString() };
    writeLocal([seen, ...readLocal().filter((s) => s.productId !== productId)]);
  }, [productId, name, img, price, status, userId, isPending, queryClient]);
}
