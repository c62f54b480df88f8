import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { order, product, user } from '../../db/schema';
import { paymentReceivedBuyerMail, paymentReceivedSellerMail } from '../../mail/templates/payment-received';
import { refundMail } from '../../mail/templates/refund';
import type { Mailer } from '../../mail/types';

const buyer = alias(user, 'buyer');
const seller = alias(user, 'seller');

type PaymentFacts = {
  orderId: string;
  feeCents?: number;
  destination?: string | null;
  amountCents: number;
  transactionId: string;
  brand: string | null;
  last4: string | null;
};

export type PaymentMails = ReturnType<typeof paymentMails>;

/**
 * The mails about money, queued inside the transaction that records it (`tx`), so a change that is
 * rolled back sends nothing.
 */
export function paymentMails({ mailer, baseUrl, shopName = 'the shop' }: { mailer: Mailer; baseUrl: string; shopName?: string }) {
  const people = async (tx: Executor, orderId: string) => {
    const [row] = await tx
      .select({
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        buyerName: order.buyerName,
        sellerId: seller.id,
        sellerEmail: seller.email,
        sellerName: seller.name,
        productName: product.name,
      })
      .from(order)
      .innerJoin(buyer, eq(buyer.id, order.buyerId))
      .innerJoin(product, eq(product.id, order.productId))
      .innerJoin(seller, eq(seller.id, product.sellerId))
      .where(eq(order.id, orderId));
    return row;
  };

  return {
    /** A payment won its item: a receipt to the buyer, the news to the seller. */
    async paid(tx: Executor, p: PaymentFacts & { createdAt: Date }) {
      const who = await people(tx, p.orderId);
      if (!who) return;
      const facts = {
        baseUrl,
        productName: who.productName,
        amountCents: p.amountCents,
        transactionId: p.transactionId,
        paidAt: p.createdAt,
      };
      await mailer.enqueue(
        {
          to: who.buyerEmail,
          userId: who.buyerId,
          kind: 'payment-received',
          ...paymentReceivedBuyerMail({
            ...facts,
            brand: p.brand,
            last4: p.last4,
            sellerName: who.sellerName,
            orderId: p.orderId,
            shopName,
          }),
        },
        tx,
      );
      await mailer.enqueue(
        {
          to: who.sellerEmail,
          userId: who.sellerId,
          kind: 'payment-received',
          ...paymentReceivedSellerMail({
            ...facts,
            buyerName: who.buyerName,
            feeCents: p.feeCents ?? 0,
            payoutReady: !!p.destination,
          }),
        },
        tx,
      );
    },

    /** A payment that could not buy its item was given back: the buyer is told. */
    async refunded(tx: Executor, p: PaymentFacts & { refundedAt: Date | null }) {
      const who = await people(tx, p.orderId);
      if (!who) return;
      await mailer.enqueue(
        {
          to: who.buyerEmail,
          userId: who.buyerId,
          kind: 'refund',
          ...refundMail({
            baseUrl,
            productName: who.productName,
            amountCents: p.amountCents,
            transactionId: p.transactionId,
            brand: p.brand,
            last4: p.last4,
            refundedAt: p.refundedAt ?? new Date(),
          }),
        },
        tx,
      );
    },
  };
}
