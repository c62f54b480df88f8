import { z } from 'zod';
import { text } from './common';

/**
 * Text other people see (names, listings, bookings, messages, reviews, reports) must show what it
 * says: no character that draws nothing or reorders what follows. Refused: control characters (Cc;
 * tab and line breaks only where several lines are allowed), format characters (Cf: zero-width
 * spaces and joiners, right-to-left overrides and isolates, the BOM, soft hyphens...), private-use
 * (Co), unassigned code points (Cn), lone surrogates (Cs), the line and paragraph separators
 * U+2028/U+2029 on one-line fields, and the blank "filler" letters used for invisible names.
 *
 * Joiners that do a job stay allowed: U+200C/U+200D between letters of the scripts written with
 * them (Persian, Bengali, Hindi...), U+200D inside an emoji sequence (👩‍💻) and the tags of a
 * subdivision flag (🏴 + tags). One rule for the forms and the server (the shared schemas use it; the
 * server's sign-up and profile hooks call `invisibleCharacter`).
 */

/** Scripts whose spelling uses ZWNJ/ZWJ (shaping and conjuncts). */
const JOINING_SCRIPTS = [
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Tibetan',
  'Myanmar',
  'Khmer',
];
const inJoiningScript = `[${JOINING_SCRIPTS.map((s) => `\\p{scx=${s}}`).join('')}]`;
const SCRIPT_JOINER = new RegExp(`(?<=${inJoiningScript})[\\u200C\\u200D](?=${inJoiningScript})`, 'gu');
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)\u200D(?=\p{Extended_Pictographic})/gu;
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern). */
const BLANKS = '\\u115F\\u1160\\u3164\\uFFA0\\u2800';
const ONE_LINE = new RegExp(`[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cn}\\p{Cs}\\u2028\\u2029${BLANKS}]`, 'u');
const MULTI_LINE = new RegExp(`(?![\\t\\n\\r])[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cn}\\p{Cs}${BLANKS}]`, 'u');

/** The first character of `s` that shown text refuses, as U+XXXX; undefined when there is none. */
export function invisibleCharacter(s: string, opts: { multiline?: boolean } = {}): string | undefined {
  const rest = s.replace(SCRIPT_JOINER, '').replace(EMOJI_JOINER, '').replace(FLAG_TAGS, '');
  const found = (opts.multiline ? MULTI_LINE : ONE_LINE).exec(rest)?.[0];
  if (found === undefined) return undefined;
  return `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

const ONE_LINE_ALL = new RegExp(ONE_LINE.source, 'gu');

/**
 * `s` without the characters shown text refuses (one-line rule), for a name the shop did not get
 * from a form and cannot send back (a Google profile's): the same rule, applied by dropping them.
 */
export function withoutInvisible(s: string): string {
  const kept = new Set<number>();
  for (const allowed of [SCRIPT_JOINER, EMOJI_JOINER, FLAG_TAGS])
    for (const m of s.matchAll(allowed)) for (let i = 0; i < m[0].length; i++) kept.add(m.index + i);
  return s.replace(ONE_LINE_ALL, (ch: string, offset: number) => (kept.has(offset) ? ch : ''));
}

/** The sentence for a refused character: "must not contain invisible or control characters (U+200B)". */
export const invisibleMessage = (code: string) => `must not contain invisible or control characters (${code})`;

/**
 * A zod check refusing invisible and control characters (see above) with a 400 naming the field
 * ("name must not contain invisible or control characters (U+200B)"). `label` starts the sentence for
 * forms whose messages are whole sentences ("Name must not...").
 */
export function visibleOnly(opts: { multiline?: boolean; label?: string } = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const code = invisibleCharacter(value, opts);
    if (code)
      ctx.addIssue({ code: 'custom', message: `${opts.label ? `${opts.label} ` : ''}${invisibleMessage(code)}`, input: value });
  };
}

/** Shown text: trimmed, required, at most `max` characters, no invisible or control characters. */
export const shownText = (max: number, opts: { multiline?: boolean } = {}) => text(max).superRefine(visibleOnly(opts));

/** Shown text that may be left empty (a description, a review's words): '' when absent. */
export const optionalShownText = (max: number, opts: { multiline?: boolean } = {}) =>
  z
    .string({ message: 'must be text' })
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .superRefine(visibleOnly(opts));
