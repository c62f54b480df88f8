import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useDeleteSavedSearch } from '@/features/messages/api/delete-saved-search';
import { useBlocks } from '@/features/messages/api/get-blocks';
import { usePriceWatches } from '@/features/messages/api/get-price-watches';
import { useSavedSearches } from '@/features/messages/api/get-saved-searches';
import { useSetPriceWatch } from '@/features/messages/api/set-price-watch';
import { useUnblockUser } from '@/features/messages/api/unblock-user';

/** The profile page's alerts: saved searches, listings followed for a price drop, and blocked people. */
export function AlertsSettings() {
  const searches = useSavedSearches();
  const watches = usePriceWatches();
  const blocks = useBlocks();
  const deleteSearch = useDeleteSavedSearch();
  const setWatch = useSetPriceWatch();
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
        <h3 className="font-medium">Price drops I follow</h3>
        {watches.data?.length ? (
          <ul className="mt-1 flex flex-col gap-1">
            {watches.data.map((w) => (
              <li key={w.productId} className="flex items-center justify-between gap-2">
                <Link to={paths.product.getHref(w.productId)} className="link min-w-0 break-words">
                  {w.name} ({formatMoney(w.price)})
                </Link>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={setWatch.isPending}
                  onClick={() => setWatch.mutate({ productId: w.productId, watching: false })}
                  aria-label={`Stop following ${w.name}`}
                >
                  Stop
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-base-content/70">None. On a product page, press “Tell me if the price drops”.</p>
        )}
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
