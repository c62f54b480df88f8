import { type CssIconName, cssIconClass } from './css-icon-list';

/** A decorative icon (hidden from assistive technology); its size from `className` (e.g. size-3.5), 1em otherwise. */
export function CssIcon({ name, className = '' }: { name: CssIconName; className?: string }) {
  return <span aria-hidden="true" className={`${cssIconClass(name)} ${className}`} />;
}
