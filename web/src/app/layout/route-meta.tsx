import { useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { NOT_FOUND_META, PAGE_META, type PageMeta, pageTitle } from '@shop/contract';
import { useShopName } from '@/hooks/use-shop-name';
import { applyPageMeta } from '@/lib/page-meta';

/** Each route's title and description (one table with the server's); pages that know more set their own on top. */
const ROUTE_META = Object.entries(PAGE_META);

/** The title and description for an address; an unknown one is the not-found page's. */
export function routeMeta(pathname: string): PageMeta {
  for (const [pattern, meta] of ROUTE_META) {
    const match = matchPath(pattern, pathname);
    if (match) return typeof meta === 'function' ? meta(match.params) : meta;
  }
  return NOT_FOUND_META;
}

/** Sets each page's default title and description on navigation (a layout effect: before the page's own). */
export function RouteMeta() {
  const { pathname } = useLocation();
  const shopName = useShopName();
  useLayoutEffect(() => {
    const meta = routeMeta(pathname);
    applyPageMeta(pageTitle(meta.title, shopName), meta.description);
  }, [pathname, shopName]);
  return null;
}
