import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ID, type InitialPageData } from '@shop/contract';
import type { SessionData } from './auth-client';
import { queryKeys } from './query-keys';

/**
 * Puts what the server wrote into the page (InitialPageData: a product or seller page's product or
 * seller, and who is signed in) into the query cache, so the first screen asks for none of it again. Read once: the
 * element is removed.
 */
export function seedFromPage(client: QueryClient, doc: Document = document): void {
  const el = doc.getElementById(INITIAL_DATA_ID);
  if (!el) return;
  el.remove();
  let data: InitialPageData;
  try {
    data = JSON.parse(el.textContent ?? '') as InitialPageData;
  } catch {
    return;
  }
  if (data.session !== undefined) client.setQueryData(queryKeys.session, (data.session ?? null) as SessionData | null);
  if (data.product) client.setQueryData(queryKeys.products.one(data.product._id), data.product);
  if (data.seller) client.setQueryData(queryKeys.trust.seller(data.seller._id), data.seller);
}
