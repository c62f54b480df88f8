import { cssIconClass } from './css-icon-list';

/** The tick beside a seller the shop's team verified (product cards, the product page, a conversation). */
export function VerifiedTick() {
  return (
    <span
      className={`${cssIconClass('badge-check')} size-4 text-info`}
      role="img"
      aria-label="Verified seller"
      title="Verified seller"
    />
  );
}
