import { z } from 'zod';
import { answerId, answerTime, idSchema, pageQuery } from './common';
import { CATEGORY_CHECKS, CHECK_KEYS, CHECKS, type CheckDef, rank, suggestGrade } from './condition-checks';
import type { CategoryName, Condition } from './constants';
import { ORDER_STATUSES } from './orders';
import { visibleOnly } from './shown-text';
import { productPhotoSchema } from './uploads';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** One answer as sent: the value (form strings welcome), a note, and optionally a photo of the flaw (an upload id). */
export const checkAnswerInputSchema = z.object({
  value: z.union(
    [z.string().trim().max(200, { message: 'must be at most 200 characters' }).superRefine(visibleOnly()), z.number()],
    {
      message: 'is required',
    },
  ),
  note: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(200, { message: 'must be at most 200 characters' }).superRefine(visibleOnly()).optional(),
  ),
  photo: z.preprocess(emptyToUndefined, idSchema.optional()),
});

/** A report as sent: answers by question; questions of other categories are ignored. */
export const conditionReportInputSchema = z.partialRecord(z.enum(CHECK_KEYS), checkAnswerInputSchema);
export type ConditionReportAnswers = z.output<typeof conditionReportInputSchema>;

/** One answer as stored and shown: the value in its type, and the flaw photo as the product page shows it. */
export const checkAnswerSchema = z.object({
  value: z.union([z.string(), z.number()]),
  note: z.string().optional(),
  photo: z.string().optional().describe('upload id of the flaw photo'),
  image: productPhotoSchema.optional(),
});
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;
export const conditionReportSchema = z.partialRecord(z.enum(CHECK_KEYS), checkAnswerSchema).meta({ id: 'ConditionReport' });
export type ConditionReport = z.infer<typeof conditionReportSchema>;

type Issue = { path: (string | number)[]; message: string };

/** A category's answers checked and typed (numbers as numbers), or what is wrong with them, by path. */
export function readReport(
  category: CategoryName,
  input: z.output<typeof conditionReportInputSchema>,
): { report: ConditionReport; issues: Issue[] } {
  const report: ConditionReport = {};
  const issues: Issue[] = [];
  for (const key of CATEGORY_CHECKS[category]) {
    const def: CheckDef = CHECKS[key];
    const answer = input[key];
    const raw = answer === undefined ? '' : String(answer.value).trim();
    const path = [key, 'value'];
    let value: string | number;
    if (def.kind === 'text') value = raw;
    else if (raw === '') {
      issues.push({ path, message: 'is required' });
      continue;
    } else if (def.kind === 'choice') {
      if (!def.options.some((o) => o.value === raw)) {
        issues.push({ path, message: `must be one of ${def.options.map((o) => o.value).join(', ')}` });
        continue;
      }
      value = raw;
    } else {
      const n = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(n) || n > def.max) {
        issues.push({ path, message: `must be a whole number from 0 to ${def.max}` });
        continue;
      }
      value = n;
    }
    report[key] = { value, ...(answer?.note && { note: answer.note }), ...(answer?.photo && { photo: answer.photo }) };
  }
  return { report, issues };
}

/**
 * The one listing rule of the form and the server: a report answers its category's questions, and the
 * seller's grade (condition) is at most what the answers suggest. Issues by input path.
 */
export function listingIssues(category: CategoryName, condition: Condition, input: z.output<typeof conditionReportInputSchema>) {
  const { report, issues } = readReport(category, input);
  const all: Issue[] = issues.map((i) => ({ ...i, path: ['conditionReport', ...i.path] }));
  const best = suggestGrade(report);
  if (!issues.length && rank(condition) < rank(best))
    all.push({ path: ['condition'], message: `can be at most ${best} for this condition report` });
  return { report, issues: all };
}

/* ---------- Edits, unlisting, selling, bookings ---------- */

/** The answer of unlist, relist and mark-sold: the product's new status. */
export const listingStatusResultSchema = z
  .object({
    acknowledged: z.boolean(),
    status: z.enum(['available', 'sold', 'unlisted']),
    /** Mark-sold: unpaid bookings cancelled, each buyer told by mail. */
    cancelledBookings: z.number().int().optional(),
  })
  .meta({ id: 'ListingStatusResult' });
export type ListingStatusResult = z.infer<typeof listingStatusResultSchema>;

/** One booking of an item as its seller sees it in My Products. */
export const sellerBookingSchema = z
  .object({
    _id: answerId,
    buyerId: answerId.describe('the buyer, for "Message the buyer"'),
    buyerName: z.string(),
    phone: z.string(),
    meetingLocation: z.string(),
    price: z.number().describe('dollars'),
    paid: z.boolean(),
    status: z.enum(ORDER_STATUSES),
    createdAt: answerTime,
  })
  .meta({ id: 'SellerBooking' });
export type SellerBooking = z.infer<typeof sellerBookingSchema>;

export const bookingsQuerySchema = pageQuery;

/** One booking of any of the seller's items, for their Sales page (GET /me/sales): the booking and its item. */
export const saleSchema = sellerBookingSchema
  .extend({
    productId: answerId,
    productName: z.string(),
    img: z.string(),
    paidAt: answerTime.nullable(),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof saleSchema>;

/** GET /me/sales: newest first, in keyset pages; `state` keeps one order status. */
export const salesQuerySchema = pageQuery.extend({
  state: z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
});

/** How long a cut price shows as "Price dropped" on cards. */
export const PRICE_DROP_SHOWN_DAYS = 14;
