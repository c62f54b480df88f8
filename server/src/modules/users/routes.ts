import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedResultSchema,
  emailParams,
  errorSchema,
  idParams,
  isAdminSchema,
  isBuyerSchema,
  isSellerSchema,
  modifiedResultSchema,
  userInputSchema,
  userListQuery,
  userSchema,
  userWriteResultSchema,
} from '@shop/contract';
import { assertOwnEmail, requireRole, requireUser, requireVerifiedEmail } from '../../auth/plugin';
import { sendKeysetPage } from '../../lib/paging';
import { requestActor } from '../audit/service';
import type { UsersService } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Record the signed-in user’s role, once, after sign-up',
        body: userInputSchema,
        response: { 200: userWriteResultSchema, ...errors },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      assertOwnEmail(me, request.body.email);
      return users.recordRole(me, request.body.isSeller);
    },
  );

  /** Role checks: the user themself, or an admin. */
  const roleCheck = async (request: Parameters<typeof requireUser>[0], email: string) => {
    const me = await requireUser(request);
    assertOwnEmail(me, email, { adminMayRead: true });
    return users.roleOf(email);
  };

  app.get(
    '/users/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this user an admin?',
        params: emailParams,
        response: { 200: isAdminSchema, ...errors },
      },
    },
    async (request) => ({ isAdmin: (await roleCheck(request, request.params.email)).role === 'admin' }),
  );
  app.get(
    '/users/buyer/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this user a buyer?',
        params: emailParams,
        response: { 200: isBuyerSchema, ...errors },
      },
    },
    // Every account but an admin's buys; one that sells buys too.
    async (request) => {
      const { role } = await roleCheck(request, request.params.email);
      return { isBuyer: role === 'buyer' || role === 'seller' };
    },
  );
  app.get(
    '/users/seller/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this user a seller, and verified?',
        params: emailParams,
        response: { 200: isSellerSchema, ...errors },
      },
    },
    async (request) => {
      const r = await roleCheck(request, request.params.email);
      return { isSeller: r.role === 'seller', isVerified: r.role === 'seller' && r.verified };
    },
  );

  app.post(
    '/me/start-selling',
    {
      schema: {
        tags: ['users'],
        summary: 'Start selling: the signed-in account may list items from now on (it keeps buying)',
        description:
          'Needs a proven email address (403 email_not_verified before). Admin accounts are refused (403). Doing it again answers the same.',
        response: { 200: isSellerSchema, ...errors },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      if (me.role !== 'admin') requireVerifiedEmail(me, 'start selling');
      return users.startSelling(me, requestActor(request, me));
    },
  );

  for (const role of ['buyer', 'seller'] as const) {
    app.get(
      `/users/all${role}`,
      {
        schema: {
          tags: ['users'],
          summary: `All ${role}s, newest first (admin)`,
          querystring: userListQuery,
          response: { 200: z.array(userSchema), ...errors },
        },
      },
      async (request, reply) => {
        await requireRole(request, 'admin');
        const page = await users.list(role, request.query.limit, request.query.cursor);
        return sendKeysetPage(request, reply, page, page.total);
      },
    );
  }

  app.put(
    '/users/verify/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Verify a seller (admin; one-way)',
        params: idParams,
        response: { 200: modifiedResultSchema, ...errors },
      },
    },
    async (request) => {
      const me = await requireRole(request, 'admin');
      return users.verifySeller(request.params.id, requestActor(request, me));
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a buyer or seller (admin; soft: orders and payments are kept)',
        params: idParams,
        response: { 200: deletedResultSchema, ...errors },
      },
    },
    async (request) => {
      const me = await requireRole(request, 'admin');
      return users.softDelete(request.params.id, requestActor(request, me));
    },
  );
};
