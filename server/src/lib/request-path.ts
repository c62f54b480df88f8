/** The path of a request URL, without its query string. */
export function requestPath(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** Unreserved characters (RFC 3986) that a client may percent-encode without changing the address. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The path of a request URL as a URL parser resolves it, for matching rules against: without the
 * query, dot segments (also `%2e`) and backslashes resolved, percent-encoded letters decoded, runs of
 * slashes folded, no trailing slash, lower case. Every spelling of one address gives one answer, so a
 * rule on `/api/auth/sign-in/email` also holds for `/api/auth/x/../SIGN-IN//email/`.
 */
export function normalisedPath(url: string): string {
  const raw = requestPath(url);
  // Most paths are plain already (no dots, escapes or doubled slashes): nothing to resolve.
  if (/^(?:\/[A-Za-z0-9_-]+)+$/.test(raw)) return raw.toLowerCase();
  let path: string;
  try {
    // Appended to an origin (never resolved against one): a path starting with `//` stays a path.
    path = new URL(`http://x${raw.startsWith('/') ? '' : '/'}${raw}`).pathname;
  } catch {
    path = raw;
  }
  path = path.replace(/%([0-9A-Fa-f]{2})/g, (m, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : m;
  });
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path.toLowerCase();
}

/**
 * True for an /api/auth address spelled plainly: segments of letters, digits, `-` and `_` only, so no
 * dot segments, percent-encoding, backslashes, empty segments or trailing slash. The auth handler
 * refuses every other spelling rather than let the URL parser turn it into an endpoint behind the
 * abuse limits' and origin check's backs.
 */
export function isPlainAuthPath(url: string): boolean {
  return /^\/api\/auth(\/[A-Za-z0-9_-]+)+$/.test(requestPath(url));
}
