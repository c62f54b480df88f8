import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { useDismiss } from '@/hooks/use-dismiss';
import { useNotifications } from '@/features/messages/api/get-notifications';
import { useUnreadCount } from '@/features/messages/api/get-unread-count';
import { useMarkNotificationsRead } from '@/features/messages/api/mark-notifications-read';
import { useLiveEvents } from '@/features/messages/hooks/use-live-events';
import { timeAgo } from '@/features/messages/lib/time';

/**
 * The navbar's bell for a signed-in person: the unread count, and a list of the newest
 * notifications (opening one marks it read). It also keeps the live event stream open, which
 * refreshes the bell and every talk list as things happen.
 */
export function NotificationBell() {
  useLiveEvents(true);
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const list = useNotifications(open);
  const markRead = useMarkNotificationsRead();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss(open, close, rootRef, buttonRef);

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="relative" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-square btn-ghost"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="indicator">
          <Bell size={22} aria-hidden="true" />
          {unread ? (
            <span className="badge indicator-item badge-sm badge-primary" aria-hidden="true" data-testid="bell-count">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </span>
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-base-300 px-4 py-2">
            <h2 className="font-semibold">Notifications</h2>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={!unread || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all read
            </button>
          </div>
          {list.isPending ? (
            <p className="px-4 py-6 text-center text-sm text-base-content/70">Loading…</p>
          ) : !list.data?.length ? (
            <p className="px-4 py-6 text-center text-sm text-base-content/70">
              Nothing yet. Bookings, messages and alerts show up here.
            </p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {list.data.map((n) => (
                <li key={n._id} className="border-b border-base-200 last:border-0">
                  <Link
                    to={n.link || '/dashboard'}
                    className={`block px-4 py-3 hover:bg-base-200 focus-visible:bg-base-200 ${n.read ? 'text-base-content/70' : ''}`}
                    onClick={() => {
                      setOpen(false);
                      if (!n.read) markRead.mutate([n._id]);
                    }}
                  >
                    <span className="flex items-start gap-2">
                      {n.read ? null : <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
                      <span className="min-w-0">
                        <span className={`block break-words text-sm ${n.read ? '' : 'font-semibold'}`}>
                          {n.title}
                          {n.read ? null : <span className="sr-only"> (unread)</span>}
                        </span>
                        {n.body ? <span className="block break-words text-sm text-base-content/70">{n.body}</span> : null}
                        <span className="block text-xs text-base-content/60">{timeAgo(n.createdAt)}</span>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
