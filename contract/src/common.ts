import { z } from 'zod';
import { MAX_PRICE_DOLLARS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { MONEY_MESSAGES, parseMoney } from './money';

/** Every error answer of the API. */
export const errorSchema = z
  .object({
    error: z.string().describe('snake_case code, stable for programs'),
    message: z.string().describe('a sentence for people'),
    field: z.string().optional().describe('the input field at fault, for 400'),
    requestId: z
      .string()
      .optional()
      .describe(
        "the request's id (also its X-Request-Id header): quote it when reporting a problem, it finds the request in the logs",
      ),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** Ids are UUIDs; a malformed one is a 400 naming the parameter. */
export const idSchema = z.uuid({ message: 'must be a valid id' });
export const idParams = z.object({ id: idSchema });

/** An id in an answer: a UUID, as the OpenAPI document says (format uuid); the answer is checked against it as it is sent. */
export const answerId = z.uuid();
/** A time in an answer: ISO 8601 (format date-time), e.g. 2026-11-23T01:50:43.050Z. */
export const answerTime = z.iso.datetime({ offset: true });
/**
 * An account's email in an answer that shows it (format email). Said, not checked as it is sent:
 * an address a sign-in provider vouched for may be valid and still fail zod's stricter pattern
 * (a&b@example.com), and one such account must not make a list unreadable.
 */
export const answerEmail = z.string().meta({ format: 'email' });

/**
 * Emails are compared lower-case. A space cannot be part of an address: it is a '+' that arrived
 * unencoded in a query string (`?email=a+b@x.com`, as the original client sends it), so it is read back
 * as '+' (docs/product.md#validation).
 */
export const emailSchema = z
  .string({ message: 'must be a valid email address' })
  .trim()
  .transform((s) => s.replace(/ /g, '+'))
  .pipe(
    z.email({ message: 'must be a valid email address' }).max(254, { message: 'must be at most 254 characters' }).toLowerCase(),
  );

/** Text fields: trimmed, non-empty, bounded. */
export const text = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });

/** A typed amount of money read by the one parser of money.ts, then checked by `range`. */
const money = (range: z.ZodNumber | z.ZodType<number, number>) =>
  z
    .union(
      [
        z.number(),
        z.string().describe('digits with "." for cents; ",", a space or an apostrophe may group thousands ("1,299.50", "1 299")'),
      ],
      { message: MONEY_MESSAGES.notANumber },
    )
    .transform((v, ctx) => {
      if (typeof v === 'number') return v;
      const read = parseMoney(v);
      if (read.ok) return read.value;
      ctx.addIssue({ code: 'custom', message: read.message, input: v });
      return z.NEVER;
    })
    .pipe(range);

/**
 * A price in dollars: a number, or a string as people type it ("1299", "1,299.50", "1 299"; forms send
 * strings); at most 2 decimals. What cannot be read one way ("1.299,50") is refused with a sentence
 * saying what to write.
 */
export const dollars = money(
  z
    .number()
    .positive({ message: 'must be greater than 0' })
    .max(MAX_PRICE_DOLLARS, { message: `must be at most ${MAX_PRICE_DOLLARS}` })
    .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6, { message: 'must have at most 2 decimals' }),
);

/** A price filter in dollars (a list's minPrice / maxPrice): read the same way, 0 allowed. */
export const dollarsFilter = money(
  z
    .number()
    .min(0, { message: 'must be 0 or more' })
    .max(MAX_PRICE_DOLLARS, { message: `must be at most ${MAX_PRICE_DOLLARS}` }),
);

/** Image reference: an http(s) URL or a path on this site. Never javascript:, data: and the like. */
export const imageUrl = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(2048, { message: 'must be at most 2048 characters' })
  .refine(
    (v) => {
      if (v.startsWith('/') && !v.startsWith('//')) return true;
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL or a path starting with /' },
  );

export const phoneSchema = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(30, { message: 'must be at most 30 characters' })
  .regex(/^\+?[0-9 ()\-.]{3,30}$/, { message: 'must be a phone number' });

/** `limit` + `cursor` of every list (docs/product.md#pagination). */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(PAGE_SIZE_MAX, { message: `must be at most ${PAGE_SIZE_MAX}` })
    .default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

export const acknowledgedSchema = z.object({ acknowledged: z.boolean() });
