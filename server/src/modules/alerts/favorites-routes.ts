import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedSchema, errorSchema, favoriteSchema, listingSavesSchema, productIdParams } from '@shop/contract';
import { requireBuyer, requireRole } from '../../auth/plugin';
import type { FavoritesService } from './favorites';

const tags = ['favorites'];
const security = [{ session: [] }];
const e = (description: string) => errorSchema.describe(description);
const errors = {
  400: e('a productId that is not an id'),
  401: e('not signed in'),
  403: e('an admin account (admins do not buy)'),
};

/** Favourites: the heart on cards and product pages, the Saved page, and each seller's save counts. */
export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (app, { favorites }) => {
  app.get(
    '/favorites',
    {
      schema: {
        tags,
        security,
        summary: "The caller's saved listings, the latest saved first (sold ones stay, marked sold)",
        response: { 200: z.array(favoriteSchema), ...errors },
      },
    },
    async (request) => favorites.list((await requireBuyer(request)).id),
  );

  app.put(
    '/favorites/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Save a listing: its price drops and its sale are told on the bell (and by mail, as alerts)',
        description: 'Saving it again changes nothing. Not your own listing (409 own_listing), not one sold (409 product_sold).',
        params: productIdParams,
        response: {
          200: acknowledgedSchema,
          ...errors,
          404: e('no such listing'),
          409: e('own listing, sold, or too many saved (too_many_favorites)'),
        },
      },
    },
    async (request) => favorites.add((await requireBuyer(request)).id, request.params.productId),
  );

  app.delete(
    '/favorites/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a listing from the saved ones (one not saved is fine too)',
        params: productIdParams,
        response: { 200: acknowledgedSchema, ...errors },
      },
    },
    async (request) => favorites.remove((await requireBuyer(request)).id, request.params.productId),
  );

  app.get(
    '/me/listing-saves',
    {
      schema: {
        tags,
        security,
        summary: "How many people saved each of the caller's listings (sellers; listings nobody saved are left out)",
        response: { 200: listingSavesSchema, ...errors, 403: e('not a seller') },
      },
    },
    async (request) => favorites.savesOf((await requireRole(request, 'seller')).id),
  );
};
