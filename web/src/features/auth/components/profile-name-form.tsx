import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import { MESSAGES } from '@shop/contract/constants';
import { FormField } from '@/components/form-field';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useUpdateUser } from '../api/update-user';

/** The profile name update of SPEC.md 1 (POST /api/auth/update-user). */
export function ProfileNameForm({ name }: { name: string }) {
  const update = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next) return setError(MESSAGES.nameRequired);
    if (next.length > 100) return setError('Name must be at most 100 characters');
    setError(undefined);
    update.mutate(
      { name: next },
      {
        onSuccess: () => {
          toast.success('Your name was updated.');
          setEditing(false);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  if (!editing) {
    return (
      <button
        type="button"
        className="btn btn-ghost btn-sm gap-1"
        onClick={() => {
          setValue(name);
          setEditing(true);
        }}
      >
        <Pencil size={14} aria-hidden="true" />
        Change name
      </button>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full max-w-md flex-col gap-2 sm:flex-row sm:items-start">
      <FormField label="Name" error={error} className="flex-1 py-0">
        <input className="input w-full" autoComplete="name" autoFocus value={value} onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }} />
      </FormField>
      <div className="flex gap-2 sm:pt-7">
        <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
