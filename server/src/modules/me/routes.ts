import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, mailSettingsInputSchema, mailSettingsSchema } from '@shop/contract';
import { requireUser } from '../../auth/plugin';
import type { MailSettingsService } from './mail-settings';

const errors = { 400: errorSchema, 401: errorSchema };
const security = [{ session: [] }];

/** The signed-in user's own settings, under /me. */
export const meRoutes: FastifyPluginAsyncZod<{ mailSettings: MailSettingsService }> = async (app, { mailSettings }) => {
  // Personal answers: no cache (browser or shared) may keep them, errors included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/me/mail-settings',
    {
      schema: {
        tags: ['me'],
        summary: 'Which optional mails the signed-in user gets (true: sent)',
        description:
          'Mails about the account’s security (password changed, sign-in from a new device, email verification, password reset) are always sent and are not listed.',
        security,
        response: { 200: mailSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return mailSettings.get(me.id);
    },
  );

  app.put(
    '/me/mail-settings',
    {
      schema: {
        tags: ['me'],
        summary: 'Turn optional mails on (true) or off (false), each on its own',
        description:
          'Kinds left out of the body stay as they are. Any other key, an always-sent security mail included, is a 400 naming it. Answers with every kind.',
        security,
        body: mailSettingsInputSchema,
        response: { 200: mailSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return mailSettings.update(me.id, request.body);
    },
  );
};
