import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { recordAudit, SYSTEM_ACTOR } from '../modules/audit/service';

/**
 * ADMIN_EMAILS at start-up: the verified accounts of those addresses become admins (an unverified one
 * on verification, auth.ts). Each account that was not an admin yet gets its audit row in the same
 * transaction as the grant. Returns how many were granted.
 */
export async function grantConfiguredAdmins(db: Db, emails: string[]): Promise<number> {
  if (!emails.length) return 0;
  return db.transaction(async (tx) => {
    const listed = and(inArray(user.email, emails), eq(user.emailVerified, true));
    const newcomers = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(and(listed, ne(user.role, 'admin')))
      .for('update');
    await tx.update(user).set({ role: 'admin', roleConfirmed: true }).where(listed);
    for (const u of newcomers)
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'role.granted',
        target: { type: 'user', id: u.id },
        details: { role: 'admin', email: u.email, from: u.role, via: 'ADMIN_EMAILS', when: 'start-up' },
      });
    return newcomers.length;
  });
}
