import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { ConversationView } from '@/features/messages/components/conversation-view';

/**
 * /dashboard/messages and /dashboard/messages/{id}: on wide screens the list beside the open
 * conversation; on phones one or the other, with a way back to the list.
 */
export function MessagesPage() {
  const { id } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Messages</h1>
      <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
        <div className={id ? 'hidden md:block' : ''}>
          <ConversationList />
        </div>
        {id ? (
          <div className="min-w-0">
            <Link to={paths.dashboard.messages.getHref()} className="btn btn-ghost btn-sm mb-2 md:hidden">
              ← All conversations
            </Link>
            <ConversationView key={id} id={id} />
          </div>
        ) : (
          <p className="hidden self-center text-center text-base-content/70 md:block">Choose a conversation.</p>
        )}
      </div>
    </div>
  );
}
