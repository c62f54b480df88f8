import { useEffect } from 'react';
import { DEFAULT_DESCRIPTION, pageTitle } from '@shop/contract';
import { useShopName } from '@/hooks/use-shop-name';

/** Sets the tab title and the meta description (created if the page has none). */
export function applyPageMeta(title: string, description = DEFAULT_DESCRIPTION) {
  document.title = title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/**
 * A page's own title and description once its data is known (a product's name): set after the
 * route's default (RouteMeta, a layout effect, runs first), and put back when the page goes
 * without a navigation.
 */
export function usePageMeta(title: string | null, description?: string) {
  const shopName = useShopName();
  useEffect(() => {
    if (!title) return;
    const before = {
      title: document.title,
      description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
    };
    const own = pageTitle(title, shopName);
    applyPageMeta(own, description);
    // Unless the next page has set its own already (RouteMeta runs before this cleanup on navigation).
    return () => {
      if (document.title === own) applyPageMeta(before.title, before.description);
    };
  }, [title, description, shopName]);
}
