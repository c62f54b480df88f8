import { useEffect } from 'react';

let locks = 0;

/**
 * Keeps the page behind an open modal dialog from scrolling: `data-scroll-lock` on the root element,
 * which daisyUI's scroll lock answers to in the build (vite.config.ts, rootHasFree: in place of its
 * `:root:has(.modal[open])`, which cost every page a restyle of the whole document whenever an
 * element was added). Dialogs open on top of each other count: the last one closed unlocks.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.documentElement.setAttribute('data-scroll-lock', '');
    return () => {
      locks -= 1;
      if (locks === 0) document.documentElement.removeAttribute('data-scroll-lock');
    };
  }, [active]);
}
