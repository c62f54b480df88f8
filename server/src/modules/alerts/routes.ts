import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams, insertResultSchema, savedSearchInputSchema, savedSearchSchema } from '@shop/contract';
import { requireUser } from '../../auth/plugin';
import type { AlertsService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const ack = z.object({ acknowledged: z.boolean() });
const tags = ['talk'];

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  app.get(
    '/saved-searches',
    { schema: { tags, summary: "The caller's saved searches", response: { 200: z.array(savedSearchSchema), ...errors } } },
    async (request) => alerts.listSearches((await requireUser(request)).id),
  );

  app.post(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: 'Saves a catalog search: new matches arrive as notifications, at most one an hour per search',
        body: savedSearchInputSchema,
        response: { 201: insertResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await alerts.saveSearch((await requireUser(request)).id, request.body.query)),
  );

  app.delete(
    '/saved-searches/:id',
    { schema: { tags, summary: 'Deletes a saved search', params: idParams, response: { 200: ack, ...errors } } },
    async (request) => alerts.deleteSearch((await requireUser(request)).id, request.params.id),
  );
};
