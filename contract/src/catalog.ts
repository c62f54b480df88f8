import { z } from 'zod';
import { CATEGORIES, CONDITIONS } from './constants';
import { answerId, answerTime, dollars, dollarsFilter, emailSchema, idSchema, pageQuery, phoneSchema } from './common';
import { conditionReportInputSchema, conditionReportSchema, listingIssues } from './listing';
import { optionalShownText, shownText } from './shown-text';
import { photoIdsSchema, productPhotoSchema } from './uploads';
import { serialInputSchema } from './devices';
import { nearSchema, placeIdSchema, placeSchema, radiusKmSchema } from './places';

export const categoryNameSchema = z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(', ')}` });
export const conditionSchema = z.enum(CONDITIONS, { message: `must be one of ${CONDITIONS.join(', ')}` });

export const categorySchema = z.object({ _id: answerId, category: z.string(), img: z.string() }).meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const advertisementSchema = z
  .object({
    _id: answerId,
    name: z.string(),
    img: z.string(),
    category: z.string(),
    productId: answerId,
    price: z.number(),
    photo: productPhotoSchema
      .nullable()
      .optional()
      .describe("the product's cover photo in every stored size (as a list's `photos[0]`); null for items listed before uploads"),
  })
  .meta({ id: 'Advertisement' });
export type Advertisement = z.infer<typeof advertisementSchema>;

/** A product as the API answers it, with the original client's field names (docs/product.md#field-names-kept-as-spelled). */
export const productSchema = z
  .object({
    _id: answerId,
    name: z.string(),
    category: z.string(),
    img: z.string().describe("the cover photo's URL"),
    photos: z
      .array(productPhotoSchema)
      .describe(
        'uploaded photos, cover first; lists carry the cover alone, one product carries all; empty for items listed before uploads',
      ),
    location: z.string().describe("the seller's words for where it is (a note beside `place`)"),
    place: placeSchema.nullable().describe('the gazetteer place it is in; null when its location named no known place'),
    distanceKm: z
      .number()
      .optional()
      .describe('great-circle kilometres from `near`, one decimal, when the list was asked with `near`'),
    seller: z.string().describe("the seller's display name"),
    sellerId: answerId.describe("the seller's public page is /seller/{sellerId}"),
    sellerRating: z.number().nullable().describe("the average of the seller's reviews, one decimal; null without reviews"),
    sellerReviews: z.number().int().describe('how many reviews the seller has'),
    email: z.string().describe("the seller's email"),
    number: z.string().describe("the seller's phone"),
    condition: z.string(),
    price: z.number().describe('dollars'),
    original_price: z.number().describe('dollars'),
    used_year: z.number().describe('years of use'),
    date: z.string().describe('d/m/yyyy, when it was posted'),
    sellerStatus: z.enum(['verified', '']),
    description: z.string(),
    status: z.enum(['available', 'sold', 'unlisted']),
    advertised: z.boolean(),
    priceBeforeDrop: z.number().nullable().describe('dollars: the price before a cut in the last 14 days, else null'),
    priceDroppedAt: answerTime.nullable().describe('when that cut was made'),
    createdAt: answerTime,
    /** Always sent by the server; optional in the type only so older fixtures still compile. */
    goodPrice: z
      .boolean()
      .optional()
      .describe("priced below the fair-price band of its model, variant and grade (GET /price-guide): cards say 'Good price'"),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/**
 * POST /products. The original client also sends seller, email, date and sellerStatus: those are
 * taken from the session instead (an `email` that is not the caller's is refused); see
 * docs/product.md#the-original-client.
 */
const productInputObject = z.object({
  name: shownText(120),
  category: categoryNameSchema,
  price: dollars,
  original_price: dollars,
  location: shownText(120),
  placeId: placeIdSchema
    .optional()
    .describe('the gazetteer place (GET /places); without it the place is looked up from `location`'),
  number: phoneSchema,
  condition: conditionSchema,
  used_year: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,2}$/, { message: 'must be a whole number of years' }),
      ],
      {
        message: 'must be a whole number of years',
      },
    )
    .transform((v) => Number(v))
    .pipe(
      z
        .number()
        .int({ message: 'must be a whole number of years' })
        .min(0, { message: 'must be 0 or more' })
        .max(50, { message: 'must be at most 50' }),
    ),
  photos: photoIdsSchema.describe('upload ids (POST /uploads), the first is the cover; an img URL is not taken'),
  description: optionalShownText(2000, { multiline: true }).optional().default(''),
  email: emailSchema.optional(),
  conditionReport: conditionReportInputSchema.optional(),
  deviceId: idSchema.optional().describe('the catalogue model (GET /devices); left out for an item not in the list'),
  variant: z.string().trim().max(80).optional().describe("with deviceId: the variant's key (the model's variants[].key)"),
  colour: z.string().trim().max(40).optional().describe("with deviceId: one of the model's colours"),
  serial: serialInputSchema
    .optional()
    .describe(
      'write-only: the IMEI (phones; tablets and watches with cellular) or serial number. Checked (IMEI Luhn digit, plausible serial) and against the register of lost and stolen devices; never shown publicly, its last 4 to a buyer after booking',
    ),
});

/** The report's answers and the grade they allow (contract listingIssues), as zod issues by path. */
const listingRule = (
  v: {
    category: z.infer<typeof categoryNameSchema>;
    condition: z.infer<typeof conditionSchema>;
    conditionReport?: z.output<typeof conditionReportInputSchema>;
  },
  ctx: z.RefinementCtx,
) => {
  if (!v.conditionReport) return;
  for (const issue of listingIssues(v.category, v.condition, v.conditionReport).issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

export const productInputSchema = productInputObject.superRefine(listingRule);
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * The add and edit form: every field required (docs/product.md#validation), the condition report
 * too, with the same rules as the server.
 */
export const productFormSchema = productInputObject
  .omit({ email: true })
  .extend({ conditionReport: conditionReportInputSchema })
  .superRefine(listingRule);

/**
 * PATCH /products/:id: any of the add form's fields but the category (the report's questions depend
 * on it). The server checks report and grade against the product's category with the same rule.
 */
export const productEditSchema = productInputObject
  .omit({ email: true, category: true, deviceId: true, variant: true, colour: true, serial: true })
  .partial()
  // No default here: a description left out stays as it is.
  .extend({ description: optionalShownText(2000, { multiline: true }).optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'has nothing to change', path: ['name'] });
export type ProductEdit = z.input<typeof productEditSchema>;

/** One product's page: the product and its condition report (null when it was listed without one). */
/** The catalogue model a product was listed as, with its variant's specs. */
export const productDeviceSchema = z
  .object({
    id: answerId,
    brand: z.string(),
    model: z.string(),
    releaseYear: z.number().int(),
    variant: z.string().nullable().describe("the variant's key (GET /price-guide?variant=)"),
    variantLabel: z.string().nullable(),
    storage: z.string().nullable(),
    ram: z.string().nullable(),
    colour: z.string().nullable(),
  })
  .meta({ id: 'ProductDevice' });
export type ProductDevice = z.infer<typeof productDeviceSchema>;

export const productDetailSchema = productSchema
  .extend({
    conditionReport: conditionReportSchema.nullable(),
    /** Always sent by the server; optional in the type only so older fixtures still compile. */
    device: productDeviceSchema.nullable().optional().describe('null for an item not in the catalogue'),
    serialChecked: z
      .boolean()
      .optional()
      .describe("its seller gave the IMEI or serial and it is not on the shop's register of lost and stolen devices"),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** POST /advertise: the original client sends the product's fields; `_id` (or productId) names the product. */
export const advertiseInputSchema = z
  .object({
    productId: idSchema.optional(),
    _id: idSchema.optional(),
    email: emailSchema.optional(),
  })
  .refine((v) => v.productId ?? v._id, { message: 'is required', path: ['productId'] });

export const SORTS = ['newest', 'price_asc', 'price_desc', 'distance'] as const;

/**
 * Search, filters and sort of the product lists, kept in the URL by the web app
 * (docs/product.md#product-lists-search-and-filters).
 */
export const productQuerySchema = pageQuery.extend({
  q: z.string().trim().max(100, { message: 'must be at most 100 characters' }).optional(),
  category: categoryNameSchema.optional(),
  condition: conditionSchema.optional(),
  minPrice: dollarsFilter.optional(),
  maxPrice: dollarsFilter.optional(),
  location: z.string().trim().max(120).optional(),
  verified: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  sort: z.enum(SORTS, { message: `must be one of ${SORTS.join(', ')}` }).default('newest'),
  brand: z.string().trim().max(40).optional().describe('a brand (facets)'),
  deviceId: idSchema.optional().describe('a catalogue model (facets: model)'),
  storage: z.string().trim().max(40).optional(),
  ram: z.string().trim().max(40).optional(),
  colour: z.string().trim().max(40).optional(),
  near: nearSchema.optional().describe('LAT,LNG: only products within radiusKm of it, each with distanceKm'),
  radiusKm: radiusKmSchema.optional().describe('with near: how far, in km (default 50, at most 500)'),
});
export type ProductQuery = z.input<typeof productQuerySchema>;

export const sellerProductsQuerySchema = pageQuery.extend({ email: emailSchema });
export const categoryParams = z.object({ category: z.string().max(50) });

export const insertResultSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
