import { NavLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useConversations } from '@/features/messages/api/get-conversations';
import { timeAgo } from '@/features/messages/lib/time';

/** The person's conversations, the newest message first: listing photo, the other person, the last message, unread count. */
export function ConversationList() {
  const conversations = useConversations();
  if (conversations.isPending) return <Spinner label="Loading conversations…" />;
  if (conversations.isError) return <ErrorState title="Could not load your conversations" error={conversations.error} />;
  if (!conversations.data.length)
    return (
      <EmptyState title="No conversations yet">
        Open a product and press <strong>Ask the seller</strong> to start one. Buyers who write about your items show up here.
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-1" aria-label="Conversations">
      {conversations.data.map((c) => (
        <li key={c._id}>
          <NavLink
            to={paths.dashboard.conversation.getHref(c._id)}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-box p-2 hover:bg-base-200 focus-visible:bg-base-200 ${isActive ? 'bg-primary/10' : ''}`
            }
          >
            <Img src={c.listingImg} alt="" width={48} height={48} className="size-12 shrink-0 rounded object-cover" />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className={`truncate ${c.unread ? 'font-bold' : 'font-medium'}`}>{c.otherName || 'Deleted user'}</span>
                <span className="shrink-0 text-xs text-base-content/60">
                  {c.lastMessage ? timeAgo(c.lastMessage.createdAt) : ''}
                </span>
              </span>
              <span className="block truncate text-xs text-base-content/70">{c.listingName}</span>
              <span className={`block truncate text-sm ${c.unread ? 'font-semibold' : 'text-base-content/70'}`}>
                {c.lastMessage ? `${c.lastMessage.mine ? 'You: ' : ''}${c.lastMessage.text}` : 'No messages yet'}
              </span>
            </span>
            {c.unread ? (
              <span className="badge badge-primary badge-sm" data-testid="unread-count">
                {c.unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
