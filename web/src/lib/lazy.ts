import { lazy as reactLazy } from 'react';

/** The code of lazy parts being loaded right now. */
const loading = new Set<Promise<unknown>>();

/**
 * React's `lazy`, keeping count of the parts still loading. A page the server rendered is only
 * interactive where its code is here: until a lazy part's chunk arrives, React keeps the server's
 * HTML of it and a click there does nothing (see lazyPartsLoaded).
 */
export const lazy: typeof reactLazy = (load) =>
  reactLazy(() => {
    const started = load();
    const done = () => void loading.delete(started);
    loading.add(started);
    started.then(done, done);
    return started;
  });

/**
 * Resolves once no lazy part is loading, after React has had a moment to ask for more (a part
 * that arrives may render others).
 */
export async function lazyPartsLoaded(): Promise<void> {
  do {
    await Promise.allSettled([...loading]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (loading.size);
}
