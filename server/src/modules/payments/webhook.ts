import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/contract';
import { type WebhookEvent, WebhookSignatureError } from './providers/provider';
import type { PaymentsService } from './service';

/**
 * POST /webhooks/stripe, in a plugin scope of its own: here, and only here, the body is kept as the
 * raw bytes Stripe signed (any content type), since a parsed and re-serialised body no longer matches
 * the signature. Answers 200 once handled (or already handled), 400 for a bad or missing signature,
 * and 503 when it cannot be handled now (provider or database unreachable), so Stripe delivers it again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  afterEvent?: () => void;
}> = async (app, { payments, afterEvent }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's events (signed): marks an order paid even when the buyer closed the tab before POST /payments",
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: WebhookEvent;
      try {
        event = await payments.provider.parseWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (err) {
        if (!(err instanceof WebhookSignatureError)) throw err;
        request.log.warn({ reason: err.message }, 'stripe webhook refused: bad signature');
        return reply.code(400).send({
          error: 'invalid_signature',
          message: 'The Stripe-Signature header is missing or does not match the body and the webhook secret.',
        });
      }
      let result: Awaited<ReturnType<PaymentsService['handleWebhook']>>;
      try {
        result = await payments.handleWebhook(event);
      } catch (err) {
        // Not recorded as handled: Stripe delivers the event again (with backoff, for up to three days).
        request.log.error(
          { err, eventId: event.id, type: event.type },
          'stripe webhook not handled; Stripe will deliver it again',
        );
        return reply
          .code(503)
          .send({ error: 'webhook_retry_later', message: 'The event could not be handled just now; deliver it again later.' });
      }
      request.log.info({ eventId: event.id, type: event.type, outcome: result.outcome }, 'stripe webhook handled');
      afterEvent?.();
      return { received: true as const, duplicate: result.duplicate };
    },
  );
};
