/**
 * npm run admin -- grant EMAIL
 *
 * Makes an existing account an admin, in the embedded database (DATA_DIR) or in PostgreSQL when
 * DATABASE_URL is set. The account must exist (sign up first) and have verified its email address.
 * ADMIN_EMAILS does the same at every start-up; this is for a running shop without a restart
 * (PostgreSQL) or a one-off grant.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openConfigured } from '../db/open';
import { user } from '../db/schema';
import { CLI_ACTOR, recordAudit } from '../modules/audit/service';

const usage = 'Usage: npm run admin -- grant EMAIL';

async function main() {
  const [command, rawEmail, ...rest] = process.argv.slice(2);
  if (command === '--help' || command === '-h') {
    console.log(usage);
    return;
  }
  if (command !== 'grant' || !rawEmail || rest.length) {
    console.error(usage);
    process.exit(2);
  }
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error(`'${rawEmail}' is not an email address.\n${usage}`);
    process.exit(2);
  }

  const { database } = await openConfigured({
    poolSize: 1,
    lockedHint: 'Or add the address to ADMIN_EMAILS and restart the server.',
  });
  try {
    await database.migrate();
    const { db } = database;
    const [found] = await db
      .select({ id: user.id, role: user.role, deletedAt: user.deletedAt, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email));
    if (!found) {
      console.error(`No account with the email ${email}. Sign up with it first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    if (found.deletedAt) {
      console.error(`The account ${email} was deleted; it cannot be made an admin.`);
      process.exitCode = 1;
      return;
    }
    if (found.role === 'admin') {
      console.log(`${email} is already an admin.`);
      return;
    }
    if (!found.emailVerified) {
      console.error(
        `The account ${email} has not verified its email address, so it cannot be made an admin yet. ` +
          'Its owner opens the link mailed at sign-up (or asks for a new one with "Resend" on the banner), then run this again.',
      );
      process.exitCode = 1;
      return;
    }
    await db.transaction(async (tx) => {
      await tx
        .update(user)
        .set({ role: 'admin', roleConfirmed: true, updatedAt: new Date() })
        .where(and(eq(user.id, found.id), isNull(user.deletedAt)));
      await recordAudit(tx, CLI_ACTOR, {
        action: 'role.granted',
        target: { type: 'user', id: found.id },
        details: { role: 'admin', email, from: found.role, via: 'npm run admin' },
      });
    });
    console.log(`${email} is now an admin (was ${found.role}). It takes effect on their next request.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error('The admin command failed:', err);
  process.exit(1);
});
