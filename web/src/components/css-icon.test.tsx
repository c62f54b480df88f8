import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import sharp from 'sharp';
import { CSS_ICONS_FILE, cssIconsStylesheet, ICON_PX, iconSvg, iconWebp } from '../../scripts/css-icons';
import { CssIcon } from './css-icon';
import { CSS_ICONS, type CssIconName } from './css-icon-list';

/** An image's size and the share of its pixels more opaque than not. */
async function alphaCover(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 127) opaque++;
  return { width: info.width, height: info.height, cover: opaque / (info.width * info.height) };
}

describe('CSS icons', () => {
  it('styles/css-icons.css is what the list and lucide-react give (else: npm run css-icons -w web)', async () => {
    expect(fs.readFileSync(CSS_ICONS_FILE, 'utf8')).toBe(await cssIconsStylesheet());
  });

  it("each icon is lucide's drawing as a raster mask of ICON_PX a side: strokes, and a fill where asked", async () => {
    const css = await cssIconsStylesheet();
    for (const [name, icon] of Object.entries(CSS_ICONS) as [CssIconName, (typeof CSS_ICONS)[CssIconName]][]) {
      const rule = new RegExp(`\\.css-icon-${name} \\{\\n    --css-icon: url\\("data:image/webp;base64,([^"]+)"\\);`).exec(css);
      const base64 = rule?.[1];
      if (!base64) throw new Error(`no raster mask for ${name}`);
      const mask = await alphaCover(Buffer.from(base64, 'base64'));
      expect(mask.width, name).toBe(ICON_PX);
      expect(mask.height, name).toBe(ICON_PX);
      // A drawing: some of the square opaque, most of it not.
      expect(mask.cover, name).toBeGreaterThan(0.1);
      expect(mask.cover, name).toBeLessThan(0.6);
      // A filled icon covers clearly more than its outline alone.
      const outline = await alphaCover(await iconWebp(iconSvg(name).replace(/fill="black"/, 'fill="none"')));
      if ('filled' in icon) expect(mask.cover, name).toBeGreaterThan(outline.cover * 1.3);
      else expect(mask.cover, name).toBeCloseTo(outline.cover, 5);
    }
  });

  it('is one decorative element, sized by its class', () => {
    const { container } = render(<CssIcon name="tag" className="size-3.5" />);
    expect(container.innerHTML).toBe('<span aria-hidden="true" class="css-icon css-icon-tag size-3.5"></span>');
  });
});
