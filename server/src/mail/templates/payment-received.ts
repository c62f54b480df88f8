import { ORDER_NEXT_STEPS, ORDER_STATUS_LABELS } from '@shop/contract';
import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { card, dollars, oneLine, page, when } from './format';

type Payment = {
  baseUrl: string;
  productName: string;
  amountCents: number;
  transactionId: string;
  paidAt: Date;
};

/** To the buyer, when their payment for an order is recorded: a receipt. */
export function paymentReceivedBuyerMail(
  m: Payment & { brand: string | null; last4: string | null; sellerName: string; orderId: string; shopName: string },
): RenderedMail {
  const paidWith = card(m.brand, m.last4);
  return layout({
    title: `Payment received: ${oneLine(m.productName)}`,
    paragraphs: [
      `We received your payment of ${dollars(m.amountCents)} for "${m.productName}". The item is booked for you, and your money is held: the seller does not have it yet.`,
      `Receipt from ${m.shopName} (${m.baseUrl})`,
      `Item: ${m.productName}`,
      `Seller: ${m.sellerName}`,
      `Amount: ${dollars(m.amountCents)}`,
      ...(paidWith ? [`Paid with: ${paidWith}`] : []),
      `Transaction: ${m.transactionId}`,
      `Paid: ${when(m.paidAt)}`,
      `Status: ${ORDER_STATUS_LABELS.paid}. ${ORDER_NEXT_STEPS.buyer.paid} Your code is on your order in My Orders: never send it, show it at the meeting.`,
      `A printable receipt: ${page.receipt(m.baseUrl, m.orderId)}`,
    ],
    action: { label: 'Open My Orders', url: page.myOrders(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}

/** To the seller, when a buyer's payment for one of their items is recorded: the money is held until the hand-off. */
export function paymentReceivedSellerMail(
  m: Payment & { buyerName: string; feeCents: number; payoutReady: boolean },
): RenderedMail {
  return layout({
    title: `Your item was paid for: ${oneLine(m.productName)}`,
    paragraphs: [
      `${m.buyerName} paid ${dollars(m.amountCents)} for your item "${m.productName}". It is reserved for them: no one else can book it.`,
      `Buyer: ${m.buyerName}`,
      `Amount: ${dollars(m.amountCents)}`,
      `You receive ${dollars(m.amountCents - m.feeCents)} of ${dollars(m.amountCents)} (the shop's fee: ${dollars(m.feeCents)}), once you confirm the hand-off.`,
      m.payoutReady
        ? "It is paid to your payout account when the buyer's code is confirmed."
        : `Set up your payout account on your Earnings page to receive it (${page.earnings(m.baseUrl)}): until then the shop keeps it safe for you.`,
      `Transaction: ${m.transactionId}`,
      `Paid: ${when(m.paidAt)}`,
      `Status: ${ORDER_STATUS_LABELS.paid}. ${ORDER_NEXT_STEPS.seller.paid} (Sales, Confirm hand-off.)`,
    ],
    action: { label: 'Open My Products', url: page.myProducts(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
