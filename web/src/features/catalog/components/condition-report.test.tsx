import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ConditionReport } from './condition-report';
import { PriceDrop } from './price-drop';

describe('ConditionReport', () => {
  it('lists the answers in the category’s order, marks flaws and shows each flaw beside its photo', () => {
    render(
      <ConditionReport
        product={{
          category: 'Mobile',
          condition: 'Good',
          conditionReport: {
            screen: {
              value: 'light_scratches',
              note: 'Top left corner',
              photo: 'p1',
              image: { url: '/media/p/p1/800.webp', width: 800, height: 600, srcset: '' },
            },
            batteryHealth: { value: 91 },
            accessories: { value: '' },
            originalBox: { value: 'yes' },
          },
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Condition report' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Battery health91%',
      'ScreenLight scratchesFlawTop left corner',
      'Accessories includedNone',
      'Original boxYes',
    ]);
    const screenRow = items[1]!;
    expect(within(screenRow).getByRole('img', { name: 'Photo of the flaw: Screen, Light scratches' })).toHaveAttribute(
      'src',
      '/media/p/p1/800.webp',
    );
    expect(within(items[0]!).queryByText('Flaw')).not.toBeInTheDocument();
  });

  it('shows nothing for an item listed without a report', () => {
    const { container } = render(<ConditionReport product={{ category: 'Laptop', condition: 'Good', conditionReport: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('PriceDrop', () => {
  it('shows the earlier price while the server reports a recent cut, nothing otherwise', () => {
    const { rerender } = render(<PriceDrop product={{ price: 420, priceBeforeDrop: 500 }} />);
    expect(screen.getByText('Price dropped')).toBeInTheDocument();
    expect(screen.getByText('$500.00').tagName).toBe('S');
    rerender(<PriceDrop product={{ price: 420, priceBeforeDrop: null }} />);
    expect(screen.queryByText('Price dropped')).not.toBeInTheDocument();
  });
});
