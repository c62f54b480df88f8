import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  errorSchema,
  idParams,
  insertResultSchema,
  moderationActionInputSchema,
  moderationQueueSchema,
  moderationResultSchema,
  orderReviewSchema,
  pageQuery,
  productSchema,
  removeReviewInputSchema,
  reportInputSchema,
  reviewInputSchema,
  reviewReplyInputSchema,
  reviewSchema,
  sellerProfileSchema,
  suspendedUserSchema,
} from '@shop/contract';
import { requireRole, requireUser } from '../../auth/plugin';
import { sendKeysetPage } from '../../lib/paging';
import { requestActor } from '../audit/service';
import type { CatalogService } from '../catalog/service';
import type { ModerationService } from './moderation';
import type { ReviewsService } from './reviews';

const e = errorSchema;
const security = [{ session: [] }];

/** Reviews, public seller pages, reports and the moderation queue. */
export const trustRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService;
  moderation: ModerationService;
  catalog: CatalogService;
}> = async (app, { reviews, moderation, catalog }) => {
  app.get(
    '/orders/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary: "The buyer's review of an order, and whether they may write it (once the hand-off is completed)",
        security,
        params: idParams,
        response: { 200: orderReviewSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => reviews.forOrder(await requireUser(request), request.params.id),
  );

  app.post(
    '/orders/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The buyer rates the seller (1-5 stars, optional text), once per completed order',
        security,
        params: idParams,
        body: reviewInputSchema,
        response: { 201: reviewSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reviews.create(await requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/reviews/:id/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The reviewed seller replies, once',
        security,
        params: idParams,
        body: reviewReplyInputSchema,
        response: { 200: reviewSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => reviews.reply(await requireUser(request), request.params.id, request.body.text),
  );

  app.post(
    '/reviews/:id/remove',
    {
      schema: {
        tags: ['reviews', 'moderation'],
        summary: 'An admin removes a review, with a reason (audit log); it leaves the seller’s rating',
        security,
        params: idParams,
        body: removeReviewInputSchema,
        response: { 200: acknowledgedSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return reviews.remove(requestActor(request, admin), request.params.id, request.body.reason);
    },
  );

  app.get(
    '/sellers/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "A seller's public page: name, verification, member since, completed sales, rating",
        params: idParams,
        response: { 200: sellerProfileSchema, 400: e, 404: e },
      },
    },
    async (request) => reviews.sellerProfile(request.params.id),
  );

  app.get(
    '/sellers/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A seller's reviews, newest first (Link rel=next)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(reviewSchema), 400: e, 404: e },
      },
    },
    async (request, reply) => {
      await reviews.assertSellerShown(request.params.id);
      const page = await reviews.bySeller(request.params.id, request.query.limit, request.query.cursor);
      return sendKeysetPage(request, reply, page);
    },
  );

  app.get(
    '/sellers/:id/products',
    {
      schema: {
        tags: ['reviews', 'catalog'],
        summary: 'What a seller has on sale now, newest first (Link rel=next)',
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(productSchema), 400: e, 404: e },
      },
    },
    async (request, reply) => {
      await reviews.assertSellerShown(request.params.id);
      const page = await catalog.listedBySeller(request.params.id, request.query.limit, request.query.cursor);
      return sendKeysetPage(request, reply, page);
    },
  );

  app.post(
    '/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reports a listing, a user, a review or a conversation (one open report per person and thing)',
        security,
        body: reportInputSchema,
        response: { 201: insertResultSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request, reply) => reply.code(201).send(await moderation.report(await requireUser(request), request.body)),
  );

  app.get(
    '/moderation/queue',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Open reports grouped by the reported thing, and open hand-off cases (admins)',
        security,
        response: { 200: moderationQueueSchema, 401: e, 403: e },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return moderation.queue();
    },
  );

  app.post(
    '/moderation/actions',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Acts on a reported thing (dismiss, hide_listing, remove_review, warn, suspend) with a reason: its open reports close, reporters are told, the audit log keeps it (admins)',
        security,
        body: moderationActionInputSchema,
        response: { 200: moderationResultSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return moderation.act(admin, requestActor(request, admin), request.body);
    },
  );

  app.get(
    '/moderation/suspended',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Suspended accounts (admins)',
        security,
        response: { 200: z.array(suspendedUserSchema), 401: e, 403: e },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return moderation.suspended();
    },
  );

  app.post(
    '/moderation/users/:id/unsuspend',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Lifts a suspension; the listings it hid come back (admins)',
        security,
        params: idParams,
        response: { 200: acknowledgedSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return moderation.unsuspend(requestActor(request, admin), request.params.id);
    },
  );
};
