import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Half of a UTF-16 surrogate pair standing alone (with the u flag, a whole pair is one code point and does not match). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why PostgreSQL could not store this string, or undefined when it can. */
function unstorable(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (it holds half of a surrogate pair)';
  return undefined;
}

/** The first string (or object key) in a parsed body, query or params that PostgreSQL cannot store, with why (iterative: any depth). */
function unstorableField(root: unknown): { path: string; why: string } | undefined {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const why = unstorable(v);
      if (why) return { path, why };
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        const why = unstorable(k);
        if (why) return { path: at, why };
        stack.push([x, at]);
      }
    }
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store is bad input (400 naming the field) before it reaches a handler,
 * instead of a database error: a NUL character (U+0000) in any text, and a lone surrogate (JSON's
 * "\ud800" escape), which a json/jsonb value refuses outright and a text column would silently turn
 * into U+FFFD. Checked in the body, query and path.
 */
export function rejectUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = unstorableField(value);
      if (found) throw badRequest(found.path.length > 100 ? `${found.path.slice(0, 97)}...` : found.path || part, found.why);
    }
  });
}
