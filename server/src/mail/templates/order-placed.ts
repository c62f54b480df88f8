import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { dollars, oneLine, page, when } from './format';

/**
 * To the seller, when a buyer books one of their items: the item, when, and the buyer's own words
 * (name, phone, meeting place) set apart as theirs, so nothing a buyer types reads as the shop speaking.
 */
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
      `A buyer booked your item "${m.productName}" for ${dollars(m.priceCents)}.`,
      `Booked: ${when(m.bookedAt)}`,
      {
        by: 'The buyer wrote (their words, not the shop’s):',
        lines: [
          { label: 'Name', text: m.buyerName },
          { label: 'Phone', text: m.phone },
          { label: 'Meeting location', text: m.meetingLocation },
        ],
      },
      'Call the buyer to agree on a time to meet. The buyer may also pay online; you get a mail when they do.',
    ],
    action: { label: 'Open My Products', url: page.myProducts(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
