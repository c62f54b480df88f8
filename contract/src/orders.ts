import { z } from 'zod';
import { answerEmail, answerId, answerTime, emailSchema, idSchema, pageQuery, phoneSchema } from './common';
import { ORDER_STATUSES } from './order-status';
import { shownText } from './shown-text';

export * from './order-status';

/** The payment behind an order, as its buyer sees it in My Orders (the winning one, else the latest). */
export const orderPaymentSchema = z
  .object({
    provider: z.string(),
    transactionId: z.string(),
    amount: z.number().describe('dollars'),
    status: z.enum(['succeeded', 'refund_pending', 'refunded']),
    last4: z.string().nullable(),
    brand: z.string().nullable(),
    createdAt: answerTime,
    refundedAt: answerTime.nullable(),
    /** When the held amount was taken (at the hand-off); null while held or after a release. */
    capturedAt: answerTime.nullable().optional(),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderSchema = z
  .object({
    _id: answerId,
    productId: answerId,
    buyerName: z.string(),
    email: answerEmail.describe("the buyer's email"),
    price: z.number().describe('dollars'),
    phone: z.string(),
    meettingLocation: z.string(),
    productName: z.string(),
    seller: z.string(),
    /**
     * The phone the seller listed the item with: only the booking's buyer (and an admin) gets it, and only
     * once the booking is paid; empty before. Always sent; optional for older fixtures.
     */
    sellerPhone: z.string().optional(),
    /**
     * The last 4 characters of the item's IMEI or serial, when its seller gave one: the buyer compares
     * them with the device at the meeting. Only in the booking's own answers. Always sent; optional for older fixtures.
     */
    serialLast4: z.string().nullable().optional(),
    img: z.string(),
    paid: z.boolean(),
    status: z.enum(ORDER_STATUSES),
    transactionId: z.string().nullable(),
    paidAt: answerTime.nullable(),
    /** Always sent by the server; optional in the type only so older fixtures still compile. */
    payment: orderPaymentSchema.nullable().optional(),
    createdAt: answerTime,
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /orders. productId names the item; price, seller, productName, img and email come from the
 * product and the session (the original client still sends them: they are accepted and ignored, except
 * an `email` that is not the caller's, which is refused; docs/product.md#the-original-client).
 */
export const orderInputSchema = z.object({
  productId: idSchema,
  buyerName: shownText(100),
  phone: phoneSchema,
  meettingLocation: shownText(200),
  email: emailSchema.optional(),
});
export type OrderInput = z.input<typeof orderInputSchema>;

/** The booking modal's form: what the buyer types. */
export const bookingFormSchema = orderInputSchema.pick({ buyerName: true, phone: true, meettingLocation: true });

export const ordersQuerySchema = pageQuery.extend({ email: emailSchema });
