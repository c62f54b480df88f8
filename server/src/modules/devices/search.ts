import type { Query } from '../../db/query';
import { ttlCache } from '../../lib/ttl-cache';
import { SEARCH_SYNONYMS } from './catalogue';

/** What a typed query means once shorthand, spacing and typos are read. */
export type ReadQuery = {
  /** The words searched for, in order ("macbok air" -> ['macbook', 'air']). */
  words: string[];
  /** The words as one string when they differ from what was typed, else null. */
  corrected: string | null;
  /** A prefix tsquery of the words ('macbook:* & air:*'), null when nothing is left. */
  tsquery: string | null;
  /**
   * What listings are searched with: `tsquery`, or the words as typed (each a prefix) where reading
   * changed them, so a listing named with words the catalogue does not know ('mwym7o4j', a word one
   * edit from a model's) is still found by its own name.
   */
  matchTsquery: string | null;
  /** Every word is a catalogue word: a safe phrase to suggest to others (popular searches). */
  allKnown: boolean;
};

const MAX_WORDS = 8;
const CACHE_SIZE = 2000;
const CACHE_TTL_MS = 5 * 60_000;

/** Lower-case words of letters and digits, as the product tsvector's 'simple' parser sees them (at most 8). */
export const wordsOf = (q: string) => (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions: "iphnoe" -> "iphone" is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** Where letters meet digits in a word that is not a word of its own: "iphone13" -> ['iphone', '13']. */
const splitWord = (w: string) => w.match(/\p{L}+|\p{N}+/gu) ?? [w];

type Lookup = { known: boolean; prefix: boolean; near: string[] };

/** One round trip: for each candidate word, whether the catalogue knows it, starts a word of it, and its nearest words by trigram distance. */
const LOOKUP_SQL = `select t.w,
  exists (select 1 from search_term s where s.term = t.w and s.source = 'catalogue') as known,
  exists (select 1 from search_term s where s.source = 'catalogue' and starts_with(s.term, t.w)) as prefix,
  array(select s.term from search_term s where s.source = 'catalogue' order by s.term <-> t.w limit 6) as near
from unnest($1::text[]) as t(w)`;

/**
 * Reads typed queries against the catalogue's words (search_term, pg_trgm): shorthand first
 * ("mbp" -> "macbook pro"), then two words that make one ("air pods" -> "airpods") and one word that
 * is two ("iphone13" -> "iphone 13"), then each word that is no catalogue word, nor the start of
 * one (still being typed), corrected to its nearest catalogue word within 1 edit (2 from 6 letters).
 * Answers are kept a few minutes per query: the vocabulary changes with the catalogue only.
 */
export function queryReader(query: Query) {
  const cache = ttlCache<ReadQuery>({ ttlMs: CACHE_TTL_MS, size: CACHE_SIZE });

  async function lookup(words: string[]): Promise<Map<string, Lookup>> {
    const rows = await query<{ w: string; known: boolean; prefix: boolean; near: string[] }>('devices_lookup', LOOKUP_SQL, [
      words,
    ]);
    return new Map(rows.map((r) => [r.w, { known: r.known, prefix: r.prefix, near: r.near }]));
  }

  async function read(q: string | undefined): Promise<ReadQuery> {
    const typed = wordsOf(q ?? '');
    if (!typed.length) return { words: [], corrected: null, tsquery: null, matchTsquery: null, allKnown: false };
    const key = typed.join(' ');
    const hit = cache.get(key);
    if (hit) return hit;

    const expanded = typed.flatMap((w) => SEARCH_SYNONYMS[w]?.split(' ') ?? [w]).slice(0, MAX_WORDS);
    const candidates = new Set<string>(expanded);
    for (let i = 0; i + 1 < expanded.length; i++) candidates.add(expanded[i]! + expanded[i + 1]!);
    for (const w of expanded) for (const part of splitWord(w)) candidates.add(part);
    const info = await lookup([...candidates]);
    const known = (w: string) => info.get(w)?.known ?? false;
    const usable = (w: string) => known(w) || (info.get(w)?.prefix ?? false);

    // Two words that make a catalogue word are that word; a word that is none splits where letters meet digits.
    const joined: string[] = [];
    for (let i = 0; i < expanded.length; i++) {
      const w = expanded[i]!;
      const next = expanded[i + 1];
      if (next !== undefined && known(w + next) && !(known(w) && known(next) && /\d/.test(next))) {
        joined.push(w + next);
        i++;
      } else if (!usable(w) && splitWord(w).length > 1) joined.push(...splitWord(w));
      else joined.push(w);
    }

    const corrected = new Set<string>();
    const words = joined.map((w) => {
      if (usable(w) || /\p{N}/u.test(w) || w.length < 4) return w;
      const limit = w.length >= 6 ? 2 : 1;
      let best: { term: string; d: number } | undefined;
      for (const term of info.get(w)?.near ?? []) {
        const d = editDistance(w, term);
        if (d <= limit && (!best || d < best.d)) best = { term, d };
      }
      if (best) corrected.add(best.term);
      return best?.term ?? w;
    });
    const unique = [...new Set(words)];
    // A whole catalogue word before the last is taken whole: the models a search names
    // (DevicesService.modelsOf) must have it as a word, not only a word starting with it. The last
    // word stays a prefix (it may still be being typed: 'air' finds AirPods), as do words the
    // catalogue does not know.
    const tsquery = unique.map((w, i) => ((known(w) || corrected.has(w)) && i < unique.length - 1 ? w : `${w}:*`)).join(' & ');
    const asTyped = typed.map((w) => `${w}:*`).join(' & ');
    const asRead = unique.join(' ') === typed.join(' ') ? null : unique.join(' ');
    const r: ReadQuery = {
      words: unique,
      corrected: asRead,
      tsquery,
      // Words read as typed: the tsquery differs from them at most in taking a word whole, which
      // the prefix of that word matches too, so the words as typed find all of it. Each listing
      // checked against one query, not two joined with |.
      matchTsquery: asRead === null || tsquery === asTyped ? asTyped : `(${tsquery}) | (${asTyped})`,
      allKnown: unique.every((w) => known(w) || /^\p{N}+$/u.test(w)),
    };
    cache.set(key, r);
    return r;
  }

  return { read, clear: () => cache.clear() };
}
