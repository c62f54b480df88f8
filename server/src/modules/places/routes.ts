import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, placeSchema, placesQuerySchema } from '@shop/contract';
import { gazetteer } from './gazetteer';

/**
 * The gazetteer's autocomplete: places whose name starts with `q`, largest first. Public, cacheable.
 * `warm`: read the gazetteer once the server is up (production), not on the first request that needs it.
 */
export const placesRoutes: FastifyPluginAsyncZod<{ warm: boolean }> = async (app, { warm }) => {
  if (warm) app.addHook('onReady', async () => void setTimeout(() => gazetteer.byId(0), 0));
  app.get(
    '/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Cities and towns whose name starts with q (accents and case ignored), largest first',
        description:
          'From the GeoNames gazetteer shipped with the shop (places of 1,000 people or more). `id` is the GeoNames id that listings (`placeId`), profiles and meetup spots keep.',
        querystring: placesQuerySchema,
        response: { 200: z.array(placeSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return gazetteer.search(request.query.q, request.query.limit);
    },
  );
};
