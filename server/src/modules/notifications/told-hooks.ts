import type { FastifyInstance } from 'fastify';
import type { NotificationsService } from './service';

/** Bookings, payments and verifications told to the bell and open tabs, after the answer went out. */
const ORDER_ROUTE = 'POST /api/orders';
const PAYMENT_ROUTE = 'POST /api/payments';
const VERIFY_ROUTE = 'PUT /api/users/verify/:id';
const MARK_SOLD_ROUTE = 'POST /api/products/:id/mark-sold';
const TOLD_ROUTES = new Set([ORDER_ROUTE, PAYMENT_ROUTE, VERIFY_ROUTE, MARK_SOLD_ROUTE]);

/** Bookings, payments and verifications become notifications once their answer went out. */
export function registerToldHooks(app: FastifyInstance, notifications: NotificationsService) {
  const told = new WeakMap<object, () => Promise<void>>();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (reply.statusCode >= 300 || !TOLD_ROUTES.has(route) || typeof payload !== 'string') return payload;
    if (route === MARK_SOLD_ROUTE) {
      const id = (request.params as { id?: string }).id;
      const cancelled = (JSON.parse(payload) as { cancelledBookings?: number }).cancelledBookings ?? 0;
      if (id && cancelled > 0) told.set(request, () => notifications.bookingsCancelled(id));
    } else if (route === VERIFY_ROUTE) {
      // Told only by the call that made the change (a repeated verify modifies nothing).
      const id = (request.params as { id?: string }).id;
      const changed = (JSON.parse(payload) as { modifiedCount?: number }).modifiedCount === 1;
      if (id && changed) told.set(request, () => notifications.sellerVerified(id));
    } else if (route === ORDER_ROUTE) {
      const id = (JSON.parse(payload) as { insertedId?: string }).insertedId;
      if (id) told.set(request, () => notifications.orderPlaced(id));
    } else {
      const id = (request.body as { OrderId?: string } | undefined)?.OrderId;
      if (id) told.set(request, () => notifications.orderPaidOnce(id));
    }
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const tell = told.get(request);
    if (tell) await tell().catch((err) => request.log.error({ err }, 'talk: notification failed'));
  });
}
