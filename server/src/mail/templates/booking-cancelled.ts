import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { oneLine, page } from './format';

/** To a buyer whose unpaid booking was cancelled because the seller sold the item elsewhere. */
export function bookingCancelledMail(m: { baseUrl: string; productName: string; buyerName: string }): RenderedMail {
  return layout({
    title: `Your booking was cancelled: ${oneLine(m.productName)}`,
    paragraphs: [
      `Hello ${m.buyerName},`,
      `The seller of "${m.productName}" has sold it outside the shop, so your booking is cancelled. You were not charged.`,
      'Please do not go to the meeting you agreed on. Other items like it are waiting in the shop.',
    ],
    action: { label: 'Open My Orders', url: page.myOrders(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
