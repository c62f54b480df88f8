import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { FavoriteButton } from '@/components/favorite-button';
import { paths } from '@/config/paths';
import { useFavorites } from '@/hooks/use-favorites';
import { MiniCard } from '../components/mini-card';

/** /dashboard/saved: the listings the person saved (the hearts); a price drop or a sale is told on the bell. */
export function SavedPage() {
  const favorites = useFavorites();
  const list = favorites.data ?? [];
  return (
    <section aria-labelledby="saved-title" className="flex flex-col gap-4">
      <div>
        <h1 id="saved-title" className="text-2xl font-bold">
          Saved
        </h1>
        <p className="text-sm text-base-content/70">We tell you on the bell when a saved item’s price drops or it is sold.</p>
      </div>
      {favorites.isPending ? (
        <p role="status" className="text-base-content/70">
          Loading your saved items…
        </p>
      ) : favorites.isError ? (
        <ErrorState title="Could not load your saved items" error={favorites.error} onRetry={() => void favorites.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title="Nothing saved yet"
          icon={<Heart size={32} />}
          action={
            <Link to={paths.catalogue.getHref()} className="btn btn-primary">
              Browse products
            </Link>
          }
        >
          Press the heart on an item to keep it here.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Saved items">
          {list.map((f) => (
            <li key={f.productId}>
              <MiniCard
                productId={f.productId}
                name={f.name}
                img={f.img}
                price={f.price}
                status={f.status}
                action={<FavoriteButton productId={f.productId} name={f.name} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
