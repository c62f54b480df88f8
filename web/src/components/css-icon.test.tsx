import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CSS_ICONS_FILE, cssIconsStylesheet } from '../../scripts/css-icons';
import { CssIcon } from './css-icon';
import { CSS_ICONS } from './css-icon-list';

describe('CSS icons', () => {
  it('styles/css-icons.css is what the list and lucide-react give (else: npm run css-icons -w web)', () => {
    expect(fs.readFileSync(CSS_ICONS_FILE, 'utf8')).toBe(cssIconsStylesheet());
  });

  it("each icon is lucide's drawing as a mask: strokes, and a fill where asked", () => {
    const css = cssIconsStylesheet();
    for (const [name, icon] of Object.entries(CSS_ICONS)) {
      const rule = new RegExp(
        `\\.css-icon-${name} \\{\\n    --css-icon: url\\("data:image/svg\\+xml,%3Csvg [^"]*fill='(\\w+)' stroke='black'[^"]*%3C/svg%3E"\\);`,
      ).exec(css);
      expect(rule, name).not.toBeNull();
      expect(rule![1], name).toBe('filled' in icon ? 'black' : 'none');
    }
  });

  it('is one decorative element, sized by its class', () => {
    const { container } = render(<CssIcon name="tag" className="size-3.5" />);
    expect(container.innerHTML).toBe('<span aria-hidden="true" class="css-icon css-icon-tag size-3.5"></span>');
  });
});
