import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownDevice, user } from '../db/schema';
import { newSignInMail } from '../mail/templates/new-sign-in';
import { passwordChangedMail } from '../mail/templates/password-changed';
import type { Mailer } from '../mail/types';

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
     * After a session was made. Its browser (user agent) is remembered for the user; when it was not
     * known before and the user has signed in from another one, they are told by mail. The very first
     * browser of an account (its sign-up) is remembered without a mail.
     */
    async signedIn(session: { userId: string; userAgent?: string | null; ipAddress?: string | null; createdAt?: Date }) {
      const userAgent = session.userAgent ?? '';
      const userAgentHash = crypto.createHash('sha256').update(userAgent, 'utf8').digest('hex');
      await db.transaction(async (tx) => {
        const added = await tx
          .insert(knownDevice)
          .values({
            userId: session.userId,
            deviceHash: `ua:${userAgentHash}`,
            userAgentHash,
            userAgent: userAgent.slice(0, USER_AGENT_KEPT),
          })
          .onConflictDoNothing()
          .returning({ userId: knownDevice.userId });
        if (!added.length) return;
        const [other] = await tx
          .select({ userId: knownDevice.userId })
          .from(knownDevice)
          .where(and(eq(knownDevice.userId, session.userId), ne(knownDevice.userAgentHash, userAgentHash)))
          .limit(1);
        if (!other) return;
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
export function accountMailPlugin(deps: { db: Db; mailer: Mailer; baseUrl: string }) {
  const mails = accountMail(deps);
  return {
    id: 'account-mail',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
            if (isAPIError(returned) || typeof returned?.user?.id !== 'string') return;
            await mails.passwordChanged(returned.user.id);
          }),
        },
      ],
    },
    init: () => ({
      options: {
        emailAndPassword: { enabled: true, onPasswordReset: ({ user }) => mails.passwordChanged(user.id) },
        databaseHooks: {
          session: { create: { after: (session) => mails.signedIn(session) } },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
