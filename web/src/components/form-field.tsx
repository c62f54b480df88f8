import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

interface FormFieldProps {
  label: ReactNode;
  /** The message under the field. */
  error?: string;
  hint?: ReactNode;
  /** One input, select or textarea; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** Label + control + error under it, wired for assistive technology. */
export function FormField({ label, error, hint, children, className = '' }: FormFieldProps) {
  const generated = useId();
  const id = (children.props.id as string | undefined) ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`fieldset py-1 ${className}`}>
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="label whitespace-normal text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
