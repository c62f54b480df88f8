import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertiseInputSchema,
  bookingsQuerySchema,
  errorSchema,
  idParams,
  insertResultSchema,
  listingStatusResultSchema,
  productDetailSchema,
  productEditSchema,
  productInputSchema,
  sellerBookingSchema,
  type ListingStatusResult,
} from '@shop/contract';
import { assertOwnEmail, requireRole, type SessionUser } from '../../auth/plugin';
import { notFound } from '../../lib/errors';
import { sendKeysetPage } from '../../lib/paging';
import type { CatalogService } from '../catalog/service';
import type { DevicesService } from '../devices/service';
import type { ListingService } from './service';

/** Every listing route needs the seller's (or an admin's) session cookie. */
const security = [{ session: [] }];
const e = (description: string) => errorSchema.describe(description);
/** The statuses of listing an item and advertising it (the original client's calls). */
const catalogErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
/** Every status of a seller's change to one item. */
const changeErrors = {
  400: e('bad input, naming the field (a grade above what the condition report allows names condition)'),
  401: e('not signed in'),
  403: e('not the seller of this item (or not a seller), or the email is not verified yet'),
  404: e('no such item'),
  409: e('the item is sold, or already in the asked state'),
};

export const listingRoutes: FastifyPluginAsyncZod<{
  listing: ListingService;
  catalog: CatalogService;
  devices: DevicesService;
}> = async (app, { listing, catalog, devices }) => {
  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['listing'],
        security,
        summary: "Edit one's own unsold item: price, text, photos, condition report and grade (that item's seller)",
        description:
          'Fields left out stay as they are. A new price is recorded in product_price_change; a cut shows as "Price dropped" with the earlier price for 14 days. The grade (condition) may be at most what the condition report suggests.',
        params: idParams,
        body: productEditSchema,
        response: { 200: productDetailSchema, ...changeErrors },
      },
    },
    async (request) => {
      const me = await requireRole(request, 'seller');
      await listing.edit(me, request.params.id, request.body);
      const p = await catalog.productById(request.params.id);
      if (!p) throw notFound('The product');
      return p;
    },
  );

  app.get(
    '/products/:id/own',
    {
      schema: {
        tags: ['listing'],
        security,
        summary:
          "One's own item as the edit form needs it: the product page's answer plus the contact details it was listed with",
        params: idParams,
        response: {
          200: productDetailSchema,
          400: e('a malformed id'),
          401: e('not signed in'),
          403: e('not the seller of this item'),
          404: e('no such item'),
        },
      },
    },
    async (request) => {
      const me = await requireRole(request, 'seller');
      const contact = await listing.ownContact(me, request.params.id);
      const p = await catalog.productById(request.params.id);
      if (!p) throw notFound('The product');
      return { ...p, ...contact };
    },
  );

  const statusRoute = (path: string, summary: string, run: (me: SessionUser, id: string) => Promise<ListingStatusResult>) =>
    app.post(
      path,
      {
        schema: {
          tags: ['listing'],
          security,
          summary,
          params: idParams,
          response: { 200: listingStatusResultSchema, ...changeErrors },
        },
      },
      async (request) => run(await requireRole(request, 'seller'), request.params.id),
    );
  statusRoute(
    '/products/:id/unlist',
    'Take an unsold item off sale for now: it leaves every public list, its page says it is unlisted',
    listing.unlist,
  );
  statusRoute('/products/:id/relist', 'Put an unlisted item back on sale', listing.relist);
  statusRoute(
    '/products/:id/mark-sold',
    'Mark an item sold outside the shop: unpaid bookings are cancelled and their buyers mailed; 409 paid_booking when a buyer paid through the shop',
    listing.markSold,
  );

  app.get(
    '/products/:id/bookings',
    {
      schema: {
        tags: ['listing'],
        security,
        summary: "An item's bookings, newest first, in keyset pages (the item's seller, or an admin)",
        params: idParams,
        querystring: bookingsQuerySchema,
        response: {
          200: z.array(sellerBookingSchema),
          400: e('bad limit or cursor'),
          401: e('not signed in'),
          403: e("not this item's seller nor an admin"),
          404: e('no such item'),
        },
      },
    },
    async (request, reply) => {
      const me = await requireRole(request, 'seller', 'admin');
      const { limit, cursor } = request.query;
      return sendKeysetPage(request, reply, await listing.bookings(me, request.params.id, limit, cursor));
    },
  );

  app.post(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List a product for sale (sellers)',
        body: productInputSchema,
        response: { 201: insertResultSchema, ...catalogErrors },
      },
    },
    async (request, reply) => {
      const seller = await requireRole(request, 'seller');
      assertOwnEmail(seller, request.body.email);
      // The catalogue model and the number are checked first (a registered number is refused and recorded).
      const checked = await devices.listingChecks(seller, request.body);
      const insertedId = await listing.addProduct(seller, request.body, checked);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.post(
    '/advertise',
    {
      schema: {
        tags: ['catalog'],
        summary: "Advertise one's own unsold product (sellers); twice is 409",
        body: advertiseInputSchema,
        response: { 201: insertResultSchema, ...catalogErrors },
      },
    },
    async (request, reply) => {
      const seller = await requireRole(request, 'seller');
      assertOwnEmail(seller, request.body.email);
      const insertedId = await listing.advertise(seller, (request.body.productId ?? request.body._id)!);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );
};
