import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownDevice, user } from '../db/schema';
import { newSignInMail } from '../mail/templates/new-sign-in';
import { passwordChangedMail } from '../mail/templates/password-changed';
import type { Mailer } from '../mail/types';
import { DEVICE_HEADER, deviceHash, networkOf } from './device';
import { returnedUserId } from './returned';

/** How much of a user agent is kept for the mail; the whole of it is hashed. */
const USER_AGENT_KEPT = 500;

/**
 * The security mails of an account, queued from Better Auth's hooks (auth.ts) once the change is made.
 * Queuing writes to the outbox only: a mail server that is down never fails a sign-in.
 */
function accountMail({ db, mailer, baseUrl }: { db: Db; mailer: Mailer; baseUrl: string }) {
  return {
    /** After a password was changed (signed in) or reset (by a mailed link). */
    async passwordChanged(userId: string) {
      const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (!u) return;
      await mailer.enqueue({
        to: u.email,
        userId,
        kind: 'password-changed',
        ...passwordChangedMail({ baseUrl, email: u.email, changedAt: new Date() }),
      });
    },

    /**
     * After a session was made. The browser is known when its device cookie (device.ts) was seen on a
     * sign-in to this account before, or when its user agent was seen together with the network it
     * comes from (IPv4 /24, IPv6 /48): a user agent alone is shared by millions. A browser not known
     * is remembered, and when the account was used on another one before, the user is told by mail.
     * The very first browser of an account (its sign-up) is remembered without a mail.
     */
    async signedIn(
      session: { userId: string; userAgent?: string | null; ipAddress?: string | null; createdAt?: Date },
      device: string | null,
    ) {
      const userAgent = session.userAgent ?? '';
      const userAgentHash = crypto.createHash('sha256').update(userAgent, 'utf8').digest('hex');
      const network = networkOf(session.ipAddress);
      // Without a device id (a call that did not come through the web server) the browser is its user agent and network.
      const hash = device ? deviceHash(device) : `ua:${userAgentHash}:${network}`;
      const mine = eq(knownDevice.userId, session.userId);
      await db.transaction(async (tx) => {
        const [known] = await tx
          .select({ userId: knownDevice.userId })
          .from(knownDevice)
          .where(
            and(
              mine,
              or(
                eq(knownDevice.deviceHash, hash),
                network ? and(eq(knownDevice.userAgentHash, userAgentHash), eq(knownDevice.network, network)) : undefined,
              ),
            ),
          )
          .limit(1);
        const [other] = known ? [] : await tx.select({ userId: knownDevice.userId }).from(knownDevice).where(mine).limit(1);
        const seen = { userAgentHash, userAgent: userAgent.slice(0, USER_AGENT_KEPT), network, lastSeenAt: new Date() };
        await tx
          .insert(knownDevice)
          .values({ userId: session.userId, deviceHash: hash, ...seen })
          .onConflictDoUpdate({ target: [knownDevice.userId, knownDevice.deviceHash], set: seen });
        if (known || !other) return;
        const [u] = await tx.select({ email: user.email }).from(user).where(eq(user.id, session.userId));
        if (!u) return;
        await mailer.enqueue(
          {
            to: u.email,
            userId: session.userId,
            kind: 'new-sign-in',
            ...newSignInMail({
              baseUrl,
              email: u.email,
              userAgent: userAgent.slice(0, USER_AGENT_KEPT),
              ipAddress: session.ipAddress ?? '',
              signedInAt: session.createdAt ?? new Date(),
            }),
          },
          tx,
        );
      });
    },
  };
}

/**
 * The account's security mails as a Better Auth plugin, so auth.ts names it once among its plugins:
 * a password changed while signed in (after /change-password succeeds), a password reset by a mailed
 * link (onPasswordReset, which this plugin supplies to the email-and-password options), and each new
 * session (a database hook, run once the session is stored).
 */
export function accountMailPlugin(deps: {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  /** Run first when a password was reset by a mailed link (auth.ts: the owner proved the mailbox). */
  afterPasswordReset?: (user: { id: string; emailVerified: boolean }) => Promise<void>;
}) {
  const mails = accountMail(deps);
  return {
    id: 'account-mail',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const userId = returnedUserId(ctx);
            if (userId) await mails.passwordChanged(userId);
          }),
        },
      ],
    },
    init: () => ({
      options: {
        emailAndPassword: {
          enabled: true,
          onPasswordReset: async ({ user }) => {
            await deps.afterPasswordReset?.(user);
            await mails.passwordChanged(user.id);
          },
        },
        databaseHooks: {
          session: {
            create: {
              after: (session, ctx) =>
                mails.signedIn(session, ctx?.headers?.get(DEVICE_HEADER) ?? ctx?.request?.headers.get(DEVICE_HEADER) ?? null),
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
