import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedResultSchema,
  errorSchema,
  idParams,
  insertResultSchema,
  orderInputSchema,
  orderSchema,
  ordersQuerySchema,
} from '@shop/contract';
import { assertOwnEmail, requireBuyer, requireUser, requireVerifiedEmail } from '../../auth/plugin';
import { forbidden } from '../../lib/errors';
import { idempotencyKeyHeaders } from '../../lib/idempotency';
import { sendKeysetPage } from '../../lib/paging';
import type { OrdersService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Book an item with a meeting location (buyers with a verified email; 403 email_not_verified before). The seller's phone comes with the order once it is paid",
        headers: idempotencyKeyHeaders,
        body: orderInputSchema,
        response: {
          201: insertResultSchema,
          ...errors,
          429: errorSchema.describe(
            'Too many bookings: BOOKINGS_OPEN_UNPAID_MAX unpaid at once (too_many_open_bookings), or BOOKINGS_PER_DAY_MAX in 24 hours, deleted ones included (rate_limited, Retry-After)',
          ),
        },
      },
    },
    async (request, reply) => {
      const me = await requireBuyer(request);
      assertOwnEmail(me, request.body.email);
      // Throw-away accounts are cheap: booking mails a seller, so it needs a proven email.
      requireVerifiedEmail(me, 'book an item');
      const insertedId = await orders.place(me, request.body);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "A buyer's orders, newest first (that buyer, or an admin)",
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { email, limit, cursor } = request.query;
      if (me.role === 'admin' && !me.adminPowers) throw forbidden('Only buyers have orders.');
      assertOwnEmail(me, email, { adminMayRead: true });
      const page = await orders.listForBuyer(email, limit, cursor);
      return sendKeysetPage(request, reply, page, page.total);
    },
  );

  app.get(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer, or an admin)',
        params: idParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orders.getVisible(await requireUser(request), request.params.id),
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Delete one of your unpaid orders (buyers; paid is 409)',
        params: idParams,
        response: { 200: deletedResultSchema, ...errors },
      },
    },
    async (request) => orders.remove(await requireBuyer(request), request.params.id),
  );
};
