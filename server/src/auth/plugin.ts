import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { EMAIL_NOT_VERIFIED, type Role, TWO_FACTOR_REQUIRED } from '@shop/contract';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { DEVICE_HEADER, deviceCookie, deviceIdOf, deviceOf } from './device';
import { withOAuthErrorMessage } from './oauth-errors';
import { isPlainAuthPath } from '../lib/request-path';
import { hasAdminPowers, needsSession } from '../lib/security';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  verified: boolean;
  /** The account followed the link mailed to its address (or Google vouched for it). */
  emailVerified: boolean;
  /** Two-factor sign-in is on (an authenticator app confirmed). */
  twoFactorEnabled: boolean;
  /**
   * What an admin may do as admin, they may (lib/security.ts hasAdminPowers: an admin, past the
   * REQUIRE_ADMIN_2FA gate). Every "an admin may" check reads this, never `role`.
   */
  adminPowers: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read from the session cookie once per request (null when signed out). */
    sessionUser(): Promise<SessionUser | null>;
    /** The session read again now (not the request's first reading): null once it ended. For event streams. */
    recheckSession(): Promise<SessionUser | null>;
    /** The session sessionUser() read, as Better Auth's get-session answers it (null when signed out or the account is closed). */
    authSession(): Promise<NonNullable<AuthSession> | null>;
  }
}

/** Headers for Better Auth: the client's, plus the real client IP as Fastify sees it (trustProxy-aware). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  // The browser's device id (device.ts), only as its cookie says: never a header the client sent.
  headers.delete(DEVICE_HEADER);
  const device = deviceIdOf(request);
  if (device) headers.set(DEVICE_HEADER, device);
  return headers;
}

type AuthSession = Awaited<ReturnType<Auth['api']['getSession']>>;

function toSessionUser(s: AuthSession, rules: { requireAdmin2fa: boolean }): SessionUser | null {
  if (!s) return null;
  const u = s.user as typeof s.user & {
    role?: string;
    verified?: boolean;
    deletedAt?: Date | null;
    suspendedAt?: Date | null;
    twoFactorEnabled?: boolean | null;
  };
  // A closed or suspended account is signed out everywhere (its sessions are deleted too).
  if (u.deletedAt || u.suspendedAt) return null;
  const role = (u.role ?? 'buyer') as Role;
  const twoFactorEnabled = !!u.twoFactorEnabled;
  return {
    id: u.id,
    name: u.name,
    email: u.email.toLowerCase(),
    role,
    verified: !!u.verified,
    emailVerified: !!u.emailVerified,
    twoFactorEnabled,
    adminPowers: hasAdminPowers({ role, twoFactorEnabled }, rules),
  };
}

/** A Set-Cookie line that removes its cookie. */
const EXPIRING = /;\s*max-age=0\s*(;|$)/i;

export function registerAuth(app: FastifyInstance, auth: Auth, opts: { requireAdmin2fa: boolean }) {
  // Who is calling is checked first: before the body is parsed and the input validated, so a caller
  // without a session gets 401 and learns nothing of what a route takes (lib/security.ts needsSession).
  app.addHook('onRoute', (route) => {
    if (needsSession(route)) route.onRequest = [...[route.onRequest ?? []].flat(), requireSession];
  });
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const sessions = new WeakMap<FastifyRequest, NonNullable<AuthSession>>();
  /** Session cookies Better Auth re-issued while reading the session (sliding renewal), sent with the answer. */
  const renewed = new WeakMap<FastifyRequest, string[]>();
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      p = auth.api.getSession({ headers: authHeaders(this), returnHeaders: true }).then(({ headers, response: s }) => {
        // Only a renewal is passed on: Better Auth also expires the cookies of a session it did not
        // find, and such an answer, arriving after the one that just signed this browser in again (a
        // sign-in, two-factor turned on), would erase the new cookie. A dead cookie only gets 401s.
        const cookies = headers.getSetCookie().filter((c) => !EXPIRING.test(c));
        if (cookies.length) renewed.set(this, cookies);
        const u = toSessionUser(s, opts);
        if (u && s) sessions.set(this, s);
        return u;
      });
      cache.set(this, p);
    }
    return p;
  });
  app.decorateRequest('authSession', async function (this: FastifyRequest) {
    await this.sessionUser();
    return sessions.get(this) ?? null;
  });
  app.decorateRequest('recheckSession', function (this: FastifyRequest) {
    // A long-lived request (an event stream) cannot send a renewed cookie: no sliding renewal here.
    return auth.api
      .getSession({ headers: authHeaders(this), query: { disableRefresh: true } })
      .then((s) => toSessionUser(s, opts));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const cookies = renewed.get(request);
    if (cookies && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
    // An answer that read the session may be one person's: no cache may keep it.
    if (cache.has(request)) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Better Auth's own endpoints (sign-up, sign-in, sign-out, session, update-user ...).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      // Only the plain spelling of an endpoint: Better Auth's URL parser would resolve `./`, `%2e`,
      // `\` and the like to an endpoint the abuse limits and the origin check did not see.
      if (!isPlainAuthPath(request.url))
        return reply.code(404).send({ error: 'not_found', message: 'No such address under /api/auth.' });
      // The shop's own origin (BASE_URL), never the Host header, which the client chooses.
      const url = new URL(`${new URL(String(auth.options.baseURL)).origin}${request.url}`);
      const headers = authHeaders(request);
      const device = deviceOf(request);
      headers.set(DEVICE_HEADER, device.id);
      const req = new Request(url.toString(), {
        method: request.method,
        headers,
        ...(request.body !== undefined && request.method !== 'GET' ? { body: JSON.stringify(request.body) } : {}),
      });
      const response = await auth.handler(req);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie') return;
        // A failed Google sign-in returns to /login?error=...: add a message a person can read.
        if (key === 'location') value = withOAuthErrorMessage(value, [url.origin]);
        reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      // A browser without a device cookie gets one with the first cookie Better Auth sets it.
      if (cookies.length && device.isNew) cookies.push(deviceCookie(device.id, url.protocol === 'https:'));
      if (cookies.length) reply.header('set-cookie', cookies);
      const body = await response.text();
      if (url.pathname.endsWith('/list-sessions') && response.ok) return reply.send(withoutTokens(body));
      return reply.send(body.length ? body : null);
    },
  });
}

/**
 * list-sessions answers with each session's bearer token; page scripts have no use for it and should
 * never hold it (the cookie is httpOnly for a reason), so it is dropped on the way out.
 */
function withoutTokens(body: string): string {
  try {
    const sessions: unknown = JSON.parse(body);
    if (!Array.isArray(sessions)) return body;
    return JSON.stringify(sessions.map((s) => (s && typeof s === 'object' ? { ...s, token: undefined } : s)));
  } catch {
    return body;
  }
}

async function requireSession(request: FastifyRequest) {
  await requireUser(request);
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw unauthorized();
  return user;
}

export async function requireRole(request: FastifyRequest, ...roles: Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw forbidden(`Only ${roles.join(' or ')} accounts can do that.`);
  if (user.role === 'admin' && !user.adminPowers)
    throw new AppError(403, TWO_FACTOR_REQUIRED, 'Turn on two-factor sign-in on your profile page to use admin tools.');
  return user;
}

/**
 * Buying (booking, paying, offers, favourites): every signed-in account but an admin's. An account that
 * sells buys too; admins stay a separate account.
 */
export async function requireBuyer(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === 'admin') throw forbidden('Admin accounts do not buy: sign in with your own account to buy.');
  return user;
}

/**
 * Listing items, being an admin and changing the password need a proven email address: 403
 * email_not_verified until the account follows the link mailed to it.
 */
export function requireVerifiedEmail(user: SessionUser, toDo: string) {
  if (!user.emailVerified)
    throw new AppError(
      403,
      EMAIL_NOT_VERIFIED,
      `Please verify your email address to ${toDo}: open the link we mailed to ${user.email}, or ask for a new one with "Resend" on the banner.`,
    );
}

/** A body or query `email` must be the caller's own (admins, with their powers, may name anyone when reading). */
export function assertOwnEmail(user: SessionUser, email: string | undefined, { adminMayRead = false } = {}) {
  if (email === undefined) return;
  if (email.toLowerCase() === user.email) return;
  if (adminMayRead && user.adminPowers) return;
  throw forbidden('That email is not yours.');
}
