import { ScrollText } from 'lucide-react';
import type { AuditEntry } from '@shop/contract';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Repeat } from '@/components/repeat';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { useAuditLog } from '../api/get-audit-log';
import { actionLabel, actorLabel, detailPairs, formatWhen, targetLabel } from '../lib/describe';

function Details({ entry }: { entry: AuditEntry }) {
  const pairs = detailPairs(entry);
  if (!pairs.length) return <span className="text-base-content/60">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {pairs.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-base-content/70">{key}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatWhen(iso)}</time>;
}

/** /dashboard/audit (admin): who did what to whom, from where, newest first. */
export function AuditPage() {
  const log = useAuditLog();
  // A table from md up, cards on phones: one of the two in the page, never both.
  const wide = useMediaQuery(MD_UP);

  if (log.isPending) {
    return (
      <section className="flex flex-col gap-4" role="status" aria-label="Loading the audit log">
        <h1 className="sr-only">Audit log</h1>
        <div className="skeleton h-8 w-40" />
        <Repeat count={5}>
          <div className="skeleton h-12 w-full" />
        </Repeat>
      </section>
    );
  }
  if (!log.data) {
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Audit log</h1>
        <ErrorState title="Could not load the audit log" error={log.error} onRetry={() => void log.refetch()} />
      </section>
    );
  }

  const entries = log.data.pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <div>
        <h1 id="audit-title" className="text-2xl font-bold">
          Audit log
        </h1>
        <p className="text-sm text-base-content/70">
          Admin actions, role grants, refunds and changes to two-factor sign-in, newest first. Entries are never changed or
          removed.
        </p>
      </div>
      {entries.length === 0 ? (
        <EmptyState title="Nothing recorded yet" icon={<ScrollText size={40} />}>
          Actions such as verifying a seller or a refund will be listed here.
        </EmptyState>
      ) : !wide ? (
        <ul className="flex flex-col gap-3" aria-label="Audit log">
          {entries.map((entry) => (
            <li key={entry._id} className="card card-border bg-base-100">
              <div className="card-body gap-2 p-4">
                <h2 className="font-semibold">{actionLabel(entry.action)}</h2>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-base-content/70">When</dt>
                  <dd>
                    <When iso={entry.at} />
                  </dd>
                  <dt className="text-base-content/70">By</dt>
                  <dd className="break-all">{actorLabel(entry)}</dd>
                  <dt className="text-base-content/70">Target</dt>
                  <dd className="break-all">{targetLabel(entry)}</dd>
                  <dt className="text-base-content/70">IP</dt>
                  <dd className="break-all">{entry.ip ?? '—'}</dd>
                </dl>
                <Details entry={entry} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <caption className="sr-only">Audit log</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">By</th>
                <th scope="col">Target</th>
                <th scope="col">IP</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry._id}>
                  <td className="whitespace-nowrap">
                    <When iso={entry.at} />
                  </td>
                  <td>{actionLabel(entry.action)}</td>
                  <td className="break-all">{actorLabel(entry)}</td>
                  <td className="break-all">{targetLabel(entry)}</td>
                  <td className="whitespace-nowrap">{entry.ip ?? '—'}</td>
                  <td>
                    <Details entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.isFetchNextPageError ? <ErrorState title="Could not load more entries" error={log.error} /> : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline self-center"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
