import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The path of the first string holding U+0000 in a parsed body, query or params (iterative: any depth). */
function nulField(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) stack.push([x, path ? `${path}.${k}` : k]);
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character (U+0000): any string with one, in the body, query or
 * path, is bad input (400 naming the field) before it reaches a handler, instead of a database error.
 */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulField(value);
      if (field !== undefined)
        throw badRequest(field.length > 100 ? `${field.slice(0, 97)}...` : field || part, 'must not contain a NUL character');
    }
  });
}
