import crypto from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { underAccountCap } from '../db/account-cap';
import type { Db } from '../db/client';
import { verification } from '../db/schema';

/** One verification or reset mail to an account per minute, however often it is asked for. */
const MAIL_INTERVAL_MS = 60_000;

/**
 * Claims the right to send the mail `key` (a kind and an account) now: false when one went out less
 * than MAIL_INTERVAL_MS ago. The mark is a row of the verification table that expires with the
 * interval, so every instance of the shop sees it.
 */
export async function claimMailSlot(db: Db, key: string): Promise<boolean> {
  const identifier = `mail-sent:${key}`;
  // Under the per-account lock of account-cap.ts: parallel asks all saw no mark before any wrote one.
  return underAccountCap(db, 'account-mails', key, async (tx) => {
    const now = new Date();
    const recent = await tx
      .select({ id: verification.id })
      .from(verification)
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, now)))
      .limit(1);
    if (recent.length) return false;
    await tx.delete(verification).where(and(eq(verification.identifier, identifier), lte(verification.expiresAt, now)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier,
      value: '',
      expiresAt: new Date(now.getTime() + MAIL_INTERVAL_MS),
    });
    return true;
  });
}
