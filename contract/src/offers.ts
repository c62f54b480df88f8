import { z } from 'zod';
import { answerId, answerTime, dollars, idSchema, phoneSchema } from './common';
import { RECENTLY_VIEWED_MAX } from './constants';
import { shownText } from './shown-text';

/* ---------- Offers ---------- */

/**
 * Where an offer stands: 'open' waits for the seller, 'countered' for the buyer; 'accepted' made a
 * booking; 'declined', 'withdrawn' (by its buyer), 'expired' (no answer in time) and 'closed' (the
 * item was booked through another offer, or sold) are final.
 */
export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** POST /products/{id}/offers: the amount, and optionally the booking's phone and meeting place. */
export const offerInputSchema = z.object({
  amount: dollars,
  phone: phoneSchema.optional(),
  meettingLocation: shownText(200).optional(),
});
export type OfferInput = z.input<typeof offerInputSchema>;

/** POST /offers/{id}/counter: the seller's price. */
export const counterOfferInputSchema = z.object({ amount: dollars });

export const offersQuerySchema = z.object({ role: z.enum(['buyer', 'seller']).default('buyer') });

export const offerSchema = z
  .object({
    _id: answerId,
    productId: answerId,
    productName: z.string(),
    img: z.string(),
    /** The listing's price now, in dollars. */
    listPrice: z.number(),
    /** The buyer's offer, in dollars. */
    amount: z.number(),
    /** The seller's counter, in dollars (null until countered). */
    counter: z.number().nullable(),
    status: z.enum(OFFER_STATUSES),
    /** The caller's side of it. */
    role: z.enum(['buyer', 'seller']),
    /** The other person's name. */
    otherName: z.string(),
    /** The booking an accepted offer made. */
    orderId: answerId.nullable(),
    expiresAt: answerTime,
    createdAt: answerTime,
    updatedAt: answerTime,
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

/** An accepted offer answers with its booking: that order's price is the offer. */
export const offerAcceptedSchema = z.object({ acknowledged: z.boolean(), orderId: answerId, price: z.number() });

/* ---------- Favourites ---------- */

/** What a list of saved or seen listings shows of each. */
const listedItemShape = {
  productId: answerId,
  name: z.string(),
  img: z.string(),
  /** Dollars, now. */
  price: z.number(),
  /** 'available', 'sold' or 'unlisted'; hidden listings read 'unlisted'. */
  status: z.enum(['available', 'sold', 'unlisted']),
};

export const favoriteSchema = z
  .object({
    ...listedItemShape,
    category: z.string(),
    location: z.string(),
    createdAt: answerTime,
  })
  .meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof favoriteSchema>;
export const productIdParams = z.object({ productId: idSchema });

/** GET /me/listing-saves: how many people saved each of the caller's listings (listings nobody saved are left out). */
export const listingSavesSchema = z.array(z.object({ productId: answerId, saves: z.number().int() }));

/* ---------- Recently viewed ---------- */

export const recentlyViewedSchema = z
  .object({
    ...listedItemShape,
    viewedAt: answerTime,
  })
  .meta({ id: 'RecentlyViewed' });
export type RecentlyViewed = z.infer<typeof recentlyViewedSchema>;

/** POST /me/recently-viewed: listings seen (newest first), e.g. a guest's list kept in the browser, merged on sign-in. */
export const recentlyViewedInputSchema = z.object({
  productIds: z.array(idSchema).min(1, { message: 'must name at least one listing' }).max(RECENTLY_VIEWED_MAX),
});
