import { createContext, use } from 'react';

/**
 * Whether the page was asked for by a phone: the server saw `Sec-CH-UA-Mobile: ?1` and wrote
 * InitialPageData.phone. Read from the page's data on both sides (the server's render and the app's
 * hydration), so both draw the same page; false where the app draws a page itself.
 */
export const PhoneContext = createContext(false);

/** True on a phone: leave out what only a wider layout shows (a product card's details). */
export function usePhone(): boolean {
  return use(PhoneContext);
}
