import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shop/contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { recordAudit, SYSTEM_ACTOR } from '../modules/audit/service';
import { isCommonPassword } from './common-passwords';

/** The header through which the server hands Better Auth the real client IP (set by us, never trusted from outside). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

/** Without BETTER_AUTH_SECRET, a secret is made once and kept beside the data, so sessions survive restarts. */
function resolveSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function isAdminEmail(config: Config, email: string) {
  return config.adminEmails.includes(email.toLowerCase());
}

/** Better Auth's id of the Google (any OpenID Connect) provider: POST /api/auth/sign-in/social {provider: 'google'}. */
export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Google sign-in through OpenID Connect discovery at OIDC_ISSUER_URL, so any OIDC provider works and
 * tests use a local one. ID tokens are checked against the issuer's keys, audience and nonce.
 */
function googleProvider(google: NonNullable<Config['google']>) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE_PROVIDER_ID,
        name: 'Google',
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
        scopes: ['openid', 'email', 'profile'],
        prompt: 'select_account',
        mapProfileToUser: (p) => ({
          name: String(
            p.name || p.given_name || (typeof p.email === 'string' ? p.email.split('@')[0] : '') || 'Google user',
          ).slice(0, 100),
        }),
      },
    ],
  });
}

type HookContext = { path: string; body?: unknown };

/** Names are required ('Name is required') and at most 100 characters, trimmed (docs/product.md#validation). */
function checkName(ctx: HookContext) {
  if (ctx.path !== '/sign-up/email' && ctx.path !== '/update-user') return;
  const body = ctx.body as { name?: unknown } | undefined;
  if (!body || (ctx.path === '/update-user' && body.name === undefined)) return;
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) throw new APIError('BAD_REQUEST', { code: 'NAME_REQUIRED', message: 'Name is required' });
  if (name.length > 100)
    throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: 'Name must be at most 100 characters' });
  return { context: { body: { ...body, name } } };
}

/** The most common passwords are refused at sign-up and password change (docs/product.md#validation). */
function checkPassword(ctx: HookContext) {
  const field = ctx.path === '/sign-up/email' ? 'password' : ctx.path === '/change-password' ? 'newPassword' : null;
  if (!field) return;
  const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof value === 'string' && isCommonPassword(value))
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is one of the most common ones and easy to guess. Choose another.',
    });
}

const checkInput = createAuthMiddleware(async (ctx) => {
  checkPassword(ctx);
  return checkName(ctx);
});

/** The client IP the server handed Better Auth for this request (plugin.ts), for the audit log. */
function clientIp(ctx: { headers?: Headers; request?: Request } | null | undefined): string | null {
  return ctx?.headers?.get(CLIENT_IP_HEADER) ?? ctx?.request?.headers.get(CLIENT_IP_HEADER) ?? null;
}

/**
 * Audit rows for changes to two-factor sign-in, which the person makes on themself. Better Auth
 * writes these changes through its own adapter calls, outside any transaction of ours, so the row
 * follows the change at once: enabling and disabling from the user row it wrote (databaseHooks
 * below), new recovery codes from the endpoint's successful answer (this hook).
 */
function auditTwoFactor(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/two-factor/generate-backup-codes') return;
    const me = ctx.context.session?.user;
    if (!me || isAPIError(ctx.context.returned)) return;
    await recordAudit(
      db,
      { id: me.id, email: me.email.toLowerCase(), ip: clientIp(ctx) },
      { action: 'two_factor.recovery_codes_regenerated', target: { type: 'user', id: me.id } },
    );
  });
}

/** Which change of the user row an endpoint makes to two-factor sign-in, by the endpoint. */
const TWO_FACTOR_UPDATES = {
  '/two-factor/verify-totp': { enabled: true, action: 'two_factor.enabled' },
  '/two-factor/disable': { enabled: false, action: 'two_factor.disabled' },
} as const;

export function createAuth(config: Config, db: Db) {
  return betterAuth({
    appName: 'Second-hand tech shop',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    logger: { disabled: config.logLevel === 'silent' },
    secret: resolveSecret(config),
    // The shop's own origin, plus the origin the request itself was sent to (same-origin by definition).
    trustedOrigins: async (request) => {
      const own = request ? new URL(request.url).origin : undefined;
      return [...config.trustedOrigins, own];
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    plugins: [
      // Authenticator-app codes (TOTP) and one-time recovery codes, asked after the password.
      twoFactor({ issuer: 'Second-hand tech shop' }),
      ...(config.google ? [googleProvider(config.google)] : []),
    ],
    account: {
      accountLinking: {
        enabled: true,
        // Google is deliberately not a "trusted provider": trusted providers link even when they do not
        // vouch for the email. Untrusted, a Google sign-in joins an existing account with the same email
        // only when the ID token says email_verified: true.
        trustedProviders: [],
        // Password accounts here never verify their email (the shop sends no mail), so Better Auth's
        // default (link only into locally verified accounts) would never link; the provider's verified
        // email is the proof of ownership instead. After linking, the account counts as verified.
        requireLocalEmailVerified: false,
      },
    },
    // OAuth failures (provider errors, a cancelled consent, an expired state) land on the login page
    // with ?error=code[&error_description=...]; plugin.ts adds a readable &message=.
    onAPIError: { errorURL: `${config.baseUrl}/login` },
    hooks: { before: checkInput, after: auditTwoFactor(db) },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'buyer', required: false },
        verified: { type: 'boolean', input: false, defaultValue: false, required: false },
        roleConfirmed: { type: 'boolean', input: false, defaultValue: false, required: false },
        deletedAt: { type: 'date', input: false, required: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Every call reads the session row, so deleting a user (or signing out everywhere) takes effect at once.
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth skips its Origin / callbackURL checks when NODE_ENV=test; keep them on everywhere.
      disableOriginCheck: false,
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          // A Google sign-up has no 'Seller?' step: it is a buyer (or an admin by ADMIN_EMAILS), recorded at once.
          before: async (data, ctx) => ({
            data: {
              ...data,
              role: isAdminEmail(config, String(data.email)) ? 'admin' : 'buyer',
              ...(ctx?.path?.startsWith('/callback/') ? { roleConfirmed: true } : {}),
            },
          }),
          after: async (created) => {
            if (created.role !== 'admin') return;
            await recordAudit(db, SYSTEM_ACTOR, {
              action: 'role.granted',
              target: { type: 'user', id: created.id },
              details: { role: 'admin', email: created.email.toLowerCase(), via: 'ADMIN_EMAILS', when: 'sign-up' },
            });
          },
        },
        update: {
          after: async (updated, ctx) => {
            const change = ctx?.path ? TWO_FACTOR_UPDATES[ctx.path as keyof typeof TWO_FACTOR_UPDATES] : undefined;
            if (!change || updated.twoFactorEnabled !== change.enabled) return;
            await recordAudit(
              db,
              { id: updated.id, email: updated.email.toLowerCase(), ip: clientIp(ctx) },
              { action: change.action, target: { type: 'user', id: updated.id } },
            );
          },
        },
      },
      account: {
        create: {
          /**
           * Pre-hijacking guard: the shop never verifies emails, so a password account may have been
           * opened by someone else with this email before its owner came with Google. When Google (which
           * vouched for the email) is linked into such an account, the unverified password and every
           * session made with it are removed; the owner signs in with Google from now on.
           */
          after: async (acc) => {
            if (acc.providerId !== GOOGLE_PROVIDER_ID) return;
            const userId = String(acc.userId);
            const [u] = await db
              .select({ emailVerified: schema.user.emailVerified })
              .from(schema.user)
              .where(eq(schema.user.id, userId));
            if (!u || u.emailVerified) return;
            await db
              .delete(schema.account)
              .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, 'credential')));
            await db.delete(schema.session).where(eq(schema.session.userId, userId));
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [row] = await db
              .select({ deletedAt: schema.user.deletedAt })
              .from(schema.user)
              .where(eq(schema.user.id, String(session.userId)));
            if (!row || row.deletedAt)
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_CLOSED', message: 'This account has been closed.' });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
