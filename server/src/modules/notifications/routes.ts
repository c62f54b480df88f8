import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, markNotificationsReadInputSchema, notificationSchema, pageQuery, unreadCountSchema } from '@shop/contract';
import { requireUser } from '../../auth/plugin';
import { sendKeysetPage } from '../../lib/paging';
import type { NotificationsService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const ack = z.object({ acknowledged: z.boolean() });
const tags = ['talk'];

/** The bell: the caller's notifications, the unread count, marking them read. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: pageQuery,
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return sendKeysetPage(request, reply, await notifications.list(me.id, request.query.limit, request.query.cursor));
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: { tags, summary: 'How many notifications are unread (the bell)', response: { 200: unreadCountSchema, ...errors } },
    },
    async (request) => ({ unread: await notifications.unreadCount((await requireUser(request)).id) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Marks the named notifications read (every one when no ids are given)',
        body: markNotificationsReadInputSchema,
        response: { 200: ack, ...errors },
      },
    },
    async (request) => notifications.markRead((await requireUser(request)).id, request.body.ids),
  );
};
