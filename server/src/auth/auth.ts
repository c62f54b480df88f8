import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shop/contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

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

export function createAuth(config: Config, db: Db) {
  return betterAuth({
    appName: 'Second-hand tech shop',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: resolveSecret(config),
    // The shop's own origin, plus the origin the request itself was sent to (same-origin by definition).
    trustedOrigins: async (request) => {
      const own = request ? new URL(request.url).origin : undefined;
      return [...config.trustedOrigins, own];
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
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
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({
            data: { ...data, role: isAdminEmail(config, String(data.email)) ? 'admin' : 'buyer' },
          }),
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [row] = await db
              .select({ deletedAt: schema.user.deletedAt })
              .from(schema.user)
              .where(eq(schema.user.id, String(session.userId)));
            if (!row || row.deletedAt) throw new APIError('FORBIDDEN', { message: 'This account has been closed.' });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
