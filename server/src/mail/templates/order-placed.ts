import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { dollars, oneLine, page, when } from './format';

/** To the seller, when a buyer books one of their items: who, how to reach them, where to meet. */
export function orderPlacedMail(m: {
  baseUrl: string;
  productName: string;
  priceCents: number;
  buyerName: string;
  phone: string;
  meetingLocation: string;
  bookedAt: Date;
}): RenderedMail {
  return layout({
    title: `Your item was booked: ${oneLine(m.productName)}`,
    paragraphs: [
      `${m.buyerName} booked your item "${m.productName}" for ${dollars(m.priceCents)}.`,
      `Buyer: ${m.buyerName}`,
      `Phone: ${m.phone}`,
      `Meeting location: ${m.meetingLocation}`,
      `Booked: ${when(m.bookedAt)}`,
      'Call the buyer to agree on a time to meet. The buyer may also pay online; you get a mail when they do.',
    ],
    action: { label: 'Open My Products', url: page.myProducts(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
