/**
 * Writes src/styles/css-icons.css: for each icon of CSS_ICONS (src/components/css-icon-list.ts), lucide-react's
 * drawing as a data-URI mask. `npm run css-icons -w web` after changing the list or updating lucide-react.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { CSS_ICONS } from '../src/components/css-icon-list';

export const CSS_ICONS_FILE = path.resolve(import.meta.dirname, '../src/styles/css-icons.css');

/** An SVG as a CSS url(): quotes made single, the characters a data URI may not hold escaped. */
const dataUri = (svg: string) => `url("data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[<>#%{}\n]/g, encodeURIComponent)}")`;

export function cssIconsStylesheet(): string {
  const rules = Object.entries(CSS_ICONS).map(([name, icon]) => {
    const Icon = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[icon.lucide];
    if (!Icon) throw new Error(`lucide-react has no icon ${icon.lucide}`);
    // Black strokes (a mask uses only the alpha); no class, no aria attributes.
    const svg = renderToStaticMarkup(
      createElement(Icon, { color: 'black', ...('filled' in icon && icon.filled ? { fill: 'black' } : {}) }),
    ).replace(/ (class|aria-hidden)="[^"]*"/g, '');
    return `  .css-icon-${name} {\n    --css-icon: ${dataUri(svg)};\n  }`;
  });
  return `/* Written by web/scripts/css-icons.ts (npm run css-icons -w web) from src/components/css-icon-list.ts: do not edit. */
@layer components {
  .css-icon {
    display: inline-block;
    flex-shrink: 0;
    width: 1em;
    height: 1em;
    background-color: currentColor;
    mask: var(--css-icon) center / contain no-repeat;
  }
${rules.join('\n')}
}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(CSS_ICONS_FILE, cssIconsStylesheet());
  console.log(`wrote ${path.relative(process.cwd(), CSS_ICONS_FILE)}`);
}
