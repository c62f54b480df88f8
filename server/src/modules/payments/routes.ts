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
import { assertOwnEmail, requireRole } from '../../auth/plugin';
import { sendPage } from '../../lib/paging';
import type { SimulatedProvider } from '../../payments/simulated';
import type { PaymentsService } from './service';
import { stripeWebhookRoutes } from './webhook';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema };

/** How often pending refunds are retried while the server runs, and how old one must be (a request may still be on it). */
const SWEEP_EVERY_MS = 5 * 60_000;
const SWEEP_MIN_AGE_MS = 60_000;

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; simulated?: SimulatedProvider }> = async (
  app,
  { payments, simulated },
) => {
  payments.useLogger(app.log);

  // No money kept for an item that cannot be delivered: refunds the provider refused are retried at
  // start-up, every few minutes, and after each webhook. One sweep at a time per process.
  let sweeping: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const sweep = (olderThanMs: number) => {
    sweeping ??= payments
      .retryPendingRefunds({ olderThanMs })
      .then((r) => {
        if (r.tried) app.log[r.pending ? 'warn' : 'info'](r, 'retried pending refunds');
      })
      .catch((err) => app.log.error({ err }, 'pending refund sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  app.addHook('onReady', async () => {
    void sweep(0);
    timer = setInterval(() => void sweep(SWEEP_MIN_AGE_MS), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });

  if (payments.provider.name === 'stripe') {
    await app.register(stripeWebhookRoutes, { payments, afterEvent: () => void sweep(SWEEP_MIN_AGE_MS) });
  }

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start paying for one of your orders; the amount comes from the order',
        body: paymentIntentInputSchema,
        response: { 200: paymentIntentSchema, ...errors },
      },
    },
    async (request) => payments.createIntent(await requireRole(request, 'buyer'), request.body.orderId),
  );

  app.post(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Record a payment the provider confirms (same transaction twice records once)',
        body: paymentInputSchema,
        response: { 201: paymentResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireRole(request, 'buyer');
      assertOwnEmail(me, request.body.email);
      const result = await payments.record(me, (request.body.OrderId ?? request.body.orderId)!, request.body.transactionId);
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
      const rows = await payments.list(request.query.limit, request.query.cursor);
      return sendPage(request, reply, rows, request.query.limit, (p) => ({ k: p._ts, id: p._id }));
    },
  );

  if (simulated) {
    app.post(
      '/payments/simulated/confirm',
      {
        schema: {
          tags: ['payments'],
          summary: 'Test mode: confirm a card payment with the simulated provider (stands in for Stripe.js)',
          body: simulatedConfirmSchema,
          response: { 200: simulatedConfirmResultSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema, 400: errorSchema },
        },
      },
      async (request, reply) => {
        const r = await simulated.confirm(request.body.clientSecret, request.body);
        if (!r.ok) return reply.code(r.status as 402).send({ error: r.code, message: r.message });
        const i = r.intent;
        return { paymentIntent: { id: i.id, status: i.status, amount: i.amountCents / 100, last4: i.last4 ?? '', brand: i.brand ?? '' } };
      },
    );
  }
};
