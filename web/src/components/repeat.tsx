import { Fragment, type ReactNode } from 'react';

/** `count` copies of a loading placeholder, side by side (a skeleton grid or list). */
export function Repeat({ count, children }: { count: number; children: ReactNode }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical, have no state and never reorder, so a copy's position is all that tells it apart.
    <Fragment key={i}>{children}</Fragment>
  ));
}
