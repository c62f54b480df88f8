import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/contract';

export const systemRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  google: boolean;
  paymentProvider: string;
}> = async (app, { ping, google, paymentProvider }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ error: 'not_ready', message: 'The database is not reachable.' });
      }
    },
  );
  app.get(
    '/auth-config',
    {
      schema: {
        tags: ['system'],
        summary: 'Which sign-in methods and payment provider this server offers',
        response: { 200: z.object({ google: z.boolean(), paymentProvider: z.string() }) },
      },
    },
    async () => ({ google, paymentProvider }),
  );
};
