import { lazy } from '@/lib/lazy';
import type { TalkSlots } from '@/hooks/use-talk';

/** The feature's pieces other pages show (hooks/use-talk.ts), each loaded with the first page that shows it. */
export const talkSlots: TalkSlots = {
  AskSeller: lazy(() => import('./components/ask-seller-button').then((m) => ({ default: m.AskSellerButton }))),
  MessageBuyer: lazy(() => import('./components/message-buyer-button').then((m) => ({ default: m.MessageBuyerButton }))),
  SaveSearch: lazy(() => import('./components/save-search-button').then((m) => ({ default: m.SaveSearchButton }))),
  AlertsSettings: lazy(() => import('./components/alerts-settings').then((m) => ({ default: m.AlertsSettings }))),
};
