/**
 * Answers an instance may give a little stale, kept in its memory: each value for `ttlMs` after it
 * was stored, at most `size` of them (storing one more drops the one stored longest ago). What one
 * instance keeps, another does not see: use it where a few seconds or minutes behind is fine, and
 * `clear` it where this instance makes the change.
 */
export function ttlCache<V>(o: { ttlMs: number; size: number; now?: () => number }) {
  const now = o.now ?? Date.now;
  const entries = new Map<string, { value: V; at: number }>();
  return {
    /** The value stored under `key` less than `ttlMs` ago, else undefined. */
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() - hit.at < o.ttlMs) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V): void {
      // Stored again, it counts from now and is the newest (a Map keeps the order keys were added in).
      entries.delete(key);
      if (entries.size >= o.size) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at: now() });
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}
