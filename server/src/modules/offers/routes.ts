import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  counterOfferInputSchema,
  errorSchema,
  idParams,
  insertResultSchema,
  OFFER_STATUSES,
  offerAcceptedSchema,
  offerInputSchema,
  offerSchema,
  offersQuerySchema,
} from '@shop/contract';
import { requireBuyer, requireVerifiedEmail } from '../../auth/plugin';
import type { OffersService } from './service';

const tags = ['offers'];
const security = [{ session: [] }];
const e = (description: string) => errorSchema.describe(description);
const errors = {
  400: e('bad input, naming the field (an amount at or above the price, or below the least offer, names amount)'),
  401: e('not signed in'),
  403: e('an admin account (admins do not buy or sell), or an email not verified yet'),
  404: e('no such item or offer, or not one of its two people'),
  409: e(
    'own listing (own_listing), sold (product_sold) or reserved (product_reserved) item, an offer already waiting (offer_exists), or an offer no longer waiting or not yours to answer (offer_state), or a price cut to the agreed amount or below since (price_changed)',
  ),
};
const answered = z.object({ acknowledged: z.boolean(), status: z.enum(OFFER_STATUSES) });

/** Offers: a buyer offers below the price, the seller accepts, declines or counters, the buyer answers a counter. */
export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService; minPercent: number; openMax: number }> = async (
  app,
  { offers, minPercent, openMax },
) => {
  app.post(
    '/products/:id/offers',
    {
      schema: {
        tags,
        security,
        summary: 'Make an offer on an item (any account but an admin, with a verified email; not on your own item)',
        description: `The amount must be below the price and at least ${minPercent}% of it (OFFER_MIN_PERCENT). One offer waiting per buyer and item; at most ${openMax} waiting per buyer (OFFERS_OPEN_MAX). It waits 48 hours for the seller's answer. phone and meettingLocation (default: the item's location) go into the booking if it is accepted.`,
        params: idParams,
        body: offerInputSchema,
        response: { 201: insertResultSchema, ...errors, 429: e('too many offers waiting for an answer (too_many_offers)') },
      },
    },
    async (request, reply) => {
      const me = await requireBuyer(request);
      // An offer mails the seller: it needs a proven email, as a booking does.
      requireVerifiedEmail(me, 'make an offer');
      return reply.code(201).send(await offers.make(me, request.params.id, request.body));
    },
  );

  app.get(
    '/offers',
    {
      schema: {
        tags,
        security,
        summary: 'The offers the caller made (role=buyer) or received on their items (role=seller), newest first',
        querystring: offersQuerySchema,
        response: { 200: z.array(offerSchema), ...errors },
      },
    },
    async (request) => offers.list(await requireBuyer(request), request.query.role),
  );

  app.post(
    '/offers/:id/accept',
    {
      schema: {
        tags,
        security,
        summary:
          'Accept an offer (the seller an open one, the buyer a counter): books the item for the buyer at the agreed price',
        description:
          'Answers the booking (orderId); that order’s price is the offer. Every other offer waiting on the item is closed and its buyer told. Of two offers on one item accepted at once, one books and the other is 409.',
        params: idParams,
        response: { 200: offerAcceptedSchema, ...errors },
      },
    },
    async (request) => offers.accept(await requireBuyer(request), request.params.id),
  );

  app.post(
    '/offers/:id/decline',
    {
      schema: {
        tags,
        security,
        summary: 'Decline an offer (the seller), decline a counter (the buyer), or withdraw your open offer (the buyer)',
        params: idParams,
        response: { 200: answered, ...errors },
      },
    },
    async (request) => offers.decline(await requireBuyer(request), request.params.id),
  );

  app.post(
    '/offers/:id/counter',
    {
      schema: {
        tags,
        security,
        summary: "Counter an offer with your own price (the item's seller): above the offer, below the price",
        params: idParams,
        body: counterOfferInputSchema,
        response: { 200: answered, ...errors },
      },
    },
    async (request) => offers.counter(await requireBuyer(request), request.params.id, request.body.amount),
  );
};
