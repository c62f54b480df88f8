import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockInputSchema,
  blockedUserSchema,
  conversationSchema,
  conversationSummarySchema,
  errorSchema,
  idParams,
  insertResultSchema,
  listingIdParams,
  messageSchema,
  messagesQuerySchema,
  openConversationInputSchema,
  pageQuery,
  reportConversationInputSchema,
  sendMessageInputSchema,
  userIdParams,
} from '@shop/contract';
import { requireUser, requireVerifiedEmail } from '../../auth/plugin';
import { sendKeysetPage } from '../../lib/paging';
import type { ConversationsService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const ack = z.object({ acknowledged: z.boolean() });
const tags = ['talk'];

export const conversationsRoutes: FastifyPluginAsyncZod<{ conversations: ConversationsService }> = async (
  app,
  { conversations },
) => {
  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: "The caller's conversations, the newest message first, with unread counts",
        querystring: pageQuery,
        response: { 200: z.array(conversationSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return sendKeysetPage(request, reply, await conversations.list(me, request.query.limit, request.query.cursor));
    },
  );

  app.post(
    '/conversations',
    {
      schema: {
        tags,
        summary:
          "Opens the caller's conversation with the seller of a listing (201), or answers the one they have (200); the seller names a buyer who booked it (buyerId). 403 email_not_verified until the caller's email is verified",
        body: openConversationInputSchema,
        response: { 200: conversationSchema, 201: conversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      // Throw-away accounts are cheap: writing to people needs a proven email (403 email_not_verified).
      requireVerifiedEmail(me, 'write to sellers');
      const r = await conversations.open(me, request.body.listingId, request.body.buyerId);
      return reply.code(r.created ? 201 : 200).send(r.conversation);
    },
  );

  app.get(
    '/conversations/by-listing/:listingId',
    {
      schema: {
        tags,
        summary: "The caller's conversation about a listing, as its buyer (404 when there is none yet)",
        params: listingIdParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => conversations.byListing(await requireUser(request), request.params.listingId),
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation (its two people; an admin once it was reported)',
        params: idParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => conversations.detail(await requireUser(request), request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Messages, newest first; Link rel=next pages to older ones',
        params: idParams,
        querystring: messagesQuerySchema,
        response: { 200: z.array(messageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const page = await conversations.messages(me, request.params.id, request.query.limit, request.query.cursor);
      return sendKeysetPage(request, reply, page);
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Sends a text message (up to 2,000 characters); 403 when either person blocked the other or the email is not verified yet, 409 when either account is suspended or closed, 429 when too fast (Retry-After)',
        params: idParams,
        body: sendMessageInputSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      requireVerifiedEmail(me, 'send messages');
      return reply.code(201).send(await conversations.send(me, request.params.id, request.body.text));
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks the conversation read up to its newest message (the other person sees the read receipt)',
        params: idParams,
        response: { 200: z.object({ readUpTo: z.string() }), ...errors },
      },
    },
    async (request) => conversations.markRead(await requireUser(request), request.params.id),
  );

  app.post(
    '/conversations/:id/report',
    {
      schema: {
        tags,
        summary: 'Reports the conversation to the admins',
        params: idParams,
        body: reportConversationInputSchema,
        response: { 201: insertResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return reply.code(201).send(await conversations.report(me, request.params.id, request.body.reason));
    },
  );

  app.get(
    '/blocks',
    { schema: { tags, summary: 'The people the caller blocked', response: { 200: z.array(blockedUserSchema), ...errors } } },
    async (request) => conversations.blocked(await requireUser(request)),
  );

  app.post(
    '/blocks',
    {
      schema: {
        tags,
        summary: 'Blocks a person: no more messages either way',
        body: blockInputSchema,
        response: { 200: ack, ...errors },
      },
    },
    async (request) => conversations.block(await requireUser(request), request.body.userId),
  );

  app.delete(
    '/blocks/:userId',
    { schema: { tags, summary: 'Unblocks a person', params: userIdParams, response: { 200: ack, ...errors } } },
    async (request) => conversations.unblock(await requireUser(request), request.params.userId),
  );
};
