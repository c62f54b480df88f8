import { BadgeCheck } from 'lucide-react';

/** The tick beside a seller the shop's team verified (product cards, the product page, a conversation). */
export function VerifiedTick() {
  return (
    <span className="inline-flex shrink-0 text-info" role="img" aria-label="Verified seller" title="Verified seller">
      <BadgeCheck size={16} aria-hidden="true" />
    </span>
  );
}
