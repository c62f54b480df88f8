import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceInputSchema,
  deviceSchema,
  devicesQuerySchema,
  errorSchema,
  facetsSchema,
  idParams,
  listingInsightsSchema,
  priceGuideQuerySchema,
  priceGuideSchema,
  productQuerySchema,
  serialFlagSchema,
  stolenListQuerySchema,
  stolenReportInputSchema,
  stolenReportSchema,
  stolenReviewInputSchema,
  suggestQuerySchema,
  suggestionsSchema,
} from '@shop/contract';
import { requireRole, requireUser } from '../../auth/plugin';
import { notFound } from '../../lib/errors';
import type { DevicesService } from './service';

const security = [{ session: [] }];
const e = (description: string) => errorSchema.describe(description);
const adminErrors = {
  400: e('bad input, naming the field'),
  401: e('not signed in'),
  403: e('not an admin (or an admin without two-factor sign-in)'),
};

/**
 * The device catalogue (GET /devices, admins edit it), search suggestions, facet counts, the price
 * guide, seller insights and the stolen-device register. The register's numbers reach admins and
 * the reporter only; a listing's number is never in an answer (its last 4 reach the buyer after booking).
 */
export const devicesRoutes: FastifyPluginAsyncZod<{ devices: DevicesService }> = async (app, { devices }) => {
  app.get(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'Catalogue models matching a typed query (typos, spacing and shorthand forgiven), for "What are you selling?"',
        querystring: devicesQuerySchema,
        response: { 200: z.array(deviceSchema), 400: e('bad query, naming the field') },
      },
    },
    async (request) => devices.list(request.query.q, request.query.category, request.query.limit),
  );

  app.get(
    '/devices/:id',
    {
      schema: {
        tags: ['devices'],
        summary: 'One catalogue model with its variants and colours',
        params: idParams,
        response: { 200: deviceSchema, 400: e('a malformed id'), 404: e('no such model') },
      },
    },
    async (request) => {
      const d = await devices.byId(request.params.id);
      if (!d) throw notFound('The device');
      return d;
    },
  );

  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['devices'],
        summary: 'Suggestions as one types: catalogue models, then popular searches; and the query as the search reads it',
        querystring: suggestQuerySchema,
        response: { 200: suggestionsSchema, 400: e('bad query, naming the field') },
      },
    },
    async (request) => devices.suggest(request.query.q, request.query.category),
  );

  app.get(
    '/facets',
    {
      schema: {
        tags: ['devices'],
        summary: 'Counts per brand, model, storage, RAM and colour of the listings the same filters as /allproducts find',
        description:
          'Each facet counts the listings matching every other filter. Counts come from a table kept exact by triggers; a text search narrows them to the catalogue models it finds, and price, place and seller filters are not applied to them (exact: false).',
        querystring: productQuerySchema,
        response: { 200: facetsSchema, 400: e('bad filter, naming the field') },
      },
    },
    async (request) => devices.facets(request.query),
  );

  app.get(
    '/price-guide',
    {
      schema: {
        tags: ['devices'],
        summary: 'The fair-price band of a model (and variant, grade) from completed sales; { sales: 0 } below the minimum count',
        querystring: priceGuideQuerySchema,
        response: { 200: priceGuideSchema, 400: e('bad query, naming the field') },
      },
    },
    async (request) => devices.priceGuide(request.query.deviceId, request.query.variant, request.query.grade),
  );

  app.get(
    '/products/:id/insights',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: "A listing's views, saves, offers and messages, and where its price sits in the band (its seller, or an admin)",
        params: idParams,
        response: {
          200: listingInsightsSchema,
          400: e('a malformed id'),
          401: e('not signed in'),
          403: e('not the seller of this item'),
          404: e('no such item'),
        },
      },
    },
    async (request) => devices.insights(await requireRole(request, 'seller', 'admin'), request.params.id),
  );

  /* ---------- Stolen-device register ---------- */

  app.post(
    '/stolen-devices',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: "Report a lost or stolen device's IMEI or serial (with a police reference); listings with it are refused",
        body: stolenReportInputSchema,
        response: {
          201: z.object({ id: z.uuid(), status: z.enum(['pending', 'confirmed', 'rejected']) }),
          400: e('bad input, naming the field (an IMEI failing its check digit names serial)'),
          401: e('not signed in'),
          409: e('already_reported: the number is already on the register'),
          429: e('too_many_reports: 5 reports of this account already wait for review'),
        },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const r = await devices.reportStolen(me, request.body);
      return reply.code(201).send({ id: r.id, status: r.status as 'pending' });
    },
  );

  app.get(
    '/stolen-devices',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'The register, newest first, with the full numbers (admins)',
        querystring: stolenListQuerySchema,
        response: { 200: z.array(stolenReportSchema), ...adminErrors },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return devices.stolenReports(request.query.status);
    },
  );

  app.post(
    '/stolen-devices/:id/review',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'Confirm or reject a report (admins); a rejected number no longer refuses listings',
        params: idParams,
        body: stolenReviewInputSchema,
        response: {
          200: z.object({ id: z.uuid(), status: z.enum(['confirmed', 'rejected']) }),
          ...adminErrors,
          404: e('no such report'),
        },
      },
    },
    async (request) => devices.reviewStolen(await requireRole(request, 'admin'), request.params.id, request.body.status),
  );

  app.get(
    '/stolen-devices/flags',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'Open flags for moderators: one number in two live listings, or a registered number offered for sale (admins)',
        response: { 200: z.array(serialFlagSchema), ...adminErrors },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return devices.openFlags();
    },
  );

  app.post(
    '/stolen-devices/flags/:id/resolve',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'Close a flag once looked at (admins)',
        params: idParams,
        response: { 200: z.object({ acknowledged: z.boolean() }), ...adminErrors, 404: e('no such open flag') },
      },
    },
    async (request) => devices.resolveFlag(await requireRole(request, 'admin'), request.params.id),
  );

  /* ---------- Admins edit the catalogue ---------- */

  app.get(
    '/devices/all',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'The catalogue with retired models, matching a typed query (admins)',
        querystring: devicesQuerySchema,
        response: { 200: z.array(deviceSchema), ...adminErrors },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return devices.list(request.query.q, request.query.category, request.query.limit, { retired: true });
    },
  );

  app.post(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'Add a model: its option lists make its variants (admins)',
        body: deviceInputSchema,
        response: { 201: deviceSchema, ...adminErrors, 409: e('device_exists: that brand and model are in the catalogue') },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return reply.code(201).send(await devices.create(request.body));
    },
  );

  app.put(
    '/devices/:id',
    {
      schema: {
        tags: ['devices'],
        security,
        summary: 'Change a model, or retire it (admins)',
        params: idParams,
        body: deviceInputSchema,
        response: { 200: deviceSchema, ...adminErrors, 404: e('no such model'), 409: e('device_exists') },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return devices.update(request.params.id, request.body);
    },
  );
};
