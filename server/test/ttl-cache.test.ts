import { describe, expect, it } from 'vitest';
import { ttlCache } from '../src/lib/ttl-cache';

/** A cache on a clock the test moves. */
function cacheAt(ttlMs: number, size: number) {
  let t = 0;
  const cache = ttlCache<string>({ ttlMs, size, now: () => t });
  return { cache, advance: (ms: number) => (t += ms) };
}

describe('ttlCache', () => {
  it('answers a value until ttlMs after it was stored, then nothing', () => {
    const { cache, advance } = cacheAt(1000, 10);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'A');
    advance(999);
    expect(cache.get('a')).toBe('A');
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    // An expired entry is not kept.
    expect(cache.size).toBe(0);
  });

  it('holds at most `size`: one more drops the one stored longest ago; storing again counts as newest', () => {
    const { cache, advance } = cacheAt(60_000, 2);
    cache.set('a', 'A');
    advance(1);
    cache.set('b', 'B');
    advance(1);
    cache.set('a', 'A2');
    cache.set('c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A2');
    expect(cache.get('c')).toBe('C');
  });

  it('a value stored again counts its time from then', () => {
    const { cache, advance } = cacheAt(1000, 10);
    cache.set('a', 'A');
    advance(800);
    cache.set('a', 'A2');
    advance(800);
    expect(cache.get('a')).toBe('A2');
  });

  it('clear forgets everything', () => {
    const { cache } = cacheAt(1000, 10);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });
});
