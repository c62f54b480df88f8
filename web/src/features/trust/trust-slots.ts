import { lazy } from '@/lib/lazy';
import type { TrustSlots } from '@/hooks/use-trust';

/** The feature's pieces other pages show (hooks/use-trust.ts), each loaded with the first page that shows it. */
export const trustSlots: TrustSlots = {
  ReportButton: lazy(() => import('./components/report-button').then((m) => ({ default: m.ReportButton }))),
  OrderReview: lazy(() => import('./components/order-review').then((m) => ({ default: m.OrderReview }))),
};
