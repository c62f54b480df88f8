import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  handoffCodeSchema,
  handoffSchema,
  idParams,
  orderCaseInputSchema,
  orderCaseSchema,
  shownText,
} from '@shop/contract';
import { requireRole, requireUser } from '../../auth/plugin';
import type { HandoffService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const handoffRoutes: FastifyPluginAsyncZod<{ handoff: HandoffService }> = async (app, { handoff }) => {
  app.get(
    '/orders/:id/handoff',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The hand-off of an order: its state, and for the buyer while the money is held, the code and the QR text (buyer, seller, admin)',
        params: idParams,
        response: { 200: handoffSchema, ...errors },
      },
    },
    async (request) => handoff.view(await requireUser(request), request.params.id),
  );

  app.post(
    '/orders/:id/handoff/confirm',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The seller confirms the hand-off with the buyer's code: the held money is captured, the order completed. 400 wrong code, 423 locked for an hour after five wrong codes, 409 not held",
        params: idParams,
        body: handoffCodeSchema,
        response: { 200: handoffSchema, ...errors, 409: errorSchema, 423: errorSchema, 502: errorSchema },
      },
    },
    async (request) => handoff.confirm(await requireUser(request), request.params.id, request.body.code),
  );

  app.post(
    '/orders/:id/decline',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The buyer declines at the meeting (not as described), before the code is used: the hold is released, the item back on sale, a case opened for moderation',
        params: idParams,
        body: orderCaseInputSchema,
        response: { 200: handoffSchema, ...errors, 409: errorSchema, 502: errorSchema },
      },
    },
    async (request) => handoff.decline(await requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/dispute',
    {
      schema: {
        tags: ['orders'],
        summary: 'The buyer disputes a completed hand-off within 48 hours: a case for moderation',
        params: idParams,
        body: orderCaseInputSchema,
        response: { 200: handoffSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => handoff.dispute(await requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/order-cases',
    {
      schema: {
        tags: ['orders'],
        summary: 'Declined and disputed orders for moderation, newest first (admins)',
        querystring: z.object({
          status: z.enum(['open', 'resolved']).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.array(orderCaseSchema), ...errors },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return handoff.listCases(request.query);
    },
  );

  app.post(
    '/order-cases/:id/resolve',
    {
      schema: {
        tags: ['orders'],
        summary: 'An admin resolves a case: the order becomes resolved (idempotent)',
        params: idParams,
        body: z.object({ resolution: shownText(2000, { multiline: true }) }),
        response: { 200: orderCaseSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => handoff.resolveCase(await requireRole(request, 'admin'), request.params.id, request.body.resolution),
  );
};
