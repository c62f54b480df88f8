import { desc, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AUDIT_SYSTEM_ACTORS, AuditAction, AuditEntry } from '@shop/contract';
import type { Db, Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { decodeCursor, keysetPage, type Page } from '../../lib/paging';

/** Who did it: a signed-in person (with the IP of their request), the server itself, or the admin command. */
export type AuditActor = { id: string; email: string | null; ip: string | null };

const systemActor = (id: (typeof AUDIT_SYSTEM_ACTORS)[number]): AuditActor => ({ id, email: null, ip: null });
/** The server acting on its own: refunds, ADMIN_EMAILS grants. */
export const SYSTEM_ACTOR = systemActor('system');
/** `npm run admin` on the server's machine. */
export const CLI_ACTOR = systemActor('cli');

/** The signed-in person making this request, from the client IP as the app computes it (TRUST_PROXY-aware). */
export function requestActor(request: FastifyRequest, user: { id: string; email: string }): AuditActor {
  return { id: user.id, email: user.email, ip: request.ip };
}

export type AuditRecord = {
  action: AuditAction;
  target: { type: string; id: string };
  details?: Record<string, unknown>;
};

/**
 * Appends one row to the audit log. Pass the transaction of the action itself, so the row exists
 * exactly when the action happened. There is no way to change or remove a row: the table refuses it.
 */
export async function recordAudit(executor: Executor, actor: AuditActor, entry: AuditRecord): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    details: entry.details ?? {},
  });
}

/** GET /audit (admin): the log, newest first, one keyset page at a time. */
export function auditService(db: Db) {
  return {
    async list(limit: number, rawCursor?: string): Promise<Page<AuditEntry>> {
      const cursor = decodeCursor(rawCursor, 'time');
      const rows = await db
        // The key as the database's text: microseconds, which a JS Date would round away.
        .select({ a: auditLog, key: sql<string>`${auditLog.at}::text` })
        .from(auditLog)
        .where(
          cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${String(cursor.k)}::timestamptz, ${cursor.id}::uuid)` : undefined,
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit + 1);
      const page = keysetPage(rows, limit, (r) => ({ k: r.key, id: r.a.id }));
      return {
        ...page,
        items: page.items.map(({ a }) => ({
          _id: a.id,
          at: a.at.toISOString(),
          actorId: a.actorId,
          actorEmail: a.actorEmail,
          ip: a.ip,
          action: a.action,
          targetType: a.targetType,
          targetId: a.targetId,
          details: a.details,
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
