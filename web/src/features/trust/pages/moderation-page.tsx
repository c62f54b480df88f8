import { useState } from 'react';
import { Link } from 'react-router';
import {
  ACTIONS_BY_KIND,
  type ModerationAction,
  type ModerationCase,
  type ModerationItem,
  ORDER_STATUS_LABELS,
  REPORT_REASON_MAX,
} from '@shop/contract';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useModerationAction,
  useModerationQueue,
  useResolveCase,
  useSuspendedUsers,
  useUnsuspend,
} from '@/features/trust/api/trust-api';
import { ReasonDialog } from '@/features/trust/components/reason-dialog';

const ACTION_LABEL: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide_listing: 'Hide listing',
  remove_review: 'Remove review',
  warn: 'Warn',
  suspend: 'Suspend user',
};
const KIND_LABEL = { listing: 'Listing', user: 'User', review: 'Review', conversation: 'Conversation' } as const;
const when = (iso: string) => formatDateTime(iso);

function ActionDialog({ item, action, onClose }: { item: ModerationItem; action: ModerationAction; onClose: () => void }) {
  const act = useModerationAction();
  const who = action === 'warn' || action === 'suspend' ? ` (${item.userName || 'the person responsible'})` : '';
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`${ACTION_LABEL[action]}${who}`}
      label="Reason"
      required="Give the reason: it is kept in the audit log"
      max={REPORT_REASON_MAX}
      submitLabel={ACTION_LABEL[action]}
      danger={action !== 'dismiss'}
      busy={act.isPending}
      onSubmit={(reason, fail) =>
        act.mutate(
          { kind: item.kind, targetId: item.targetId, action, reason },
          {
            onSuccess: (r) => {
              onClose();
              toast.success(
                `${ACTION_LABEL[action]}: done. ${r.resolvedReports} ${r.resolvedReports === 1 ? 'reporter was' : 'reporters were'} told.`,
              );
            },
            onError: (err) => fail(errorMessage(err)),
          },
        )
      }
    >
      {action === 'suspend' ? (
        <p className="text-sm">They are signed out at once, cannot sign in, and their listings leave every list.</p>
      ) : null}
    </ReasonDialog>
  );
}

function QueueItem({ item }: { item: ModerationItem }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const headingId = `mod-${item.kind}-${item.targetId}`;
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4 md:flex-row" aria-labelledby={headingId}>
      <div className="flex flex-1 flex-col gap-1 md:border-r md:border-base-300 md:pr-4">
        <p className="flex flex-wrap items-center gap-2 text-xs uppercase tracking-wide text-base-content/70">
          {KIND_LABEL[item.kind]}
          {item.hidden ? (
            <span className="badge badge-warning badge-sm normal-case">{item.kind === 'review' ? 'Removed' : 'Hidden'}</span>
          ) : null}
          {item.userSuspended ? <span className="badge badge-error badge-sm normal-case">Suspended</span> : null}
        </p>
        <h2 id={headingId} className="font-semibold break-words">
          {item.title}
        </h2>
        {item.detail ? <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{item.detail}</p> : null}
        {item.userName ? <p className="text-sm text-base-content/70">Responsible: {item.userName}</p> : null}
        {item.link && !item.hidden ? (
          <Link to={item.link} className="link text-sm">
            Open it
          </Link>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2">
        <h3 className="text-sm font-semibold">
          {item.reports.length} open {item.reports.length === 1 ? 'report' : 'reports'}
        </h3>
        <ul className="flex flex-col gap-2 text-sm">
          {item.reports.map((r) => (
            <li key={r._id}>
              <p className="whitespace-pre-line break-words">“{r.reason}”</p>
              <p className="text-xs text-base-content/70">
                {r.reporterName || 'A former member'}, <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
              </p>
              {r.massReporting || !r.reporterEstablished ? (
                <p className="flex flex-wrap gap-1">
                  {r.massReporting ? (
                    <span className="badge badge-warning badge-sm">
                      Mass reporting: {r.reporterReportsToday} things reported in 24 hours
                    </span>
                  ) : null}
                  {!r.reporterEstablished ? (
                    <span className="badge badge-ghost badge-sm">No history yet: does not count toward hiding</span>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {ACTIONS_BY_KIND[item.kind]
            .filter((a) => !(a === 'suspend' && item.userSuspended) && !((a === 'warn' || a === 'suspend') && !item.userId))
            .map((a) => (
              <button
                key={a}
                type="button"
                className={`btn btn-sm ${a === 'dismiss' ? 'btn-outline' : 'btn-error btn-soft'}`}
                onClick={() => setAction(a)}
              >
                {ACTION_LABEL[a]}
              </button>
            ))}
        </div>
      </div>
      {action ? <ActionDialog item={item} action={action} onClose={() => setAction(null)} /> : null}
    </li>
  );
}

function ResolveCase({ item }: { item: ModerationCase }) {
  const resolve = useResolveCase();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        Resolve
      </button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Resolve the case about ${item.productName}`}
        label="Resolution"
        required="Say how it was resolved: both sides read it"
        submitLabel="Resolve case"
        danger={false}
        busy={resolve.isPending}
        onSubmit={(resolution, fail) =>
          resolve.mutate(
            { caseId: item._id, resolution },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success('The case is resolved.');
              },
              onError: (err) => fail(errorMessage(err)),
            },
          )
        }
      />
    </>
  );
}

function Suspended() {
  const list = useSuspendedUsers();
  const unsuspend = useUnsuspend();
  if (list.isPending) return <Spinner label="Loading suspended accounts…" />;
  if (list.isError)
    return <ErrorState title="Could not load suspended accounts" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data.length) return <p className="text-sm text-base-content/70">No account is suspended.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {list.data.map((u) => (
        <li key={u._id} className="flex flex-wrap items-center gap-2 rounded-box border border-base-300 p-3 text-sm">
          <span className="font-medium">{u.name}</span>
          <span className="text-base-content/70">{u.email}</span>
          <span className="text-base-content/70">since {when(u.suspendedAt)}</span>
          <button
            type="button"
            className="btn btn-outline btn-sm ml-auto"
            disabled={unsuspend.isPending}
            onClick={() =>
              unsuspend.mutate(u._id, {
                onSuccess: () => toast.success(`${u.name} can sign in again.`),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            Lift suspension
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/moderation (admin): open reports with the reported thing beside them, hand-off cases, suspended accounts. */
export function ModerationPage() {
  const queue = useModerationQueue();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Moderation</h1>
      <section aria-labelledby="mod-reports" className="flex flex-col gap-3">
        <h2 id="mod-reports" className="text-lg font-bold">
          Open reports
        </h2>
        {queue.isPending ? (
          <Spinner label="Loading reports…" />
        ) : queue.isError ? (
          <ErrorState title="Could not load the queue" error={queue.error} onRetry={() => void queue.refetch()} />
        ) : !queue.data.items.length ? (
          <EmptyState title="Nothing to review">Reports of listings, users, reviews and conversations show up here.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {queue.data.items.map((item) => (
              <QueueItem key={`${item.kind}:${item.targetId}`} item={item} />
            ))}
          </ul>
        )}
      </section>
      {queue.data?.cases.length ? (
        <section aria-labelledby="mod-cases" className="flex flex-col gap-3">
          <h2 id="mod-cases" className="text-lg font-bold">
            Hand-off cases
          </h2>
          <ul className="flex flex-col gap-2">
            {queue.data.cases.map((c) => (
              <li key={c._id} className="rounded-box border border-base-300 p-3 text-sm">
                <p className="font-semibold">
                  {ORDER_STATUS_LABELS[c.kind]}: {c.productName}
                </p>
                <p className="text-base-content/70">
                  {c.buyerName} (buyer) and {c.sellerName} (seller), <time dateTime={c.createdAt}>{when(c.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{c.text}</p>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <Link to={paths.product.getHref(c.productId)} className="link">
                    The listing
                  </Link>
                  <ResolveCase item={c} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="mod-suspended" className="flex flex-col gap-3">
        <h2 id="mod-suspended" className="text-lg font-bold">
          Suspended accounts
        </h2>
        <Suspended />
      </section>
    </div>
  );
}
