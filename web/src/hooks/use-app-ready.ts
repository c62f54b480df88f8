import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is the server's HTML (its render, and the browser's hydration of it), true once
 * the app runs it. A page the browser draws itself is the app's from its first render.
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
