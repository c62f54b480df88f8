import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type ConversationReport = {
  _id: string;
  conversationId: string;
  listingName: string;
  reporterName: string;
  reason: string;
  createdAt: string;
};

/** GET /api/conversation-reports (admins): open reports, newest first. */
export function getConversationReports(signal?: AbortSignal) {
  return api<ConversationReport[]>('/conversation-reports', { signal });
}

export function useConversationReports() {
  return useQuery({ queryKey: queryKeys.talk.reports, queryFn: ({ signal }) => getConversationReports(signal) });
}
