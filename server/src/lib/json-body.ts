import { AppError } from './errors';

/** No body of the shop nests deeper; far deeper ones would exhaust the stack of whatever walks them. */
const MAX_JSON_DEPTH = 32;

/** True when the arrays and objects of a JSON text nest more than `max` deep (strings skipped). */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The one JSON body parser of the app (our routes and /api/auth alike): a blank body reads as no
 * body, one nested deeper than MAX_JSON_DEPTH is a 400 saying so, and text that is not JSON a 400.
 */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) return undefined;
  if (nestedDeeperThan(text, MAX_JSON_DEPTH))
    throw new AppError(400, 'body_too_deep', `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`);
  try {
    return JSON.parse(text);
  } catch {
    const err = new SyntaxError('invalid json') as SyntaxError & { statusCode: number };
    err.statusCode = 400;
    throw err;
  }
}
