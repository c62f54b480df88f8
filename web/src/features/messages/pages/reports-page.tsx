import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useConversationReports } from '@/features/messages/api/get-conversation-reports';
import { timeAgo } from '@/features/messages/lib/time';

/** /dashboard/reports (admin): reported conversations, each readable by the admin. */
export function ReportsPage() {
  const reports = useConversationReports();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Reported conversations</h1>
      {reports.isPending ? (
        <Spinner label="Loading reports…" />
      ) : reports.isError ? (
        <ErrorState title="Could not load the reports" error={reports.error} />
      ) : !reports.data.length ? (
        <EmptyState title="No reports">When a buyer or seller reports a conversation, it shows up here.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {reports.data.map((r) => (
            <li key={r._id} className="rounded-box border border-base-300 p-3">
              <p className="font-semibold">{r.listingName}</p>
              <p className="text-sm text-base-content/70">
                Reported by {r.reporterName || 'a deleted user'}, {timeAgo(r.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{r.reason}</p>
              <Link to={paths.dashboard.conversation.getHref(r.conversationId)} className="link mt-1 inline-block text-sm">
                Read the conversation
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
