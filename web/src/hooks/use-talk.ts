import { createContext, useContext, type ComponentType } from 'react';
import type { ProductFilters } from '@/lib/query-keys';

/**
 * What the messages feature puts on other features' pages (product page, catalog filters, profile)
 * without them importing it: the app fills this context (providers.tsx) and the pages render what
 * is there (nothing in tests that leave it out).
 */
export interface TalkSlots {
  /** "Ask the seller" (compact: a small "Message the seller", for a booking; `label`: other words): opens or finds the conversation about a listing and goes to it. */
  AskSeller: ComponentType<{ productId: string; compact?: boolean; label?: string }>;
  /** "Message the buyer" on a booking, for the item's seller. */
  MessageBuyer: ComponentType<{ productId: string; buyerId: string }>;
  /** "Tell me about new matches" for the catalog's current search and filters. */
  SaveSearch: ComponentType<{ filters: ProductFilters }>;
  /** Saved searches and blocked people, on the profile page. */
  AlertsSettings: ComponentType;
}

export const TalkContext = createContext<TalkSlots | null>(null);

export function useTalkSlots(): TalkSlots | null {
  return useContext(TalkContext);
}
