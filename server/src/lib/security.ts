import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Role } from '@shop/contract';
import type { Config } from '../config';
import { normalisedPath } from './request-path';
import { STYLES_FIRST_HASH } from './styles-first';

/**
 * The Content-Security-Policy of the shop: everything from our own origin; images may come from any
 * https host (listings from before photo uploads kept the image URLs their sellers pasted; uploads
 * are served from this origin, /media); inline styles are allowed (the UI kit and the toast library
 * inject <style> tags), inline scripts are not (but for lib/styles-first.ts's, by its hash). Stripe's
 * card fields need its script, frames and API.
 * Plain-http shops (local runs) get no upgrade-insecure-requests, or every asset would be asked for
 * over https and fail.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const https = config.baseUrl.startsWith('https://');
  const stripe = config.payments.provider === 'stripe';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", STYLES_FIRST_HASH, ...(stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    'frame-src': stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Helmet's headers for `options`, worked out once: with no per-request part (no nonces), they are the
 * same on every answer. @fastify/helmet built Helmet's middleware afresh for each request.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/** Security headers on every answer: CSP, no framing, nosniff, a referrer policy, HSTS only over https. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.baseUrl.startsWith('https://');
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
  // On the raw answer, as Helmet sets them: answers written by hand (the event stream) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that legitimately come from another site and carry their own proof: the OAuth provider's
 * form_post callback (checked against the state) and payment webhooks (checked against a signature).
 */
const CROSS_SITE_WRITES = [/^\/api\/auth\/callback\//, /^\/api\/webhooks\//];

function originOf(value: string): string | null {
  try {
    const u = new URL(value);
    return u.origin === 'null' ? null : u.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * CSRF guard: a write under /api (cookie-authenticated calls and /api/auth alike) whose Origin (or,
 * without one, Referer) is another site is refused with 403 before it reaches any handler. Trusted:
 * BASE_URL and EXTRA_TRUSTED_ORIGINS (plus Vite's dev server in development), never the Host header,
 * which the client chooses.
 * A request with neither header is not a browser's cross-site request and is let through; a browser
 * always sends Origin on a cross-site POST, PUT, PATCH or DELETE.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const trusted = new Set(config.trustedOrigins.map((o) => originOf(o)).filter((o): o is string => !!o));
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const path = normalisedPath(request.url);
    if (!path.startsWith('/api/') || CROSS_SITE_WRITES.some((re) => re.test(path))) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const claimed = origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : undefined;
    if (claimed === undefined) return;
    if (claimed && trusted.has(claimed)) return;
    return reply.code(403).send({
      error: 'forbidden_origin',
      message: 'This request came from another website, so it was refused. Please use the shop itself.',
    });
  });
}

/** Answers that belong to one person: their orders, payments, account and auth calls. */
const PERSONAL = /^\/api\/(auth|orders?|users|payments|create-payment-intent|me|audit)(\/|$)/;

/**
 * Personal answers carry `Cache-Control: no-store`, so neither the browser's cache nor a shared one
 * (a CDN, a proxy) keeps them. Answers that read the session are marked where the session is read
 * (auth/plugin.ts).
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = normalisedPath(request.url);
    const q = request.url.indexOf('?');
    const sellerList = path === '/api/products' && q >= 0 && new URLSearchParams(request.url.slice(q + 1)).has('email');
    if (PERSONAL.test(path) || sellerList) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Admin powers: every answer an admin gets *because* they are admin is decided here, once per session
 * reading (auth/plugin.ts puts the result on the request's user as `adminPowers`, and every check of
 * "an admin may" reads that, never `role`). An admin has them unless REQUIRE_ADMIN_2FA is on and their
 * account has no two-factor sign-in (as it is now: the session reading loads the account afresh).
 * Without them an admin is like any other account: admin-only routes answer 403 two_factor_required
 * (requireRole), and "its owner, or an admin" routes answer what a stranger gets.
 */
export function hasAdminPowers(account: { role: Role; twoFactorEnabled: boolean }, rules: { requireAdmin2fa: boolean }) {
  return account.role === 'admin' && (!rules.requireAdmin2fa || account.twoFactorEnabled);
}

/**
 * API routes anyone may call without a session (method and Fastify path; HEAD goes with GET). Every
 * other route the API documents (under /api, not hidden) needs one: the auth plugin checks it before
 * the body or the query is even read (auth/plugin.ts registerAuth), and the OpenAPI document gives
 * it the session security (lib/openapi.ts). Hidden /api routes (Better Auth's own, the document, the
 * docs page, the development outbox) are not part of the API's contract and check for themselves.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/auth-config',
  'GET /api/category',
  'GET /api/advertise',
  'GET /api/allproducts',
  'GET /api/products/:category',
  'GET /api/product/:id',
  // The device catalogue, suggestions, facet counts and the price guide: public facts (modules/devices).
  'GET /api/devices',
  'GET /api/devices/:id',
  'GET /api/search/suggest',
  'GET /api/facets',
  'GET /api/price-guide',
  'GET /api/sellers/:id',
  'GET /api/sellers/:id/reviews',
  'GET /api/sellers/:id/products',
  // The gazetteer's autocomplete and the safe meetup spots: public facts, no one's data.
  'GET /api/places',
  'GET /api/meetup-spots',
  // The simulated card form's confirmation is authorised by the payment's own secret, not a session.
  'POST /api/payments/simulated/confirm',
  // Stripe's events carry its signature, checked against STRIPE_WEBHOOK_SECRET.
  'POST /api/webhooks/stripe',
]);

export function isPublicRoute(method: string, url: string): boolean {
  return PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

/** Whether a route needs a session before anything else: the API's documented routes that are not public. */
export function needsSession(route: { method: string | string[]; url: string; schema?: { hide?: boolean } }): boolean {
  if (!route.url.startsWith('/api/') || route.schema?.hide) return false;
  return [route.method].flat().some((m) => !isPublicRoute(m, route.url));
}

/** An address (or host name) of this machine's loopback: 127.0.0.0/8, ::1 (also IPv4-mapped), localhost. */
export function isLoopback(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === 'localhost' || a === '::1' || (net.isIPv4(a) && a.startsWith('127.'));
}
