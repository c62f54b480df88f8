import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderRow, Finance, PayoutsView, Receipt } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/me/payouts: the seller's payout account, balances, sales with fees, payouts, weekly earnings. */
export function useMyPayouts() {
  return useQuery({ queryKey: queryKeys.payouts.mine, queryFn: () => api<PayoutsView>('/me/payouts') });
}

/** POST /api/me/payouts/onboarding: the provider's onboarding link (Stripe's hosted page, or the simulated one). */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => api<{ url: string }>('/me/payouts/onboarding', { method: 'POST', body: {} }),
  });
}

export type SimulatedOnboarding = { name: string; routingNumber: string; accountNumber: string };

/** The simulated provider's onboarding form: what is missing stays due. */
export function useSimulatedOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatedOnboarding) =>
      api<PayoutsView['account']>('/payouts/simulated/onboarding', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.payouts.mine }),
  });
}

/** GET /api/admin/finance?from=&to= (admin). */
export function useFinance(from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.payouts.finance(from, to),
    queryFn: () => api<Finance>('/admin/finance', { query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/orders?q= (admin): by order id, or buyer's or seller's email. */
export function useAdminOrders(q: string) {
  return useQuery({
    queryKey: queryKeys.payouts.adminOrders(q),
    queryFn: () => api<AdminOrderRow[]>('/admin/orders', { query: { q } }),
    enabled: q.trim().length > 0,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: queryKeys.payouts.adminOrder(id ?? ''),
    queryFn: () => api<AdminOrder>(`/admin/orders/${encodeURIComponent(id ?? '')}`),
    enabled: !!id,
  });
}

/** POST /api/admin/orders/{id}/refund: a disputed order's captured payment, in full. */
export function useRefundOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<AdminOrder>(`/admin/orders/${encodeURIComponent(id)}/refund`, { method: 'POST', body: {} }),
    onSuccess: (order) => {
      client.setQueryData(queryKeys.payouts.adminOrder(id), order);
      void client.invalidateQueries({ queryKey: ['payouts'] });
    },
  });
}

/** GET /api/orders/{id}/receipt: the buyer's receipt. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: queryKeys.payouts.receipt(id),
    queryFn: () => api<Receipt>(`/orders/${encodeURIComponent(id)}/receipt`),
  });
}
