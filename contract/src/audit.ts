import { z } from 'zod';
import { answerId, answerTime, pageQuery } from './common';

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'seller.verified',
  'user.deleted',
  'role.granted',
  'payment.refunded',
  'order.refunded',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_regenerated',
  'review.removed',
  'moderation.dismiss',
  'moderation.hide_listing',
  'moderation.remove_review',
  'moderation.warn',
  'moderation.suspend',
  'user.unsuspended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted when it was not a signed-in person: the server itself, or `npm run admin`. */
export const AUDIT_SYSTEM_ACTORS = ['system', 'cli'] as const;

/** GET /audit (admin): one recorded action, newest first. */
export const auditEntrySchema = z
  .object({
    _id: answerId,
    at: answerTime.describe('ISO 8601'),
    actorId: z.string().describe("a user id, or 'system' / 'cli'"),
    actorEmail: z.string().nullable(),
    ip: z.string().nullable().describe('the client IP as the server saw it (TRUST_PROXY-aware)'),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = pageQuery;
