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
export function paymentReceivedBuyerMail(m: Payment & { brand: string | null; last4: string | null }): RenderedMail {
  const paidWith = card(m.brand, m.last4);
  return layout({
    title: `Payment received: ${oneLine(m.productName)}`,
    paragraphs: [
      `We received your payment of ${dollars(m.amountCents)} for "${m.productName}". The item is yours.`,
      `Amount: ${dollars(m.amountCents)}`,
      ...(paidWith ? [`Paid with: ${paidWith}`] : []),
      `Transaction: ${m.transactionId}`,
      `Paid: ${when(m.paidAt)}`,
      'Paid — held until you meet: the amount is held on your card and taken only when the seller confirms the hand-off with the code on your order in My Orders. Never send that code; show it at the meeting.',
    ],
    action: { label: 'Open My Orders', url: page.myOrders(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}

/** To the seller, when a buyer's payment for one of their items is recorded: the item is sold. */
export function paymentReceivedSellerMail(m: Payment & { buyerName: string }): RenderedMail {
  return layout({
    title: `Your item was paid for: ${oneLine(m.productName)}`,
    paragraphs: [
      `${m.buyerName} paid ${dollars(m.amountCents)} for your item "${m.productName}". It is now marked as sold.`,
      `Buyer: ${m.buyerName}`,
      `Amount: ${dollars(m.amountCents)}`,
      `Transaction: ${m.transactionId}`,
      `Paid: ${when(m.paidAt)}`,
      "The money is held on the buyer's card until you meet: hand the item over and confirm with the buyer's code (My Products, Bookings, Confirm hand-off) to be paid.",
    ],
    action: { label: 'Open My Products', url: page.myProducts(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
