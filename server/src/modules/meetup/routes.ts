import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedResultSchema,
  errorSchema,
  idParams,
  meetingConfirmSchema,
  meetingProposalSchema,
  meetingSchema,
  meetupSpotEditSchema,
  meetupSpotInputSchema,
  meetupSpotSchema,
  meetupSpotsQuerySchema,
  myDetailsInputSchema,
  myDetailsSchema,
} from '@shop/contract';
import { requireUser } from '../../auth/plugin';
import { forbidden } from '../../lib/errors';
import type { MeetupService } from './service';

const e = (description: string) => errorSchema.describe(description);
const security = [{ session: [] }];

/** Safe meetup spots (admins keep them), a booking's meeting time and place, and the details a person's bookings prefill. */
export const meetupRoutes: FastifyPluginAsyncZod<{ meetup: MeetupService }> = async (app, { meetup }) => {
  const requireAdmin = async (request: Parameters<typeof requireUser>[0]) => {
    const me = await requireUser(request);
    if (!me.adminPowers) throw forbidden('Only admins keep the meetup spots.');
    return me;
  };

  app.get(
    '/meetup-spots',
    {
      schema: {
        tags: ['meetup'],
        summary: 'Safe public meetup spots: the nearest to `near` first (within 500 km), or all by name',
        querystring: meetupSpotsQuerySchema,
        response: { 200: z.array(meetupSpotSchema), 400: e('bad near or limit') },
      },
    },
    async (request) => meetup.spots(request.query.near, request.query.limit),
  );

  app.post(
    '/meetup-spots',
    {
      schema: {
        tags: ['meetup'],
        security,
        summary: 'Add a meetup spot (admins)',
        body: meetupSpotInputSchema,
        response: { 201: meetupSpotSchema, 400: e('bad field'), 401: e('not signed in'), 403: e('not an admin') },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.code(201).send(await meetup.addSpot(request.body));
    },
  );

  app.patch(
    '/meetup-spots/:id',
    {
      schema: {
        tags: ['meetup'],
        security,
        summary: 'Change a meetup spot (admins)',
        params: idParams,
        body: meetupSpotEditSchema,
        response: {
          200: meetupSpotSchema,
          400: e('bad field'),
          401: e('not signed in'),
          403: e('not an admin'),
          404: e('no such spot'),
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return meetup.editSpot(request.params.id, request.body);
    },
  );

  app.delete(
    '/meetup-spots/:id',
    {
      schema: {
        tags: ['meetup'],
        security,
        summary: 'Remove a meetup spot (admins); meetings that chose it keep its name and address',
        params: idParams,
        response: {
          200: deletedResultSchema,
          400: e('bad id'),
          401: e('not signed in'),
          403: e('not an admin'),
          404: e('no such spot'),
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return meetup.removeSpot(request.params.id);
    },
  );

  app.get(
    '/orders/:id/meeting',
    {
      schema: {
        tags: ['orders'],
        security,
        summary: "A booking's meeting: proposed times and place, and the confirmed time (buyer, seller or admin)",
        params: idParams,
        response: {
          200: meetingSchema,
          400: e('bad id'),
          401: e('not signed in'),
          404: e('no such booking, not yours, or no meeting yet'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return meetup.meeting(await requireUser(request), request.params.id);
    },
  );

  app.post(
    '/orders/:id/meeting',
    {
      schema: {
        tags: ['orders'],
        security,
        summary: 'Propose up to three meeting times and a meetup spot (spotId) or another place (place)',
        description:
          'The buyer proposes; the seller may answer with other times (and place). A new proposal replaces the last one, a confirmed one too. The other side is told on the bell.',
        params: idParams,
        body: meetingProposalSchema,
        response: {
          200: meetingSchema,
          400: e('bad times, spotId or place'),
          401: e('not signed in'),
          403: e('not the buyer or seller of this booking'),
          404: e('no such booking'),
          409: e('the booking is closed'),
        },
      },
    },
    async (request) => meetup.propose(await requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/meeting/confirm',
    {
      schema: {
        tags: ['orders'],
        security,
        summary: 'Confirm one of the proposed times (the side that did not propose them)',
        description: 'Both sides are told on the bell and by mail with an .ics calendar file; a reminder follows 2 hours before.',
        params: idParams,
        body: meetingConfirmSchema,
        response: {
          200: meetingSchema,
          400: e('time is not one of the proposed times, or has passed'),
          401: e('not signed in'),
          403: e('the proposer, or not a side of this booking'),
          404: e('no such booking or meeting'),
          409: e('already confirmed, or the booking is closed'),
        },
      },
    },
    async (request) => meetup.confirm(await requireUser(request), request.params.id, request.body.time),
  );

  app.get(
    '/orders/:id/meeting.ics',
    {
      schema: {
        tags: ['orders'],
        security,
        summary: 'The confirmed meeting as an iCalendar file (in the meeting place’s time zone)',
        params: idParams,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar'),
          400: e('bad id'),
          401: e('not signed in'),
          404: e('no such booking or no confirmed meeting'),
        },
      },
    },
    async (request, reply) => {
      const text = await meetup.icsFile(await requireUser(request), request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="meeting.ics"')
        .type('text/calendar; charset=utf-8')
        .send(text);
    },
  );

  app.get(
    '/me/details',
    {
      schema: {
        tags: ['me'],
        security,
        summary: 'The phone and home area the booking and listing forms prefill',
        response: { 200: myDetailsSchema, 401: e('not signed in') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return meetup.details((await requireUser(request)).id);
    },
  );

  app.patch(
    '/me/details',
    {
      schema: {
        tags: ['me'],
        security,
        summary: 'Keep a phone and a home area (a place of GET /places and a note)',
        body: myDetailsInputSchema,
        response: { 200: myDetailsSchema, 400: e('bad field'), 401: e('not signed in') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return meetup.saveDetails((await requireUser(request)).id, request.body);
    },
  );
};
