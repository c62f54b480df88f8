import { describe, expect, it } from 'vitest';
import { percentBelow } from './pricing';

describe('percentBelow', () => {
  it('is the whole-number saving against the original price', () => {
    expect(percentBelow(1234, 1999)).toBe(38); // 38.27 %
    expect(percentBelow(650, 1040)).toBe(38); // 37.5 % rounds half up
    expect(percentBelow(500, 1000)).toBe(50);
    expect(percentBelow(891, 1559)).toBe(43); // 42.85 %
  });

  it('is null when there is no saving to show', () => {
    expect(percentBelow(1000, 1000)).toBeNull();
    expect(percentBelow(1200, 1000)).toBeNull(); // dearer than new
    expect(percentBelow(997, 1000)).toBeNull(); // 0.3 % rounds to nothing
    expect(percentBelow(100, 0)).toBeNull();
    expect(percentBelow(100, -5)).toBeNull();
    expect(percentBelow(Number.NaN, 100)).toBeNull();
    expect(percentBelow(-1, 100)).toBeNull();
  });

  it('never says 100 % while the item still costs something', () => {
    expect(percentBelow(1, 1000)).toBe(99); // 99.9 % would round to 100
    expect(percentBelow(0.01, 10000)).toBe(99);
    expect(percentBelow(0, 1000)).toBe(100); // given away
  });
});
