import { useState, type ReactNode } from 'react';
import { Trash2, Users } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { User } from '@shop/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Repeat } from '@/components/repeat';
import { errorMessage } from '@/lib/api';
import { useDeleteUser } from '../api/delete-user';

interface UsersTableProps {
  title: string;
  kind: 'buyer' | 'seller';
  query: { data?: User[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Toast after a delete: each list has its own string (docs/product.md#exact-strings). */
  deletedMessage: string;
  /** Extra columns (the seller's verification). */
  extraHeader?: ReactNode;
  extraCell?: (user: User) => ReactNode;
}

/** Admin's list of buyers or sellers, with delete (confirmed first). */
export function UsersTable({ title, kind, query, deletedMessage, extraHeader, extraCell }: UsersTableProps) {
  const deleteUser = useDeleteUser();
  const [toDelete, setToDelete] = useState<User | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteUser.mutate(toDelete._id, {
      onSuccess: (result) => {
        if (result?.acknowledged) toast.success(deletedMessage);
      },
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToDelete(null),
    });
  };

  if (query.isPending) {
    return (
      <section className="flex flex-col gap-4" role="status" aria-label={`Loading ${title}`}>
        <h1 className="sr-only">{title}</h1>
        <div className="skeleton h-8 w-40" />
        <Repeat count={5}>
          <div className="skeleton h-12 w-full" />
        </Repeat>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{title}</h1>
        <ErrorState title={`Could not load the ${kind}s`} error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }

  const users = query.data ?? [];
  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h1 id="users-title" className="text-2xl font-bold">
        {title} <span className="text-base font-normal text-base-content/70">({users.length})</span>
      </h1>
      {users.length === 0 ? (
        <EmptyState title={`No ${kind}s yet`} icon={<Users size={40} />} />
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm sm:table-md">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="hidden sm:table-cell">
                  #
                </th>
                <th scope="col">Name</th>
                <th scope="col" className="hidden md:table-cell">
                  Email
                </th>
                {extraHeader}
                <th scope="col">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user, index) => (
                <tr key={user._id}>
                  <td className="hidden sm:table-cell">{index + 1}</td>
                  <td>
                    <span className="font-medium">{user.name}</span>
                    <span className="block break-words text-xs text-base-content/70 md:hidden">{user.email}</span>
                  </td>
                  <td className="hidden md:table-cell">{user.email}</td>
                  {extraCell?.(user)}
                  <td>
                    <button
                      type="button"
                      className="btn btn-error btn-outline btn-sm"
                      onClick={() => setToDelete(user)}
                      aria-label={`Delete ${user.name}`}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                      <span className="hidden sm:inline">Delete</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete this ${kind}?`}
        confirmLabel="Delete"
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? (
          <p>
            <strong>{toDelete.name}</strong> ({toDelete.email}) will be signed out and hidden
            {kind === 'seller' ? ', with their unsold products and ads' : ''}. Paid orders and payments are kept.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
