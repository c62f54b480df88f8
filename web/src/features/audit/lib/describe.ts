import type { AuditAction, AuditEntry } from '@shop/contract';
import { formatDateTime } from '@/lib/format';

const ACTION_LABELS: Record<AuditAction, string> = {
  'seller.verified': 'Seller verified',
  'user.deleted': 'User deleted',
  'role.granted': 'Admin role granted',
  'payment.refunded': 'Payment refunded',
  'order.refunded': 'Order refunded by an admin',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.recovery_codes_regenerated': 'New recovery codes',
  'review.removed': 'Review removed',
  'moderation.dismiss': 'Report dismissed',
  'moderation.hide_listing': 'Listing hidden',
  'moderation.remove_review': 'Review removed (report)',
  'moderation.warn': 'User warned',
  'moderation.suspend': 'User suspended',
  'user.unsuspended': 'Suspension lifted',
};

/** The action in words (an action this page does not know yet is shown as recorded). */
export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** Who acted: the person's email, or the server / the admin command. */
export function actorLabel(entry: AuditEntry): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorId === 'system') return 'The shop (automatic)';
  if (entry.actorId === 'cli') return 'Admin command (npm run admin)';
  return entry.actorId;
}

/** What it was done to: the email when recorded, else the kind and id. */
export function targetLabel(entry: AuditEntry): string {
  const email = entry.details.email;
  if (typeof email === 'string' && email) return email;
  return `${entry.targetType} ${entry.targetId}`;
}

/** The other recorded facts, as "key: value" pairs (the email is already the target). */
export function detailPairs(entry: AuditEntry): [string, string][] {
  return Object.entries(entry.details)
    .filter(([key]) => key !== 'email')
    .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
}

/** When an entry was recorded, to the second, in the app's one date format. */
export function formatWhen(iso: string): string {
  return formatDateTime(iso, { seconds: true }) || iso;
}
