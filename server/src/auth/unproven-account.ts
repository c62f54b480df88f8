import { and, eq, like, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, knownDevice, mailOptOut, session, twoFactor, user, verification } from '../db/schema';

/**
 * Pre-hijacking guard. Anyone may sign up with an address they do not own, set a password, turn on
 * two-factor sign-in with their own app and stay signed in, waiting for the owner to confirm the
 * address. When the owner proves it (follows the link mailed to it, or comes with Google, which
 * vouches for it), this removes what the unproven party set: every session, the password (unless
 * `keepPassword`: it was just chosen through a mailed link), two-factor sign-in with its recovery codes,
 * trusted browsers and pending second-factor steps, the known browsers of the new-sign-in mail, and the
 * mail settings. The caller ends the open event streams of the user when `sessionsEnded` says so.
 */
export async function forgetUnprovenParty(
  db: Db,
  userId: string,
  opts: { keepPassword?: boolean } = {},
): Promise<{ sessionsEnded: boolean }> {
  return db.transaction(async (tx) => {
    if (!opts.keepPassword) await tx.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
    // Better Auth's trusted browsers ('trust-device-…') and second steps under way ('2fa-…') name the user.
    await tx
      .delete(verification)
      .where(
        and(
          eq(verification.value, userId),
          or(like(verification.identifier, 'trust-device-%'), like(verification.identifier, '2fa-%')),
        ),
      );
    await tx.delete(knownDevice).where(eq(knownDevice.userId, userId));
    await tx.delete(mailOptOut).where(eq(mailOptOut.userId, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    return { sessionsEnded: ended.length > 0 };
  });
}
