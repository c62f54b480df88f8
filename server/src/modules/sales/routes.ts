import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, saleSchema, salesQuerySchema } from '@shop/contract';
import { requireRole } from '../../auth/plugin';
import { sendKeysetPage } from '../../lib/paging';
import type { SalesService } from './service';

const e = (description: string) => errorSchema.describe(description);

/** The signed-in seller's sales: one list of every booking of every item they listed. */
export const salesRoutes: FastifyPluginAsyncZod<{ sales: SalesService }> = async (app, { sales }) => {
  app.get(
    '/me/sales',
    {
      schema: {
        tags: ['me'],
        security: [{ session: [] }],
        summary: "The signed-in seller's sales: every booking of every item they listed, newest first, in keyset pages",
        description:
          'Each booking with its item, buyer, meeting place, price and order status (`state` keeps one status). `X-Total-Count` is the number of bookings with that filter. Sellers only.',
        querystring: salesQuerySchema,
        response: {
          200: z.array(saleSchema),
          400: e('bad limit, cursor or state'),
          401: e('not signed in'),
          403: e('not a seller account'),
        },
      },
    },
    async (request, reply) => {
      // Personal answers: no cache may keep them.
      reply.header('cache-control', 'no-store');
      const me = await requireRole(request, 'seller');
      const { limit, cursor, state } = request.query;
      const page = await sales.list(me.id, { limit, cursor, state });
      return sendKeysetPage(request, reply, page, page.total);
    },
  );
};
