/**
 * A card's title link whose hit area (and focus ring) covers the whole card, so the card has one
 * tab stop and a click anywhere on it opens the product. The card needs `relative`; its buttons
 * sit above the link with `relative z-10`.
 */
export const stretchedLinkClass =
  "outline-none after:absolute after:inset-0 after:rounded-box after:content-[''] hover:underline focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary";
