import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedSchema, errorSchema, recentlyViewedInputSchema, recentlyViewedSchema } from '@shop/contract';
import { requireUser } from '../../auth/plugin';
import type { RecentlyViewedService } from './service';

const tags = ['me'];
const security = [{ session: [] }];
const errors = { 400: errorSchema, 401: errorSchema };

/** Recently viewed listings, kept on the account of a signed-in person (guests keep theirs in the browser). */
export const recentlyViewedRoutes: FastifyPluginAsyncZod<{ recentlyViewed: RecentlyViewedService }> = async (
  app,
  { recentlyViewed },
) => {
  app.get(
    '/me/recently-viewed',
    {
      schema: {
        tags,
        security,
        summary: 'The listings the caller viewed lately, the latest first (at most 12)',
        response: { 200: z.array(recentlyViewedSchema), ...errors },
      },
    },
    async (request) => recentlyViewed.list((await requireUser(request)).id),
  );

  app.post(
    '/me/recently-viewed',
    {
      schema: {
        tags,
        security,
        summary: 'Record listings as viewed now, the first named the latest (a product page, or the browser’s list on sign-in)',
        body: recentlyViewedInputSchema,
        response: { 200: acknowledgedSchema, ...errors },
      },
    },
    async (request) => recentlyViewed.add((await requireUser(request)).id, request.body.productIds),
  );

  app.delete(
    '/me/recently-viewed',
    {
      schema: { tags, security, summary: 'Forget the listings viewed', response: { 200: acknowledgedSchema, ...errors } },
    },
    async (request) => recentlyViewed.clear((await requireUser(request)).id),
  );
};
