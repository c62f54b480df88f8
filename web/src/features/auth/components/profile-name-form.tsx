import { useState, type FormEvent } from 'react';
import { calloutClass } from '@/components/callout';
import { FormField } from '@/components/form-field';
import { errorMessage } from '@/lib/api';
import { useUpdateUser } from '../api/update-user';
import { nameRule } from '../lib/profile-rules';

/** The display name on the profile page, saved by POST /api/auth/update-user (docs/product.md#profile-page). */
export function ProfileNameForm({ name }: { name: string }) {
  const update = useUpdateUser();
  const [value, setValue] = useState(name);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = nameRule.safeParse(value);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    update.mutate(
      { name: parsed.data },
      {
        onSuccess: () => {
          setValue(parsed.data);
          setResult({ ok: true, message: 'Your name was updated.' });
        },
        onError: (e) => setResult({ ok: false, message: `Error: ${errorMessage(e)}` }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Display name" className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField label="Name" error={fieldError} className="flex-1 py-0">
          <input
            className="input w-full"
            autoComplete="name"
            maxLength={200}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setFieldError(undefined);
              setResult(null);
            }}
          />
        </FormField>
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Save name
        </button>
      </div>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={calloutClass(result.ok ? 'success' : 'error')}>
          {result.message}
        </p>
      ) : null}
    </form>
  );
}
