import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDeleteSavedSearch } from '@/features/messages/api/delete-saved-search';
import { useBlocks } from '@/features/messages/api/get-blocks';
import { useSavedSearches } from '@/features/messages/api/get-saved-searches';
import { useUnblockUser } from '@/features/messages/api/unblock-user';

/** The profile page's alerts: saved searches, a word on saved items (the hearts), and blocked people. */
export function AlertsSettings() {
  const searches = useSavedSearches();
  const blocks = useBlocks();
  const deleteSearch = useDeleteSavedSearch();
  const unblock = useUnblockUser();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="alerts-heading">
      <h2 id="alerts-heading" className="text-lg font-semibold">
        Alerts and blocked people
      </h2>
      <div>
        <h3 className="font-medium">Saved searches</h3>
        {searches.data?.length ? (
          <ul className="mt-1 flex flex-col gap-1">
            {searches.data.map((s) => (
              <li key={s._id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 break-words">{s.label}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={deleteSearch.isPending}
                  onClick={() => deleteSearch.mutate(s._id)}
                  aria-label={`Delete the saved search ${s.label}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-base-content/70">None. Search the catalog and press “Tell me about new matches”.</p>
        )}
      </div>
      <div>
        <h3 className="font-medium">Saved items</h3>
        <p className="text-sm text-base-content/70">
          Press the heart on an item to save it: we tell you when its price drops or it is sold.{' '}
          <Link to={paths.dashboard.saved.getHref()} className="link">
            See your saved items
          </Link>
          .
        </p>
      </div>
      <div>
        <h3 className="font-medium">Blocked people</h3>
        {blocks.data?.length ? (
          <ul className="mt-1 flex flex-col gap-1">
            {blocks.data.map((b) => (
              <li key={b.userId} className="flex items-center justify-between gap-2">
                <span>{b.name}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(b.userId)}
                >
                  Unblock
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-base-content/70">No one.</p>
        )}
      </div>
    </section>
  );
}
