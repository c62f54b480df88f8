import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderRowSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
  errorSchema,
  financeQuerySchema,
  financeSchema,
  idParams,
  onboardingLinkSchema,
  payoutsViewSchema,
  receiptSchema,
  simulatedOnboardingSchema,
} from '@shop/contract';
import { requireRole, requireUser } from '../../auth/plugin';
import { AppError, badRequest } from '../../lib/errors';
import type { SimulatedProvider } from '../payments/providers/simulated';
import type { FinanceService } from './finance';
import type { PayoutsService } from './service';

const e = (description: string) => errorSchema.describe(description);
const who = { 401: e('not signed in'), 403: e('not allowed') };

/** Sellers' payouts, the operator's finance page and orders screen, and buyers' receipts. */
export const payoutsRoutes: FastifyPluginAsyncZod<{
  payouts: PayoutsService;
  finance: FinanceService;
  simulated?: SimulatedProvider;
}> = async (app, { payouts, finance, simulated }) => {
  app.addHook('onSend', async (_request, reply) => {
    // Money and personal answers: no cache may keep them.
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/me/payouts',
    {
      schema: {
        tags: ['payouts'],
        security: [{ session: [] }],
        summary:
          "The seller's payout account, balances (sums over the ledger), sales with their fee, payouts and weekly earnings",
        response: { 200: payoutsViewSchema, ...who },
      },
    },
    async (request) => payouts.view(await requireRole(request, 'seller')),
  );

  app.post(
    '/me/payouts/onboarding',
    {
      schema: {
        tags: ['payouts'],
        security: [{ session: [] }],
        summary: "Creates the seller's payout account on first use and answers the provider's onboarding (or update) link",
        response: { 200: onboardingLinkSchema, ...who, 502: e('the payment provider could not be reached') },
      },
    },
    async (request) => payouts.onboardingLink(await requireRole(request, 'seller')),
  );

  if (simulated) {
    app.post(
      '/payouts/simulated/onboarding',
      {
        schema: {
          tags: ['payouts'],
          security: [{ session: [] }],
          summary:
            "Test mode: the simulated provider's onboarding form (name, routing and account number); what is missing stays due",
          body: simulatedOnboardingSchema,
          response: { 200: payoutsViewSchema.shape.account, 400: e('bad input'), 404: e('no payout account yet'), ...who },
        },
      },
      async (request) => {
        const me = await requireRole(request, 'seller');
        const acct = await payouts.accountOf(me.id);
        if (!acct) throw new AppError(404, 'not_found', 'Start your payout account first (Set up payouts on Earnings).');
        const b = request.body;
        if (b.routingNumber && !/^\d{9}$/.test(b.routingNumber))
          throw badRequest('routingNumber', 'must be 9 digits, like 110000000');
        if (b.accountNumber && !/^\d{4,17}$/.test(b.accountNumber))
          throw badRequest('accountNumber', 'must be 4 to 17 digits, like 000123456789');
        const a = await simulated.updateAccount(acct.accountId, b);
        await payouts.accountChanged(a);
        return {
          status: a.ready ? ('ready' as const) : ('pending' as const),
          requirementsDue: a.requirementsDue,
          provider: 'simulated' as const,
        };
      },
    );
  }

  app.get(
    '/admin/finance',
    {
      schema: {
        tags: ['admin'],
        security: [{ session: [] }],
        summary:
          'Gross sales, fees, refunds and transfers in the period (from/to inclusive, UTC days); holds outstanding, transfers waiting and refunds refused now',
        querystring: financeQuerySchema,
        response: { 200: financeSchema, 400: e('bad from or to'), ...who },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return finance.finance(request.query);
    },
  );

  app.get(
    '/admin/finance.csv',
    {
      schema: {
        tags: ['admin'],
        security: [{ session: [] }],
        summary: 'The ledger in the period as CSV (text cells escaped against spreadsheet formulas)',
        querystring: financeQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), 400: e('bad from or to'), ...who },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      const body = await finance.csv(request.query);
      const name = `ledger${request.query.from ? `-from-${request.query.from}` : ''}${request.query.to ? `-to-${request.query.to}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .serializer((s: unknown) => String(s))
        .send(body);
    },
  );

  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        security: [{ session: [] }],
        summary: "Orders found by id, or by the buyer's or seller's email (or part of it), newest first (at most 50)",
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(adminOrderRowSchema), 400: e('q missing'), ...who },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return finance.findOrders(request.query.q);
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        security: [{ session: [] }],
        summary: "One order's whole history and money: status moves, payments, ledger",
        params: idParams,
        response: { 200: adminOrderSchema, 400: e('bad id'), 404: e('no such order'), ...who },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return finance.orderDetail(request.params.id);
    },
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        tags: ['admin'],
        security: [{ session: [] }],
        summary:
          "Refunds a disputed order's captured payment in full: the seller's transfer is reversed and the shop's fee given back; the case is resolved",
        params: idParams,
        response: {
          200: adminOrderSchema,
          400: e('bad id'),
          404: e('no such order'),
          409: e('not a disputed, captured order'),
          ...who,
        },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return finance.refund(admin, request.params.id, request.ip);
    },
  );

  app.get(
    '/orders/:id/receipt',
    {
      schema: {
        tags: ['orders'],
        security: [{ session: [] }],
        summary: "The buyer's receipt of an order: seller, item, amount, card's last 4, the shop",
        params: idParams,
        response: {
          200: receiptSchema,
          400: e('bad id'),
          404: e('no such order of yours, or not paid'),
          401: e('not signed in'),
        },
      },
    },
    async (request) => finance.receipt(await requireUser(request), request.params.id),
  );
};
