import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { betterAuth, type GenericEndpointContext } from 'better-auth';
import { APIError, createAuthMiddleware, createEmailVerificationToken, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  EMAIL_NOT_VERIFIED,
  imageUrl,
  invisibleCharacter,
  invisibleMessage,
  MAX_PASSWORD_LENGTH,
  MIN_NEW_PASSWORD_LENGTH,
  newPasswordSchema,
  USER_ADDITIONAL_FIELDS,
  withoutInvisible,
} from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { resetPasswordMail } from '../mail/templates/reset-password';
import { signUpAttemptMail } from '../mail/templates/sign-up-attempt';
import { verifyEmailMail } from '../mail/templates/verify-email';
import type { Mailer } from '../mail/types';
import { pgErrorCode } from '../lib/db-errors';
import { recordAudit, SYSTEM_ACTOR } from '../modules/audit/service';
import { accountMailPlugin } from './account-mail';
import { returnedUserId } from './returned';
import { isCommonPassword } from './common-passwords';
import { claimMailSlot } from './mail-throttle';
import { testPasswordHasher } from './password-hash';
import { totpOncePlugin } from './totp-once';
import { forgetUnprovenParty } from './unproven-account';

/** The header through which the server hands Better Auth the real client IP (set by us, never trusted from outside). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

/** Without BETTER_AUTH_SECRET, a secret is made once and kept beside the data, so sessions survive restarts. */
export function resolveSecret(config: Config): string {
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
        // The profile's name is shown text like a typed one (shown-text.ts): invisible and control
        // characters are dropped, since there is no form to send a refusal back to.
        mapProfileToUser: (p) => ({
          name:
            withoutInvisible(String(p.name || p.given_name || (typeof p.email === 'string' ? p.email.split('@')[0] : '')))
              .trim()
              .slice(0, 100) || 'Google user',
        }),
      },
    ],
  });
}

type HookContext = { path: string; body?: unknown; request?: Request };

/**
 * Names are required ('Name is required'), at most 100 characters, trimmed, and free of invisible and
 * control characters (docs/product.md#validation).
 */
function checkName(ctx: HookContext) {
  if (ctx.path !== '/sign-up/email' && ctx.path !== '/update-user') return;
  const body = ctx.body as { name?: unknown } | undefined;
  if (!body || (ctx.path === '/update-user' && body.name === undefined)) return;
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) throw new APIError('BAD_REQUEST', { code: 'NAME_REQUIRED', message: 'Name is required' });
  if (name.length > 100)
    throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: 'Name must be at most 100 characters' });
  // Shown to other people: nothing invisible or reordering (the contract's one rule, as the forms check it).
  const hidden = invisibleCharacter(name);
  if (hidden) throw new APIError('BAD_REQUEST', { code: 'NAME_INVALID', message: `Name ${invisibleMessage(hidden)}` });
  return { context: { body: { ...body, name } } };
}

/** Where each endpoint that sets a password carries the new one. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/**
 * A new password follows the contract's rule (the forms' messages: under 6 characters, 6 or 7, only
 * spaces) and is not one of the most common ones (docs/product.md#validation).
 */
function checkPassword(ctx: HookContext) {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  if (!field) return;
  const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== 'string') return;
  const problem = newPasswordSchema.safeParse(value).error?.issues[0];
  if (problem)
    throw new APIError('BAD_REQUEST', {
      code:
        value.length > MAX_PASSWORD_LENGTH
          ? 'PASSWORD_TOO_LONG'
          : value.length < MIN_NEW_PASSWORD_LENGTH
            ? 'PASSWORD_TOO_SHORT'
            : 'PASSWORD_BLANK',
      message: problem.message,
    });
  if (isCommonPassword(value))
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is one of the most common ones and easy to guess. Choose another.',
    });
}

/** A profile picture follows the rule of product pictures: an http(s) URL or a path on this site, bounded. */
function checkImage(ctx: HookContext) {
  if (ctx.path !== '/sign-up/email' && ctx.path !== '/update-user') return;
  const image = (ctx.body as { image?: unknown } | undefined)?.image;
  if (image === undefined || image === null) return;
  const problem = imageUrl.safeParse(image).error?.issues[0];
  if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_IMAGE', message: `image ${problem.message}` });
}

/**
 * The change-password requests that asked to sign the other devices out (endOthersAfterPasswordChange).
 * Better Auth would delete every session of the account, this one too, and then make this browser a new
 * one: until its answer arrives, the page's other calls (a refetch, the event stream, which that very
 * deletion tells to check its session) carry a cookie of no session, are answered 401, and the page
 * goes to /login. So Better Auth is asked to keep the sessions, and the after hook ends the others.
 */
const endOthersAfter = new WeakSet<Request>();
/** Tries at ending the other sessions after a password change before the answer says they were not. */
const END_SESSIONS_ATTEMPTS = 3;

function keepThisSession(ctx: HookContext) {
  if (ctx.path !== '/change-password' || !ctx.request) return;
  const body = ctx.body as { revokeOtherSessions?: unknown } | undefined;
  if (body?.revokeOtherSessions !== true) return;
  endOthersAfter.add(ctx.request);
  return { context: { body: { ...body, revokeOtherSessions: false } } };
}

const checkInput = createAuthMiddleware(async (ctx) => {
  checkImage(ctx);
  // Changing the password needs a verified email (403 email_not_verified), so whoever opened an
  // account with someone else's address cannot lock its owner out. The session is looked up as
  // Better Auth does; without one the endpoint itself answers 401.
  if (ctx.path === '/change-password') {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    const found = token ? await ctx.context.internalAdapter.findSession(token) : null;
    if (found && !found.user.emailVerified)
      throw new APIError('FORBIDDEN', {
        code: EMAIL_NOT_VERIFIED,
        message: `Please verify your email address to change your password: open the link we mailed to ${found.user.email}, or ask for a new one with "Resend" on the banner.`,
      });
  }
  checkPassword(ctx);
  return checkName(ctx) ?? keepThisSession(ctx);
});

/** What an after hook is given (createAuthMiddleware's handler's argument). */
type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

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
async function auditTwoFactor(db: Db, ctx: AfterHookContext) {
  if (ctx.path !== '/two-factor/generate-backup-codes') return;
  const me = ctx.context.session?.user;
  if (!me || isAPIError(ctx.context.returned)) return;
  await recordAudit(
    db,
    { id: me.id, email: me.email.toLowerCase(), ip: clientIp(ctx) },
    { action: 'two_factor.recovery_codes_regenerated', target: { type: 'user', id: me.id } },
  );
}

/**
 * A new account is signed in by this hook, not by Better Auth's sign-up: with autoSignIn off, Better
 * Auth answers a taken address exactly as a new one (200, the same body with a made-up user, the
 * owner mailed: onExistingUserSignUp), and only a user row that really was just made gets a session.
 */
async function signInNewAccount(db: Db, ctx: AfterHookContext) {
  if (ctx.path !== '/sign-up/email') return;
  const userId = returnedUserId(ctx);
  if (!userId) return;
  const [made] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, userId));
  if (!made) return;
  const found = await ctx.context.internalAdapter.findUserById(made.id);
  if (!found) return;
  const dontRemember = (ctx.body as { rememberMe?: unknown } | undefined)?.rememberMe === false;
  const session = await ctx.context.internalAdapter.createSession(found.id, dontRemember);
  await setSessionCookie(ctx, { session, user: found }, dontRemember);
}

/** Which change of the user row an endpoint makes to two-factor sign-in, by the endpoint. */
const TWO_FACTOR_UPDATES = {
  '/two-factor/verify-totp': { enabled: true, action: 'two_factor.enabled' },
  '/two-factor/disable': { enabled: false, action: 'two_factor.disabled' },
} as const;

/**
 * The requests whose link just verified an email (afterEmailVerification), and the user: the answer
 * then leads to choosing a password instead of the plain success page (leadToNewPassword).
 */
const verifiedBy = new WeakMap<Request, string>();

/** How long the emailed links work. */
const VERIFY_EMAIL_LINK_SECONDS = 24 * 60 * 60;
const RESET_PASSWORD_LINK_SECONDS = 60 * 60;

/** The web pages the emailed links land on (after Better Auth checked the token). */
const EMAIL_VERIFIED_PAGE = paths.emailVerified.getHref();
const RESET_PASSWORD_PAGE = paths.resetPassword.getHref();

/**
 * A link that verified an email lands on the page that asks for the account's password (with a fresh
 * reset token): the password typed at sign-up was removed with everything else the unproven party
 * may have set (unproven-account.ts). A link opened again, or one that failed, keeps its answer.
 */
async function leadToNewPassword(ctx: AfterHookContext) {
  if (ctx.path !== '/verify-email' || !ctx.request) return;
  const userId = verifiedBy.get(ctx.request);
  if (!userId) return;
  const token = crypto.randomBytes(18).toString('base64url');
  await ctx.context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + RESET_PASSWORD_LINK_SECONDS * 1000),
  });
  throw ctx.redirect(`${RESET_PASSWORD_PAGE}?token=${token}&verified=1`);
}

const tooManyMails = () =>
  new APIError('TOO_MANY_REQUESTS', {
    code: 'TOO_MANY_EMAILS',
    message: 'We sent you a link less than a minute ago. Check your inbox (and spam folder), or try again in a minute.',
  });

/**
 * Makes an account of ADMIN_EMAILS an admin once its email is proven (the link followed, or Google
 * vouched for it); the audit log records the grant.
 */
async function grantAdminIfListed(config: Config, db: Db, u: { id: string; email: string; emailVerified: boolean }) {
  if (!u.emailVerified || !isAdminEmail(config, u.email)) return;
  const granted = await db
    .update(schema.user)
    .set({ role: 'admin', roleConfirmed: true, updatedAt: new Date() })
    .where(and(eq(schema.user.id, u.id), ne(schema.user.role, 'admin'), isNull(schema.user.deletedAt)))
    .returning({ id: schema.user.id });
  if (!granted.length) return;
  await recordAudit(db, SYSTEM_ACTOR, {
    action: 'role.granted',
    target: { type: 'user', id: u.id },
    details: { role: 'admin', email: u.email.toLowerCase(), via: 'ADMIN_EMAILS', when: 'email-verified' },
  });
}

/**
 * `sessionsEnded` is told the users whose sessions Better Auth just deleted (sign-out, "sign out
 * everywhere", a password reset, an expired session), so their open event streams end too.
 */
export function createAuth(config: Config, db: Db, mailer: Mailer, sessionsEnded: (userIds: string[]) => Promise<void>) {
  const secret = resolveSecret(config);

  /** Mails the link proving `user`'s address; false when one went out less than a minute ago. */
  async function mailVerificationLink(user: { id: string; name: string; email: string }, token: string) {
    if (!(await claimMailSlot(db, `verify-email:${user.id}`))) return false;
    const url = `${config.baseUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PAGE)}`;
    const mail = verifyEmailMail({
      baseUrl: config.baseUrl,
      name: user.name,
      url,
      expiresInHours: VERIFY_EMAIL_LINK_SECONDS / 3600,
    });
    await mailer.enqueue({ ...mail, to: user.email, kind: 'verify-email', userId: user.id });
    return true;
  }

  /** Removes what may have been set on `userId` before its email was proven, and ends its event streams. */
  async function forgetUnproven(userId: string, opts: { keepPassword?: boolean } = {}) {
    const { sessionsEnded: ended } = await forgetUnprovenParty(db, userId, opts);
    if (ended) await sessionsEnded([userId]);
  }

  /** Ends every session of `userId` but the one the request `ctx` was made with. */
  async function endOtherSessions(ctx: GenericEndpointContext | null, userId: string) {
    const token = ctx ? await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret) : null;
    const ended = await db
      .delete(schema.session)
      .where(and(eq(schema.session.userId, userId), token ? ne(schema.session.token, token) : undefined))
      .returning({ id: schema.session.id });
    if (ended.length) await sessionsEnded([userId]);
  }

  /**
   * The password was changed with "Sign out of other devices": every session but this one ends
   * (keepThisSession). The new password is saved by now, so a failure here must not read as "nothing
   * changed" (a 5xx is one the app and the proxy take as "try again"). Ending sessions can be done
   * again, so it is tried three times; should it still fail, the answer is the change's own 200 with
   * `otherSessionsEnded: false`, and the after hooks that follow (the password-changed mail) still
   * see the user. Returns that answer, or nothing when there is nothing to change in it.
   */
  async function endOthersAfterPasswordChange(ctx: AfterHookContext) {
    if (ctx.path !== '/change-password' || !ctx.request || !endOthersAfter.has(ctx.request)) return;
    const userId = returnedUserId(ctx);
    if (!userId) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await endOtherSessions(ctx, userId);
        return;
      } catch (error) {
        if (attempt >= END_SESSIONS_ATTEMPTS) {
          // Not the error itself: a failed query's message carries its parameters, this session's token among them.
          const cause = pgErrorCode(error) ?? (error instanceof Error ? error.name : typeof error);
          ctx.context.logger.error(`password of user ${userId} changed, other sessions not ended (${cause})`);
          return ctx.json({ ...(ctx.context.returned as object), otherSessionsEnded: false });
        }
        await sleep(100 * attempt);
      }
    }
  }

  return betterAuth({
    appName: config.shopName,
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    logger: { disabled: config.logLevel === 'silent' },
    secret,
    // BASE_URL and EXTRA_TRUSTED_ORIGINS (and Vite's dev server in development), never the Host header.
    trustedOrigins: config.trustedOrigins,
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
      password: testPasswordHasher(config.fastPasswordHash),
      minPasswordLength: MIN_NEW_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Off so that a taken address is answered as a new one (signInNewAccount signs real new accounts
      // in); its owner is mailed instead: a link to prove the address when it was never proven, else
      // "someone tried to sign up with your address" (at most one a minute either way).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified) {
          const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFY_EMAIL_LINK_SECONDS, {
            userId: user.id,
          });
          await mailVerificationLink(user, token);
          return;
        }
        if (!(await claimMailSlot(db, `sign-up-attempt:${user.id}`))) return;
        const mail = signUpAttemptMail({ baseUrl: config.baseUrl, name: user.name, email: user.email });
        await mailer.enqueue({ ...mail, to: user.email, kind: 'sign-up-attempt', userId: user.id });
      },
      // The link leads through Better Auth's check of the token to the web page that asks for the new
      // password (or a first one, for a Google-only account); the token works once, for an hour.
      // Asking again within a minute sends nothing, and the answer never tells whether the account exists.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (!(await claimMailSlot(db, `reset-password:${user.id}`))) return;
        const url = `${config.baseUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(RESET_PASSWORD_PAGE)}`;
        const mail = resetPasswordMail({
          baseUrl: config.baseUrl,
          email: user.email,
          url,
          expiresInMinutes: RESET_PASSWORD_LINK_SECONDS / 60,
        });
        await mailer.enqueue({ ...mail, to: user.email, kind: 'reset-password', userId: user.id });
      },
    },
    // Every new account is sent a link proving its email; until it is followed the account may shop
    // but not sell, be an admin or change its password. Whoever typed the address at sign-up may not
    // own it, so following the link removes what was set before (sessions, the password, two-factor
    // sign-in ...: unproven-account.ts), signs nobody in, then makes an ADMIN_EMAILS address an admin
    // and leads to the page where the owner chooses the password (leadToNewPassword).
    // A resend within a minute of the last mail is refused (429).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (!(await mailVerificationLink(user, token))) throw tooManyMails();
      },
      beforeEmailVerification: async (user) => forgetUnproven(user.id),
      afterEmailVerification: async (user, request) => {
        // Anything made between the clean-up and the verification goes too (none is expected).
        await forgetUnproven(user.id);
        await grantAdminIfListed(config, db, user);
        if (request) verifiedBy.set(request, user.id);
      },
    },
    plugins: [
      // Authenticator-app codes (TOTP) and one-time recovery codes, asked after the password.
      twoFactor({ issuer: config.shopName }),
      // Each of those codes is taken once (totp-once.ts).
      totpOncePlugin({ db }),
      // Mails for a changed or reset password and for a sign-in from a new browser (account-mail.ts).
      accountMailPlugin({
        db,
        mailer,
        baseUrl: config.baseUrl,
        // The reset link proves the mailbox as the verification link does: on an account whose address
        // was never proven, what the unproven party set goes too (their two-factor sign-in above all,
        // which would stand between the owner and the account), keeping the password just chosen.
        afterPasswordReset: async (user) => {
          if (!user.emailVerified) await forgetUnproven(user.id, { keepPassword: true });
        },
      }),
      ...(config.google ? [googleProvider(config.google)] : []),
    ],
    account: {
      accountLinking: {
        enabled: true,
        // Google is deliberately not a "trusted provider": trusted providers link even when they do not
        // vouch for the email. Untrusted, a Google sign-in joins an existing account with the same email
        // only when the ID token says email_verified: true.
        trustedProviders: [],
        // A password account whose owner has not yet followed the verification link still links: the
        // provider's verified email is the proof of ownership (account.create.after below removes the
        // unproven password). After linking, the account counts as verified.
        requireLocalEmailVerified: false,
      },
    },
    // OAuth failures (provider errors, a cancelled consent, an expired state) land on the login page
    // with ?error=code[&error_description=...]; plugin.ts adds a readable &message=.
    onAPIError: { errorURL: `${config.baseUrl}${paths.login.getHref()}` },
    hooks: {
      before: checkInput,
      // One middleware: a middleware called from another would lose the cookies it sets.
      after: createAuthMiddleware(async (ctx) => {
        await auditTwoFactor(db, ctx);
        await signInNewAccount(db, ctx);
        const changed = await endOthersAfterPasswordChange(ctx);
        if (changed) return changed;
        await leadToNewPassword(ctx);
      }),
    },
    user: {
      additionalFields: USER_ADDITIONAL_FIELDS,
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
          // A Google sign-up has no 'Seller?' step: it is a buyer, recorded at once. ADMIN_EMAILS makes
          // an admin only of a proven email: Google's verified one here, otherwise on verification.
          before: async (data, ctx) => ({
            data: {
              ...data,
              role: data.emailVerified === true && isAdminEmail(config, String(data.email)) ? 'admin' : 'buyer',
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
            // Google vouched for the email (this runs after the commit). A followed link grants in
            // afterEmailVerification instead, once what the unproven party set is gone.
            if (ctx?.path !== '/verify-email') await grantAdminIfListed(config, db, updated);
            const change = ctx?.path ? TWO_FACTOR_UPDATES[ctx.path as keyof typeof TWO_FACTOR_UPDATES] : undefined;
            if (!change || updated.twoFactorEnabled !== change.enabled) return;
            // Turned on: the account's other sessions were made with the password alone, so they end
            // (Better Auth then replaces this request's session by one that passed the code).
            if (change.enabled) await endOtherSessions(ctx, updated.id);
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
           * Pre-hijacking guard: a password account whose email was never verified may have been
           * opened by someone else with this email before its owner came with Google. When Google (which
           * vouched for the email) is linked into such an account, the unverified password, every
           * session and all else the unproven party set are removed (unproven-account.ts); the owner
           * signs in with Google from now on (or sets a password of their own through "Forgot password?").
           */
          after: async (acc) => {
            if (acc.providerId !== GOOGLE_PROVIDER_ID) return;
            const userId = String(acc.userId);
            const [u] = await db
              .select({ emailVerified: schema.user.emailVerified })
              .from(schema.user)
              .where(eq(schema.user.id, userId));
            if (!u || u.emailVerified) return;
            await forgetUnproven(userId);
          },
        },
      },
      session: {
        // Runs after the deleting transaction commits, once per session deleted.
        delete: { after: async (session) => sessionsEnded([String(session.userId)]) },
        create: {
          before: async (session) => {
            const [row] = await db
              .select({ deletedAt: schema.user.deletedAt, suspendedAt: schema.user.suspendedAt })
              .from(schema.user)
              .where(eq(schema.user.id, String(session.userId)));
            if (!row || row.deletedAt)
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_CLOSED', message: 'This account has been closed.' });
            if (row.suspendedAt)
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: 'This account has been suspended by the moderators.',
              });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
