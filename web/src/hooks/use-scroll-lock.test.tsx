import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollLock } from './use-scroll-lock';

function Dialog({ open }: { open: boolean }) {
  useScrollLock(open);
  return null;
}

describe('useScrollLock', () => {
  it('locks while any dialog is open, and unlocks when the last one closes', () => {
    const locked = () => document.documentElement.hasAttribute('data-scroll-lock');
    const a = render(<Dialog open={false} />);
    expect(locked()).toBe(false);
    a.rerender(<Dialog open />);
    expect(locked()).toBe(true);
    const b = render(<Dialog open />);
    a.rerender(<Dialog open={false} />);
    expect(locked(), 'the second dialog is still open').toBe(true);
    b.unmount();
    expect(locked()).toBe(false);
    a.unmount();
  });
});
