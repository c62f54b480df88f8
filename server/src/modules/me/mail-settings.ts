import { and, eq, inArray } from 'drizzle-orm';
import { type MailSettings, type MailSettingsInput, OPTIONAL_MAIL_KINDS, type OptionalMailKind } from '@shop/contract';
import type { Db, Executor } from '../../db/client';
import { mailOptOut } from '../../db/schema';
import type { MailKind } from '../../mail/types';

const isOptional = (kind: MailKind): kind is OptionalMailKind => (OPTIONAL_MAIL_KINDS as readonly string[]).includes(kind);

/** Each user's choice of the mails that may be turned off; essential mails are not theirs to stop. */
export function mailSettingsService(db: Db) {
  async function get(userId: string): Promise<MailSettings> {
    const rows = await db.select({ kind: mailOptOut.kind }).from(mailOptOut).where(eq(mailOptOut.userId, userId));
    const off = new Set(rows.map((r) => r.kind));
    return {
      'order-placed': !off.has('order-placed'),
      'payment-received': !off.has('payment-received'),
      refund: !off.has('refund'),
      'seller-verified': !off.has('seller-verified'),
      'new-message': !off.has('new-message'),
      alerts: !off.has('alerts'),
      offers: !off.has('offers'),
    };
  }

  return {
    get,

    /** Turns the named kinds on or off; kinds not named stay as they are. Answers with every kind. */
    async update(userId: string, input: MailSettingsInput): Promise<MailSettings> {
      const off: OptionalMailKind[] = [];
      const on: OptionalMailKind[] = [];
      for (const kind of OPTIONAL_MAIL_KINDS) {
        const value = input[kind];
        if (value === false) off.push(kind);
        else if (value === true) on.push(kind);
      }
      if (off.length || on.length) {
        await db.transaction(async (tx) => {
          if (off.length)
            await tx
              .insert(mailOptOut)
              .values(off.map((kind) => ({ userId, kind })))
              .onConflictDoNothing();
          if (on.length) await tx.delete(mailOptOut).where(and(eq(mailOptOut.userId, userId), inArray(mailOptOut.kind, on)));
        });
      }
      return get(userId);
    },

    /**
     * For the mailer: true when this user turned this kind off (essential kinds never are). Asked
     * through the caller's executor, inside the transaction that queues the mail.
     */
    async isOptedOut(userId: string, kind: MailKind, executor: Executor = db): Promise<boolean> {
      if (!isOptional(kind)) return false;
      const [row] = await executor
        .select({ kind: mailOptOut.kind })
        .from(mailOptOut)
        .where(and(eq(mailOptOut.userId, userId), eq(mailOptOut.kind, kind)));
      return !!row;
    },
  };
}

export type MailSettingsService = ReturnType<typeof mailSettingsService>;
