import { z } from 'zod';
import { answerEmail, answerId, answerTime, emailSchema, idSchema } from './common';

export const PROVIDERS = ['simulated', 'stripe'] as const;

/** POST /create-payment-intent: the amount always comes from the order; `price` is ignored. */
export const paymentIntentInputSchema = z.object({
  orderId: idSchema,
  price: z.unknown().optional(),
});
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().describe('dollars'),
  currency: z.string(),
  provider: z.enum(PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/**
 * POST /payments. The original client spells the order id `OrderId`
 * (docs/product.md#field-names-kept-as-spelled); `orderId` is accepted too.
 */
export const paymentInputSchema = z
  .object({
    transactionId: z.string().trim().min(1, { message: 'is required' }).max(200),
    OrderId: idSchema.optional(),
    orderId: idSchema.optional(),
    price: z.unknown().optional(),
    email: emailSchema.optional(),
  })
  .refine((v) => v.OrderId ?? v.orderId, { message: 'is required', path: ['OrderId'] });
export const paymentResultSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });

/** The simulated provider's card confirmation (stands in for Stripe.js confirmCardPayment). */
export const simulatedConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z.string().trim().max(30),
  expMonth: z.coerce.number().int().min(1, { message: 'is not a valid month' }).max(12, { message: 'is not a valid month' }),
  expYear: z.coerce.number().int().min(0).max(9999),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { message: 'must be 3 or 4 digits' }),
});
export const simulatedConfirmResultSchema = z.object({
  paymentIntent: z
    .object({ id: z.string(), status: z.string(), amount: z.number(), last4: z.string(), brand: z.string() })
    .optional(),
  error: z.object({ code: z.string(), decline_code: z.string().optional(), message: z.string() }).optional(),
});

export const PAYMENT_STATUSES = ['succeeded', 'refund_pending', 'refunded'] as const;

/** GET /payments (admin): one row per provider-confirmed payment. Of the card, only brand and last4 are kept. */
export const paymentRecordSchema = z
  .object({
    _id: answerId,
    orderId: answerId,
    productName: z.string(),
    provider: z.string(),
    transactionId: z.string(),
    price: z.number().describe('dollars'),
    currency: z.string(),
    email: answerEmail.describe("the buyer's email"),
    status: z.enum(PAYMENT_STATUSES).describe('refund_pending: lost the item to another buyer, refund being retried'),
    last4: z.string().nullable(),
    brand: z.string().nullable(),
    createdAt: answerTime,
    refundedAt: answerTime.nullable(),
  })
  .meta({ id: 'PaymentRecord' });
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
