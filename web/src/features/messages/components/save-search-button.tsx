import type { SavedSearchQuery } from '@shop/contract';
import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import type { ProductFilters } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useSaveSearch } from '@/features/messages/api/save-search';

/** "Tell me about new matches": saves the list's search and filters (not its sort order). Signed-in people only. */
export function SaveSearchButton({ filters }: { filters: ProductFilters }) {
  const { user } = useUser();
  const save = useSaveSearch();
  if (!user) return null;
  const { sort: _sort, ...rest } = filters;
  const query = rest as SavedSearchQuery;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={save.isPending}
      onClick={() =>
        save.mutate(query, {
          onSuccess: () => toast.success('Saved. New matches will show up in your notifications.'),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      Tell me about new matches
    </button>
  );
}
