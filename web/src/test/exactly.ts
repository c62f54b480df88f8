import { expect } from 'vitest';

type Tuple<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N ? Acc : Tuple<T, N, [...Acc, T]>;

/**
 * Asserts that `items` holds exactly `count` entries and hands them back as a tuple of that length,
 * so `const [first, second] = exactly(rows, 2)` needs no further check on each entry.
 */
export function exactly<T, N extends number>(items: readonly T[], count: N): Tuple<T, N> {
  expect(items).toHaveLength(count);
  return [...items] as Tuple<T, N>;
}
