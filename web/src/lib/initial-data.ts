import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ID, type InitialPageData } from '@shop/contract';
import type { SessionData } from './auth-client';
import { queryKeys } from './query-keys';

/**
 * Puts a page's InitialPageData (who is signed in, a product or seller page's item or seller, the
 * home page's categories and ads, a product list's first page, whether Google sign-in is offered, a
 * signed-in person's saved items and unread counts) into the query cache under the keys the app reads them by. The
 * server's render and the browser's hydration seed from the same data, so both draw the same page.
 */
export function seedQueries(client: QueryClient, data: InitialPageData): void {
  if (data.session !== undefined) client.setQueryData(queryKeys.session, (data.session ?? null) as SessionData | null);
  if (data.product) client.setQueryData(queryKeys.products.one(data.product._id), data.product);
  if (data.seller) client.setQueryData(queryKeys.trust.seller(data.seller._id), data.seller);
  if (data.categories) client.setQueryData(queryKeys.categories, data.categories);
  if (data.advertisements) client.setQueryData(queryKeys.advertisements, data.advertisements);
  if (data.authConfig) client.setQueryData(queryKeys.authConfig, data.authConfig);
  // A signed-in person's hearts, bell and tab bar: drawn from the first paint, not asked for as the app starts.
  if (data.favorites) client.setQueryData(queryKeys.favorites, data.favorites);
  if (data.unreadNotifications) client.setQueryData(queryKeys.talk.unread, data.unreadNotifications);
  if (data.conversations) client.setQueryData(queryKeys.talk.conversations, data.conversations);
  // Where the live event stream starts, so nothing that changed those since the server read them is missed.
  if (data.lastEventId !== undefined) client.setQueryData(queryKeys.talk.eventsAfter, data.lastEventId);
  if (data.productList) {
    // As an infinite query keeps it: one page, fetched without a page parameter.
    const { category, page } = data.productList;
    const key = category === undefined ? queryKeys.products.list({}) : queryKeys.products.byCategory(category, {});
    client.setQueryData(key, { pages: [page], pageParams: [null] });
  }
}

/**
 * Seeds the query cache from what the server wrote into the page, so the first screen asks for none
 * of it again, and returns that data (null without any). Read once (a second call finds it marked).
 * The element stays where it is: taking it out of the body while the app starts made the browser
 * restyle the whole page (every element after it might match another selector), a 20 ms task on a
 * phone.
 */
export function seedFromPage(client: QueryClient, doc: Document = document): InitialPageData | null {
  const el = doc.getElementById(INITIAL_DATA_ID);
  if (!el || el.hasAttribute('data-read')) return null;
  el.setAttribute('data-read', '');
  let data: InitialPageData;
  try {
    data = JSON.parse(el.textContent ?? '') as InitialPageData;
  } catch {
    return null;
  }
  seedQueries(client, data);
  return data;
}
