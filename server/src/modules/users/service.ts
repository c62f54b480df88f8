import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role, User } from '@shop/contract';
import type { Db } from '../../db/client';
import { singleRow } from '../../db/rows';
import { product, session, user } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { DomainEvents } from '../../lib/domain-events';
import { decodeCursor, keysetPage, type Page } from '../../lib/paging';
import type { SessionUser } from '../../auth/plugin';
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from '../audit/service';
import { sellerVerifiedMail } from '../../mail/templates/seller-verified';
import type { Mailer } from '../../mail/types';

type UserRow = typeof user.$inferSelect;

export function toUser(u: UserRow): User {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    isSeller: u.role === 'seller',
    role: u.role,
    status: u.verified ? 'verified' : '',
    verified: u.verified,
    createdAt: u.createdAt.toISOString(),
  };
}

export function usersService(
  db: Db,
  opts: {
    isAdminEmail: (email: string) => boolean;
    mail: { mailer: Mailer; baseUrl: string };
    /** Told once a deletion committed: the user's open event streams end on every instance. */
    sessionsEnded: (userIds: string[]) => Promise<void>;
    events: DomainEvents;
  },
) {
  const byEmail = async (email: string) => {
    const [u] = await db
      .select()
      .from(user)
      .where(and(eq(user.email, email.toLowerCase()), isNull(user.deletedAt)));
    return u;
  };

  return {
    byEmail,

    /**
     * POST /users: records the role chosen at sign-up, once. Later calls change nothing and answer
     * with the role already recorded; admins stay admins.
     */
    async recordRole(me: SessionUser, isSeller: boolean) {
      // ADMIN_EMAILS counts only for a verified email; an unverified one becomes an admin on verification (auth.ts).
      const listedAdmin = me.emailVerified && opts.isAdminEmail(me.email);
      const role: Role = listedAdmin || me.role === 'admin' ? 'admin' : isSeller ? 'seller' : 'buyer';
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(user)
          .set({ role, roleConfirmed: true, updatedAt: new Date() })
          .where(and(eq(user.id, me.id), eq(user.roleConfirmed, false)))
          .returning({ id: user.id, role: user.role });
        // An address of ADMIN_EMAILS becoming an admin here is a grant by the shop's settings.
        if (row?.role === 'admin' && me.role !== 'admin')
          await recordAudit(tx, SYSTEM_ACTOR, {
            action: 'role.granted',
            target: { type: 'user', id: row.id },
            details: { role: 'admin', email: me.email, via: 'ADMIN_EMAILS', when: 'role-recorded' },
          });
        return row;
      });
      if (updated) return { acknowledged: true, insertedId: updated.id, role: updated.role };
      const current = await byEmail(me.email);
      return { acknowledged: true, insertedId: null, role: current?.role ?? me.role };
    },

    /**
     * "Start selling": an account that buys may sell too, once its email is proven (POST /me/start-selling).
     * Admins stay admins. Doing it again changes nothing. The role is then confirmed, so a late POST /users
     * from the sign-up page cannot turn selling off again.
     */
    async startSelling(me: SessionUser, actor: AuditActor) {
      if (me.role === 'admin') throw forbidden('Admin accounts do not sell: sign in with your own account to sell.');
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(user)
          .set({ role: 'seller', roleConfirmed: true, updatedAt: new Date() })
          .where(and(eq(user.id, me.id), eq(user.role, 'buyer')))
          .returning({ id: user.id });
        if (rows.length)
          await recordAudit(tx, actor, {
            action: 'role.granted',
            target: { type: 'user', id: me.id },
            details: { role: 'seller', email: me.email, via: 'start-selling' },
          });
      });
      const now = await byEmail(me.email);
      return { isSeller: now?.role === 'seller', isVerified: now?.role === 'seller' && now.verified };
    },

    async roleOf(email: string) {
      const u = await byEmail(email);
      return { role: u?.role, verified: !!u?.verified };
    },

    /** A page of the buyers or sellers, newest first, and how many there are in all. */
    async list(role: 'buyer' | 'seller', limit: number, rawCursor?: string): Promise<Page<User> & { total: number }> {
      const cursor = decodeCursor(rawCursor, 'time');
      const conds: SQL[] = [eq(user.role, role), isNull(user.deletedAt)];
      if (cursor) conds.push(sql`(${user.createdAt}, ${user.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)`);
      const [rows, counted] = await Promise.all([
        db
          .select({ u: user, tsText: sql<string>`${user.createdAt}::text` })
          .from(user)
          .where(and(...conds))
          .orderBy(desc(user.createdAt), desc(user.id))
          .limit(limit + 1),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(user)
          .where(and(eq(user.role, role), isNull(user.deletedAt))),
      ]);
      const page = keysetPage(rows, limit, (r) => ({ k: r.tsText, id: r.u.id }));
      return { items: page.items.map((r) => toUser(r.u)), nextCursor: page.nextCursor, total: singleRow(counted).n };
    },

    /** Verification is one-way: verifying twice changes nothing. */
    async verifySeller(id: string, actor: AuditActor) {
      const [u] = await db
        .select()
        .from(user)
        .where(and(eq(user.id, id), isNull(user.deletedAt)));
      if (!u) throw notFound('The user');
      if (u.role !== 'seller') throw conflict('not_a_seller', 'Only sellers can be verified.');
      // The seller's mail is queued with the change, and only when this call made it.
      const res = await db.transaction(async (tx) => {
        const rows = await tx
          .update(user)
          .set({ verified: true, updatedAt: new Date() })
          .where(and(eq(user.id, id), eq(user.verified, false)))
          .returning({ id: user.id, email: user.email, name: user.name });
        for (const r of rows)
          await opts.mail.mailer.enqueue(
            {
              to: r.email,
              userId: r.id,
              kind: 'seller-verified',
              ...sellerVerifiedMail({ baseUrl: opts.mail.baseUrl, name: r.name }),
            },
            tx,
          );
        for (const r of rows)
          await recordAudit(tx, actor, {
            action: 'seller.verified',
            target: { type: 'user', id: r.id },
            details: { email: r.email },
          });
        return rows;
      });
      for (const r of res) await opts.events.publish('seller.verified', { userId: r.id });
      return { acknowledged: true, modifiedCount: res.length };
    },

    /**
     * Soft delete: the user is hidden and signed out everywhere, their unsold products (and so their
     * ads) leave every list; orders and payments are kept.
     */
    async softDelete(id: string, actor: AuditActor) {
      const result = await db.transaction(async (tx) => {
        const [u] = await tx
          .select()
          .from(user)
          .where(and(eq(user.id, id), isNull(user.deletedAt)))
          .for('update');
        if (!u) throw notFound('The user');
        if (u.role === 'admin') throw forbidden('Admins cannot be deleted.');
        const now = new Date();
        await tx.update(user).set({ deletedAt: now, updatedAt: now }).where(eq(user.id, id));
        await tx.delete(session).where(eq(session.userId, id));
        await tx
          .update(product)
          .set({ hiddenAt: now })
          .where(and(eq(product.sellerId, id), eq(product.status, 'available'), isNull(product.hiddenAt)));
        await recordAudit(tx, actor, {
          action: 'user.deleted',
          target: { type: 'user', id },
          details: { email: u.email, role: u.role },
        });
        return { acknowledged: true, deletedCount: 1 };
      });
      await opts.sessionsEnded([id]);
      return result;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
