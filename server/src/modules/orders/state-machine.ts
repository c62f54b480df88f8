import { eq } from 'drizzle-orm';
import type { ORDER_STATUSES } from '@shop/contract';
import type { Executor } from '../../db/client';
import { order, orderTransition } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every move an order may make, in one place. booked (unpaid) -> paid (money held) -> completed
 * (captured at the hand-off) | released (hold given back, not confirmed in time) | declined (not as
 * described at the meeting); completed -> disputed (within the window); declined | disputed -> resolved
 * (moderation). unpaid -> refunded (paid after another buyer won), cancelled (sold outside the shop),
 * expired (not paid in time). Nothing else moves, and nothing moves back.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  unpaid: ['paid', 'refunded', 'cancelled', 'expired'],
  paid: ['completed', 'released', 'declined'],
  completed: ['disputed'],
  declined: ['resolved'],
  disputed: ['resolved'],
  released: [],
  refunded: [],
  cancelled: [],
  expired: [],
  resolved: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => NEXT[from].includes(to);

/** The 409 of a move the order's state does not allow: it names the state the order is in. */
export const illegalMove = (from: OrderStatus, to: OrderStatus) =>
  conflict('order_state', `This order is ${from}: it cannot become ${to}.`);

/**
 * Moves one order to `to` inside the caller's transaction (the order row is locked first), and
 * records the move with its actor (null: the system, a job or a webhook) and time. Idempotent: an
 * order already in `to` is left alone ({ changed: false }), so a double scan or a replayed webhook
 * changes nothing. A move NEXT does not allow throws the 409 and changes nothing.
 */
export async function moveOrder(
  tx: Executor,
  m: { orderId: string; to: OrderStatus; actorId: string | null; reason?: string; at?: Date },
): Promise<{ changed: boolean; from: OrderStatus }> {
  const [current] = await tx.select({ status: order.status }).from(order).where(eq(order.id, m.orderId)).for('update');
  if (!current) throw notFound('The order');
  if (current.status === m.to) return { changed: false, from: current.status };
  if (!canMove(current.status, m.to)) throw illegalMove(current.status, m.to);
  const at = m.at ?? new Date();
  await tx
    .update(order)
    .set({ status: m.to, ...(m.to === 'paid' ? { paidAt: at } : {}) })
    .where(eq(order.id, m.orderId));
  await tx.insert(orderTransition).values({
    orderId: m.orderId,
    fromStatus: current.status,
    toStatus: m.to,
    actorId: m.actorId,
    reason: m.reason ?? '',
    createdAt: at,
  });
  return { changed: true, from: current.status };
}
