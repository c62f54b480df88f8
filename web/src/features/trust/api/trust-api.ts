import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ModerationActionInput,
  ModerationQueue,
  OrderReview,
  Product,
  ReportInput,
  Review,
  ReviewInput,
  SellerProfile,
  SuspendedUser,
} from '@shop/contract';
import { api } from '@/lib/api';
import { pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

export function useSellerProfile(id: string) {
  return useQuery({
    queryKey: queryKeys.trust.seller(id),
    queryFn: ({ signal }) => api<SellerProfile>(`/sellers/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useSellerReviews(id: string) {
  return useInfiniteQuery(
    pagedListOptions<Review>(queryKeys.trust.sellerReviews(id), `/sellers/${encodeURIComponent(id)}/reviews`),
  );
}

export function useSellerProducts(id: string) {
  return useInfiniteQuery(
    pagedListOptions<Product>(queryKeys.trust.sellerProducts(id), `/sellers/${encodeURIComponent(id)}/products`),
  );
}

export function useOrderReview(orderId: string) {
  return useQuery({
    queryKey: queryKeys.trust.orderReview(orderId),
    queryFn: ({ signal }) => api<OrderReview>(`/orders/${encodeURIComponent(orderId)}/review`, { signal }),
  });
}

export function useCreateReview(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api<Review>(`/orders/${encodeURIComponent(orderId)}/review`, { method: 'POST', body: input }),
    onSuccess: (review) => {
      client.setQueryData<OrderReview>(queryKeys.trust.orderReview(orderId), { canReview: false, review });
      void client.invalidateQueries({ queryKey: queryKeys.trust.seller(review.sellerId) });
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

export function useReplyToReview(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      api<Review>(`/reviews/${encodeURIComponent(reviewId)}/reply`, { method: 'POST', body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.trust.sellerReviews(sellerId) }),
  });
}

export function useRemoveReview(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      api(`/reviews/${encodeURIComponent(reviewId)}/remove`, { method: 'POST', body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.trust.seller(sellerId) }),
  });
}

export function useReport() {
  return useMutation({ mutationFn: (input: ReportInput) => api('/reports', { method: 'POST', body: input }) });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: queryKeys.trust.queue,
    queryFn: ({ signal }) => api<ModerationQueue>('/moderation/queue', { signal }),
    staleTime: 0,
  });
}

export function useModerationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionInput) =>
      api<{ resolvedReports: number }>('/moderation/actions', { method: 'POST', body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.trust.queue });
      void client.invalidateQueries({ queryKey: queryKeys.trust.suspended });
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

/** A hand-off case (declined or disputed) resolved by an admin: handoff's own endpoint. */
export function useResolveCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, resolution }: { caseId: string; resolution: string }) =>
      api(`/order-cases/${encodeURIComponent(caseId)}/resolve`, { method: 'POST', body: { resolution } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.trust.queue }),
  });
}

export function useSuspendedUsers() {
  return useQuery({
    queryKey: queryKeys.trust.suspended,
    queryFn: ({ signal }) => api<SuspendedUser[]>('/moderation/suspended', { signal }),
  });
}

export function useUnsuspend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api(`/moderation/users/${encodeURIComponent(userId)}/unsuspend`, { method: 'POST' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.trust.suspended });
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}
