/**
 * Icons drawn by CSS: one empty element whose shape is a mask of lucide's drawing (ISC licence,
 * https://lucide.dev) painted in the text colour, instead of an inline SVG of 3-11 elements. For
 * icons repeated on every product card: 24 cards drew ~600 SVG elements, a third of the home page's
 * DOM, that the browser parses, styles and React hydrates on each visit, most of them in details a
 * phone does not show. Elements that are not displayed load no mask image.
 *
 * The shapes live in styles/css-icons.css as raster images (decision 083: an SVG image costs the
 * browser a document of its own), written by `npm run css-icons -w web` from this list
 * (css-icon.test.tsx fails when the file is not what the list and lucide-react give).
 */
export const CSS_ICONS = {
  'badge-check': { lucide: 'BadgeCheck' },
  'calendar-days': { lucide: 'CalendarDays' },
  clock: { lucide: 'Clock' },
  'map-pin': { lucide: 'MapPin' },
  star: { lucide: 'Star', filled: true },
  tag: { lucide: 'Tag' },
} as const satisfies Record<string, { lucide: string; filled?: boolean }>;

export type CssIconName = keyof typeof CSS_ICONS;

/** The class names that draw `name`: for an element that is itself the icon (e.g. a role="img" with a label). */
export const cssIconClass = (name: CssIconName) => `css-icon css-icon-${name}`;
