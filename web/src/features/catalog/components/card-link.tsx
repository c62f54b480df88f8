import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card's title link whose hit area (and focus ring) covers the whole card, so the card has one
 * tab stop and a click anywhere on it opens the product. The card needs `relative`; its buttons
 * sit above the link with `relative z-10`. The ring is drawn around the card, so the link's own
 * outline (the app's global :focus-visible style) is turned off inline.
 */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      style={{ outline: 'none' }}
      className="after:absolute after:inset-0 after:rounded-box after:content-[''] hover:underline focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary"
    >
      {children}
    </Link>
  );
}
