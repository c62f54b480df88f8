import { z } from 'zod';
import { answerId, answerTime, idSchema } from './common';
import { CATEGORIES, CONDITIONS } from './constants';
import { optionalShownText, visibleOnly } from './shown-text';

/* ---------- The device catalogue (GET /devices, admin /admin/devices) ---------- */

/** One priced configuration of a model: its key names it in listings and the price guide. */
export const deviceVariantSchema = z
  .object({
    key: z.string().describe("stable within the model, e.g. 's256gb-r8gb' or 'std' for a model with no options"),
    label: z.string().describe("as shown, e.g. '256 GB · 8 GB RAM'"),
    size: z.string().optional().describe('case size (watches)'),
    storage: z.string().optional(),
    ram: z.string().optional(),
    connectivity: z.string().optional(),
  })
  .meta({ id: 'DeviceVariant' });
export type DeviceVariant = z.infer<typeof deviceVariantSchema>;

export const deviceSchema = z
  .object({
    id: answerId,
    category: z.enum(CATEGORIES),
    brand: z.string(),
    model: z.string(),
    name: z.string().describe('brand and model, as a listing is named'),
    releaseYear: z.number().int(),
    colours: z.array(z.string()),
    variants: z.array(deviceVariantSchema),
    aliases: z.array(z.string()),
    retired: z.boolean().describe('no longer offered when listing (admins)'),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

const catalogueCategory = z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(', ')}` });

export const devicesQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'must be at most 100 characters' }).optional(),
  category: catalogueCategory.optional(),
  limit: z.coerce
    .number({ message: 'must be a whole number from 1 to 50' })
    .int({ message: 'must be a whole number from 1 to 50' })
    .min(1, { message: 'must be a whole number from 1 to 50' })
    .max(50, { message: 'must be a whole number from 1 to 50' })
    .default(10),
});
export type DevicesQuery = z.input<typeof devicesQuerySchema>;

const option = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });
const optionList = (max: number) => z.array(option(40)).max(max, { message: `must have at most ${max} entries` });

/** An admin's new or changed model: the option lists make its variants (every combination). */
export const deviceInputSchema = z.object({
  category: catalogueCategory,
  brand: option(40),
  model: option(80),
  releaseYear: z
    .number({ message: 'must be a year from 1980 to 2100' })
    .int({ message: 'must be a year from 1980 to 2100' })
    .min(1980, { message: 'must be a year from 1980 to 2100' })
    .max(2100, { message: 'must be a year from 1980 to 2100' }),
  size: optionList(8).default([]),
  storage: optionList(12).default([]),
  ram: optionList(12).default([]),
  connectivity: optionList(6).default([]),
  colours: optionList(24).default([]),
  aliases: optionList(12).default([]),
  retired: z.boolean().default(false),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;

/** The variants of a model's option lists: every combination, keyed by its values ('std' when it has none). */
export function variantsOf(o: { size?: string[]; storage?: string[]; ram?: string[]; connectivity?: string[] }): DeviceVariant[] {
  const dims = [
    ['size', 'z', o.size ?? []],
    ['storage', 's', o.storage ?? []],
    ['ram', 'r', o.ram ?? []],
    ['connectivity', 'c', o.connectivity ?? []],
  ] as const;
  let out: DeviceVariant[] = [{ key: '', label: '' }];
  for (const [field, prefix, values] of dims) {
    if (!values.length) continue;
    out = out.flatMap((v) =>
      values.map((value) => ({
        ...v,
        [field]: value,
        key: `${v.key ? `${v.key}-` : ''}${prefix}${value.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
        label: `${v.label ? `${v.label} · ` : ''}${field === 'ram' ? `${value} RAM` : value}`,
      })),
    );
  }
  return out.map((v) => (v.key ? v : { key: 'std', label: 'Standard' }));
}

/* ---------- Search suggestions (GET /search/suggest) ---------- */

export const suggestQuerySchema = z.object({
  q: z.string().trim().min(1, { message: 'is required' }).max(100, { message: 'must be at most 100 characters' }),
  category: catalogueCategory.optional(),
});

export const suggestionsSchema = z
  .object({
    /** What the search will look for once typos, spacing and shorthand are read ("macbok air" -> "macbook air"); null when unchanged. */
    corrected: z.string().nullable(),
    suggestions: z.array(
      z.object({
        text: z.string(),
        kind: z.enum(['device', 'popular']),
        deviceId: answerId.optional(),
        category: z.enum(CATEGORIES).optional(),
      }),
    ),
  })
  .meta({ id: 'Suggestions' });
export type Suggestions = z.infer<typeof suggestionsSchema>;

/* ---------- Facets (GET /facets) ---------- */

export const FACETS = ['brand', 'model', 'storage', 'ram', 'colour'] as const;
export type FacetName = (typeof FACETS)[number];

const facetValues = z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() }));

export const facetsSchema = z
  .object({
    facets: z.object({
      brand: facetValues,
      model: facetValues.describe('values are catalogue model ids (deviceId), labels their names'),
      storage: facetValues,
      ram: facetValues,
      colour: facetValues,
    }),
    exact: z
      .boolean()
      .describe(
        'false when a text search (counted over the models it finds) or a price, place or seller filter (not counted) was asked',
      ),
  })
  .meta({ id: 'Facets' });
export type Facets = z.infer<typeof facetsSchema>;

/* ---------- Serial numbers and IMEIs ---------- */

export type SerialKind = 'imei' | 'serial';

/** Which number a listing asks for: an IMEI for phones, and for tablets and watches with a cellular variant; a serial otherwise. */
export function serialKindFor(category: string, connectivity?: string | null): SerialKind {
  if (category === 'Mobile') return 'imei';
  if ((category === 'iPad' || category === 'Watch') && connectivity && /cellular|lte|5g/i.test(connectivity)) return 'imei';
  return 'serial';
}

/** The Luhn check of a 15-digit IMEI (the last digit checks the first 14). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The number as compared: upper case, spaces, dashes, dots and slashes gone. */
export const normaliseSerial = (raw: string) => raw.toUpperCase().replace(/[\s\-./]/g, '');

/** Why a number cannot be right, or null when it can: the one rule of the form and the server. */
export function serialProblem(kind: SerialKind, raw: string): string | null {
  const s = normaliseSerial(raw);
  if (kind === 'imei') {
    if (!/^\d{15}$/.test(s)) return 'must be the 15-digit IMEI (dial *#06# to see it)';
    if (!luhnValid(s)) return 'is not a valid IMEI: check the digits (dial *#06# to see it)';
    return null;
  }
  if (!/^[A-Z0-9]{6,20}$/.test(s)) return 'must be 6 to 20 letters and digits, as printed on the device';
  if (/^(.)\1+$/.test(s)) return 'does not look like a real serial number';
  if ('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.includes(s) || '9876543210'.includes(s))
    return 'does not look like a real serial number';
  return null;
}

export const serialInputSchema = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(40, { message: 'must be at most 40 characters' });

/** POST /stolen-devices: an owner's report. */
export const stolenReportInputSchema = z.object({
  kind: z.enum(['imei', 'serial'], { message: 'must be imei or serial' }),
  serial: serialInputSchema,
  policeRef: z
    .string()
    .trim()
    .min(3, { message: 'must be at least 3 characters' })
    .max(60, { message: 'must be at most 60 characters' })
    .superRefine(visibleOnly()),
  note: optionalShownText(500, { multiline: true }).optional().default(''),
});
export type StolenReportInput = z.input<typeof stolenReportInputSchema>;

export const stolenReportSchema = z
  .object({
    id: answerId,
    kind: z.enum(['imei', 'serial']),
    serial: z.string().describe('the full number: only its reporter and admins see a report'),
    policeRef: z.string(),
    note: z.string(),
    status: z.enum(['pending', 'confirmed', 'rejected']),
    reporterName: z.string(),
    createdAt: answerTime,
    reviewedAt: answerTime.nullable(),
  })
  .meta({ id: 'StolenReport' });
export type StolenReport = z.infer<typeof stolenReportSchema>;

export const stolenReviewInputSchema = z.object({
  status: z.enum(['confirmed', 'rejected'], { message: 'must be confirmed or rejected' }),
});

export const stolenListQuerySchema = z.object({
  status: z.enum(['pending', 'confirmed', 'rejected'], { message: 'must be pending, confirmed or rejected' }).optional(),
});

/** A moderator's flag about a number: the same one in two live listings, or a registered one offered for sale. */
export const serialFlagSchema = z
  .object({
    id: answerId,
    kind: z.enum(['duplicate', 'stolen']),
    sellerId: answerId,
    sellerName: z.string(),
    productId: answerId.nullable(),
    productName: z.string().nullable(),
    otherProductId: answerId.nullable(),
    detail: z.string(),
    last4: z.string(),
    createdAt: answerTime,
  })
  .meta({ id: 'SerialFlag' });
export type SerialFlag = z.infer<typeof serialFlagSchema>;

/* ---------- Price guide (GET /price-guide) ---------- */

export const priceGuideQuerySchema = z.object({
  deviceId: idSchema,
  variant: z.string().trim().max(80, { message: 'must be at most 80 characters' }).optional(),
  grade: z.enum(CONDITIONS, { message: `must be one of ${CONDITIONS.join(', ')}` }).optional(),
});

export const priceGuideSchema = z
  .union([
    z.object({
      medianCents: z.number().int(),
      lowCents: z.number().int().describe('the 25th percentile of sold prices'),
      highCents: z.number().int().describe('the 75th percentile of sold prices'),
      sales: z.number().int(),
      history: z.array(z.object({ date: answerTime, priceCents: z.number().int() })).describe('sold prices, oldest first'),
    }),
    z.object({ sales: z.literal(0), soldSoFar: z.number().int().describe('completed sales so far, below the minimum') }),
  ])
  .meta({ id: 'PriceGuide' });
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/** Where a price sits against a band. */
export function priceVsBand(priceCents: number, g: PriceGuide): 'below' | 'within' | 'above' | null {
  if (!('medianCents' in g)) return null;
  if (priceCents < g.lowCents) return 'below';
  if (priceCents > g.highCents) return 'above';
  return 'within';
}

/* ---------- Seller insights (GET /products/:id/insights) ---------- */

export const listingInsightsSchema = z
  .object({
    views: z.number().int(),
    saves: z.number().int().nullable().describe('null until favourites exist in this shop'),
    offers: z.number().int().nullable().describe('null until offers exist in this shop'),
    messages: z.number().int().describe('conversations buyers started about it'),
    price: z.object({
      priceCents: z.number().int(),
      position: z.enum(['below', 'within', 'above']).nullable().describe('null without a band (no model, or not enough sales)'),
      guide: priceGuideSchema.nullable(),
    }),
  })
  .meta({ id: 'ListingInsights' });
export type ListingInsights = z.infer<typeof listingInsightsSchema>;

export { DEVICE_STRINGS } from './device-strings';
