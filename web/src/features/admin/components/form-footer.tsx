import { calloutClass } from '@/components/callout';

/**
 * The foot of an admin edit form (a device model, a meetup spot): what went wrong, if anything, then
 * the submit button (off while saving) and Cancel. Spans both columns of the form's grid.
 */
export function AdminFormFooter({
  error,
  saving,
  submitLabel,
  onCancel,
}: {
  error: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className={calloutClass('error', 'sm:col-span-2')}>
          {error}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {submitLabel}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
