import crypto from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { twoFactor } from '../db/schema';

/** The two-factor plugin's codes: RFC 6238, HMAC-SHA1, 30-second steps, 6 digits, one step either side. */
const STEP_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** Better Auth's cookie of a sign-in waiting for its second step (its value names a verification row). */
const TWO_FACTOR_COOKIE = 'two_factor';
/** How Better Auth keeps a secret imported from elsewhere (its generated ones are used as they are). */
const BASE32_PREFIX = 'base32:';

export const CODE_ALREADY_USED = 'CODE_ALREADY_USED';

/** The time step whose code `code` is, within the window the plugin accepts; null when it is none of them. */
async function stepOf(key: Uint8Array, code: string, now = Date.now()): Promise<number | null> {
  const current = Math.floor(now / 1000 / STEP_SECONDS);
  const otp = createOTP(key, { digits: DIGITS, period: STEP_SECONDS });
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = await otp.hotp(step);
    if (code.length === expected.length && crypto.timingSafeEqual(Buffer.from(code), Buffer.from(expected))) found = step;
  }
  return found;
}

/**
 * An authenticator code is taken once (RFC 6238 §5.2): someone who saw a code typed (over a shoulder,
 * through a phishing page relaying it) cannot use it again within its window. Before Better Auth checks
 * a code at POST /two-factor/verify-totp (turning two-factor sign-in on, or the second step of signing
 * in), this works out the time step the code belongs to and claims it for the user in one conditional
 * update of two_factor.last_totp_step: a code of that step or an earlier one is refused (401
 * CODE_ALREADY_USED). A wrong code is left to Better Auth, which counts it.
 */
export function totpOncePlugin({ db }: { db: Db }) {
  return {
    id: 'totp-once',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            const userId = await userOf(ctx);
            if (!userId) return;
            const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
            if (!row) return;
            let secret: string;
            try {
              secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            } catch {
              return; // Better Auth answers for a secret it cannot read either.
            }
            // Decoded as the plugin decodes it, and the codes made by the same library it checks them with.
            const key = secret.startsWith(BASE32_PREFIX)
              ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
              : new TextEncoder().encode(secret);
            const step = await stepOf(key, code);
            if (step === null) return;
            const claimed = await db
              .update(twoFactor)
              .set({ lastTotpStep: step })
              .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
              .returning({ id: twoFactor.id });
            if (!claimed.length)
              throw new APIError('UNAUTHORIZED', {
                code: CODE_ALREADY_USED,
                message: 'This code was used already. Wait for the next code in your authenticator app.',
              });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code this is, as the two-factor plugin decides it: the signed-in user (turning it on), else the
 * user of the sign-in waiting for its second step.
 */
async function userOf(ctx: HookContext): Promise<string | null> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  const found = token ? await ctx.context.internalAdapter.findSession(token) : null;
  if (found) return found.user.id;
  const pending = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name, ctx.context.secret);
  if (!pending) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(pending);
  return row && row.expiresAt > new Date() ? row.value : null;
}
