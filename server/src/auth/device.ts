import crypto from 'node:crypto';
import net from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * A browser's long-lived device cookie: a random id, set with the first answer of /api/auth/* that
 * sets a cookie of Better Auth's (a session, or the second step of signing in) and kept for 400 days (the most browsers keep a cookie), so a sign-in from a browser the account was used on
 * before is recognised whatever its user agent or network (account-mail.ts, new-sign-in mail). The
 * server hands it to Better Auth in DEVICE_HEADER (set by us, never taken from outside).
 */
export const DEVICE_COOKIE = 'shop_device';
export const DEVICE_HEADER = 'x-shop-device';
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{32}$/;

/** The device id of the request's cookie, when it has a well-formed one. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0 || part.slice(0, i).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(i + 1).trim();
    if (DEVICE_ID.test(value)) return value;
  }
  return undefined;
}

/** The request's device id, or a new one for a browser without (`isNew`: its cookie is to be set). */
export function deviceOf(request: FastifyRequest): { id: string; isNew: boolean } {
  const known = deviceIdOf(request);
  return known ? { id: known, isNew: false } : { id: crypto.randomBytes(24).toString('base64url'), isNew: true };
}

/** The Set-Cookie of a new device id. */
export function deviceCookie(id: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${id}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** How a device id is kept in the database: a hash, so the table holds nothing a browser could present. */
export function deviceHash(id: string): string {
  return crypto.createHash('sha256').update(id, 'utf8').digest('hex');
}

/**
 * The network an address belongs to, as one household or office usually has it: the IPv4 /24, the
 * IPv6 /48 (an IPv4-mapped IPv6 address counts as IPv4); '' when the address is missing or malformed.
 */
export function networkOf(ip: string | null | undefined): string {
  if (!ip) return '';
  const address = net.isIP(ip) ? normalizeIP(ip, 48) : '';
  if (net.isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(address)) return `${address}/48`;
  return '';
}
