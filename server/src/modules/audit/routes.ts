import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditListQuery, errorSchema } from '@shop/contract';
import { requireRole } from '../../auth/plugin';
import { sendKeysetPage } from '../../lib/paging';
import type { AuditService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit log: admin actions, role grants, refunds and two-factor changes, newest first (admin)',
        querystring: auditListQuery,
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return sendKeysetPage(request, reply, await audit.list(request.query.limit, request.query.cursor));
    },
  );
};
