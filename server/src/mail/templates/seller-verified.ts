import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { page } from './format';

/** To the seller, when an admin verifies their account. */
export function sellerVerifiedMail(m: { baseUrl: string; name: string }): RenderedMail {
  return layout({
    title: 'Your seller account is verified',
    paragraphs: [
      `Hello ${m.name},`,
      'An admin of the shop verified your seller account. Your items now show the verified mark, and buyers who look at verified sellers only will find them.',
    ],
    action: { label: 'Open My Products', url: page.myProducts(m.baseUrl) },
    baseUrl: m.baseUrl,
  });
}
