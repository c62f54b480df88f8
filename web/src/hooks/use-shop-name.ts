import { createContext, use } from 'react';
import { SHOP_NAME_META } from '@shop/contract/constants';

/**
 * The shop's name is the server's setting (SHOP_NAME), never built into the app: the server writes it
 * into every page it sends (`<meta name="application-name">`, SHOP_NAME_META) and hands it to its
 * renderer; the app reads it from there once and passes it down (AppProviders).
 */
export function readShopName(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${SHOP_NAME_META}"]`)?.content ?? '';
}

export const ShopNameContext = createContext('');

/** The shop's name, for the header, the footer and the tab titles. */
export function useShopName(): string {
  return use(ShopNameContext);
}
