import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are personal or secret (emails, tokens, codes, passwords...). */
const SECRET_PARAM = /email|token|code|secret|password|key|otp|state|session|signature/i;
/** An email address anywhere in a path or query value, raw or with its @ percent-encoded. */
const EMAIL = /[^/?&=]+(?:@|%40)[^/?&=]+/gi;

/**
 * A request URL fit for the log: values of secret-looking query parameters, email addresses (also in
 * the path, e.g. /api/users/buyer/<email>) and the token of a reset-password link are replaced.
 */
function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  // Most paths hold neither (a product list, a product): the patterns run only on those that may.
  if (path.includes('@') || /%40/i.test(path)) path = path.replace(EMAIL, '[email]');
  if (/reset-password\//i.test(path)) path = path.replace(/(\/reset-password\/)[^/]+/i, '$1[redacted]');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        /* a malformed escape: match the raw name */
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${key}=[redacted]` : pair.replace(EMAIL, '[email]');
    })
    .join('&');
  return `${path}?${query}`;
}

/** The request as the log shows it: Fastify's usual fields, with the URL redacted; no headers (cookies and Authorization never reach the log). */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
