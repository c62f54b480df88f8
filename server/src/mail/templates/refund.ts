import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { card, dollars, oneLine, page, when } from './format';

/** To the buyer, when a payment that could not buy its item was given back. */
export function refundMail(m: {
  baseUrl: string;
  productName: string;
  amountCents: number;
  transactionId: string;
  brand: string | null;
  last4: string | null;
  refundedAt: Date;
}): RenderedMail {
  const to = card(m.brand, m.last4);
  return layout({
    title: `Refund: ${oneLine(m.productName)}`,
    paragraphs: [
      `Your payment of ${dollars(m.amountCents)} for "${m.productName}" was refunded in full${to ? ` to your ${to}` : ''}.`,
      'The item could not be sold to you with this payment: someone else bought it first, it is no longer for sale, or the order was already paid.',
      `Amount: ${dollars(m.amountCents)}`,
      `Transaction: ${m.transactionId}`,
      `Refunded: ${when(m.refundedAt)}`,
      'Depending on your bank, the money can take a few days to show on your statement. You need not do anything.',
    ],
    action: { label: 'Open My Orders', url: page.myOrders(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
