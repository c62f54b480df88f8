interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A labelled loading indicator (role=status so screen readers announce it). */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-3 py-10 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-[50vh]" />;
}
