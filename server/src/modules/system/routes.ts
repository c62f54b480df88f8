import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/contract';

export const systemRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  /** True while this instance shuts down (lib/drain.ts). */
  isDraining: () => boolean;
  google: boolean;
  paymentProvider: string;
  /** The shop's commission on each sale (PLATFORM_FEE_*), shown to sellers before they list. */
  platformFee?: { percent: number; fixedCents: number };
}> = async (app, { ping, isDraining, google, paymentProvider, platformFee = { percent: 0, fixedCents: 0 } }) => {
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
        summary: 'This instance takes requests: the database answers and it is not shutting down',
        description:
          'For load balancers: 503 `draining` from the moment the instance is told to stop (it finishes what it has, then exits), 503 `not_ready` while the database does not answer. GET /api/health is the liveness probe and stays 200 meanwhile.',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (isDraining())
        return reply
          .code(503)
          .send({ error: 'draining', message: 'This instance is shutting down; send requests to another one.' });
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
        summary: "Which sign-in methods and payment provider this server offers, and the shop's fee on each sale",
        response: {
          200: z.object({
            google: z.boolean(),
            paymentProvider: z.string(),
            platformFee: z.object({ percent: z.number(), fixedCents: z.number().int() }),
          }),
        },
      },
    },
    async () => ({ google, paymentProvider, platformFee }),
  );
};
