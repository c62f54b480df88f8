import { createContext, useContext, type ComponentType } from 'react';
import type { ReportKind } from '@shop/contract';

/**
 * What the trust feature (reviews, reports) puts on other features' pages without them importing
 * it: the app fills this context (providers.tsx); pages render nothing where it is left out (tests).
 */
export interface TrustSlots {
  /** "Report" a listing, a user, a review or a conversation: a reason, then POST /api/reports. */
  ReportButton: ComponentType<{ kind: ReportKind; targetId: string; label?: string }>;
  /** On a completed order: the buyer's review of the seller, or the form to write it. */
  OrderReview: ComponentType<{ orderId: string }>;
}

export const TrustContext = createContext<TrustSlots | null>(null);

export function useTrustSlots(): TrustSlots | null {
  return useContext(TrustContext);
}
