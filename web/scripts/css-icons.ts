/**
 * Writes src/styles/css-icons.css: for each icon of CSS_ICONS (src/components/css-icon-list.ts), lucide-react's
 * drawing as a mask, rasterised to a lossless WebP of ICON_PX pixels a side (decision 083: a browser
 * builds a document of its own for every SVG image, in the page's style pass). `npm run css-icons -w web`
 * after changing the list or updating lucide-react.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import sharp from 'sharp';
import { CSS_ICONS } from '../src/components/css-icon-list';

export const CSS_ICONS_FILE = path.resolve(import.meta.dirname, '../src/styles/css-icons.css');

/**
 * The mask's side in pixels: four times the largest icon drawn (size-4, 16 CSS px), so it stays sharp
 * on a screen of up to 4 device pixels a CSS pixel.
 */
export const ICON_PX = 64;

/** lucide-react's drawing of `name`, black (a mask uses only the alpha), without class or aria attributes. */
export function iconSvg(name: keyof typeof CSS_ICONS): string {
  const icon = CSS_ICONS[name];
  const Icon = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[icon.lucide];
  if (!Icon) throw new Error(`lucide-react has no icon ${icon.lucide}`);
  return renderToStaticMarkup(
    createElement(Icon, { color: 'black', ...('filled' in icon && icon.filled ? { fill: 'black' } : {}) }),
  ).replace(/ (class|aria-hidden)="[^"]*"/g, '');
}

/** The drawing rasterised at ICON_PX, as a lossless WebP (its alpha is the mask). */
export async function iconWebp(svg: string): Promise<Buffer> {
  const density = (72 * ICON_PX) / 24; // lucide draws on a 24-px grid
  return sharp(Buffer.from(svg), { density }).resize(ICON_PX, ICON_PX).webp({ lossless: true, effort: 6 }).toBuffer();
}

export async function cssIconsStylesheet(): Promise<string> {
  const names = Object.keys(CSS_ICONS) as (keyof typeof CSS_ICONS)[];
  const rules = await Promise.all(
    names.map(async (name) => {
      const webp = await iconWebp(iconSvg(name));
      return `  .css-icon-${name} {\n    --css-icon: url("data:image/webp;base64,${webp.toString('base64')}");\n  }`;
    }),
  );
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
  fs.writeFileSync(CSS_ICONS_FILE, await cssIconsStylesheet());
  console.log(`wrote ${path.relative(process.cwd(), CSS_ICONS_FILE)}`);
}
