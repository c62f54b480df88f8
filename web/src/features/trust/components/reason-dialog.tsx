import { useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  label: string;
  hint?: string;
  /** Shown when the text is left empty. */
  required: string;
  max?: number;
  rows?: number;
  submitLabel: string;
  danger?: boolean;
  busy: boolean;
  /** Called with the trimmed text; `fail` shows a message under the field (e.g. the server's answer). */
  onSubmit: (text: string, fail: (message: string) => void) => void;
  /** Shown above the field. */
  children?: ReactNode;
}

/** A dialog asking for one piece of text (a reason, a resolution) before a moderation step. */
export function ReasonDialog({ open, onClose, title, ...form }: ReasonDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <ReasonForm onClose={onClose} {...form} />
    </Modal>
  );
}

// Rendered only while the dialog is open (Modal mounts its content then), so each opening starts empty.
function ReasonForm({
  onClose,
  label,
  hint,
  required,
  max,
  rows = 3,
  submitLabel,
  danger = true,
  busy,
  onSubmit,
  children,
}: Omit<ReasonDialogProps, 'open' | 'title'>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError(required);
    if (max !== undefined && value.length > max) return setError(`Keep it under ${max} characters`);
    setError(undefined);
    onSubmit(value, setError);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {children}
      <FormField label={label} error={error} hint={hint}>
        <textarea
          className="textarea w-full"
          rows={rows}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={max === undefined ? undefined : max + 50}
          data-autofocus
        />
      </FormField>
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
