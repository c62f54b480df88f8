import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  pageQuery,
  paymentInputSchema,
  paymentIntentInputSchema,
  paymentIntentSchema,
  paymentRecordSchema,
  paymentResultSchema,
  simulatedConfirmResultSchema,
  simulatedConfirmSchema,
} from '@shop/contract';
import { assertOwnEmail, requireBuyer, requireRole } from '../../auth/plugin';
import { AppError } from '../../lib/errors';
import { idempotencyKeyHeaders } from '../../lib/idempotency';
import { paymentOutcomes } from '../../lib/metrics';
import { sendKeysetPage } from '../../lib/paging';
import type { SimulatedProvider } from './providers/simulated';
import type { PaymentsService } from './service';
import { stripeWebhookRoutes } from './webhook';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema };

/**
 * The payment routes. `afterWebhook` is called once a webhook event was handled (the app nudges the
 * pending-refund sweep with it).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  simulated?: SimulatedProvider;
  afterWebhook?: () => void;
}> = async (app, { payments, simulated, afterWebhook }) => {
  if (payments.provider.name === 'stripe') {
    await app.register(stripeWebhookRoutes, { payments, afterEvent: afterWebhook });
  }

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start paying for one of your orders; the amount comes from the order',
        headers: idempotencyKeyHeaders,
        body: paymentIntentInputSchema,
        response: { 200: paymentIntentSchema, ...errors },
      },
    },
    async (request) => payments.createIntent(await requireBuyer(request), request.body.orderId),
  );

  app.post(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Record a payment the provider confirms (same transaction twice records once)',
        headers: idempotencyKeyHeaders,
        body: paymentInputSchema,
        response: { 201: paymentResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireBuyer(request);
      assertOwnEmail(me, request.body.email);
      let result: Awaited<ReturnType<typeof payments.record>>;
      try {
        result = await payments.record(me, (request.body.OrderId ?? request.body.orderId)!, request.body.transactionId);
      } catch (err) {
        paymentOutcomes.inc({ outcome: err instanceof AppError ? err.code : 'error' });
        throw err;
      }
      paymentOutcomes.inc({ outcome: 'succeeded' });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Every payment, newest first (admin)',
        querystring: pageQuery,
        response: { 200: z.array(paymentRecordSchema), ...errors },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return sendKeysetPage(request, reply, await payments.list(request.query.limit, request.query.cursor));
    },
  );

  if (simulated) {
    app.post(
      '/payments/simulated/confirm',
      {
        schema: {
          tags: ['payments'],
          summary: 'Test mode: confirm a card payment with the simulated provider (stands in for Stripe.js)',
          headers: idempotencyKeyHeaders,
          body: simulatedConfirmSchema,
          response: { 200: simulatedConfirmResultSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema, 400: errorSchema },
        },
      },
      async (request, reply) => {
        const r = await simulated.confirm(request.body.clientSecret, request.body);
        if (!r.ok) return reply.code(r.status as 402).send({ error: r.code, message: r.message });
        const i = r.intent;
        return {
          paymentIntent: { id: i.id, status: i.status, amount: i.amountCents / 100, last4: i.last4 ?? '', brand: i.brand ?? '' },
        };
      },
    );
  }
};
