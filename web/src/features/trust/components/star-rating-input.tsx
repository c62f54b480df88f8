import { useId } from 'react';
import { Star } from 'lucide-react';

const LABELS = ['1 star: poor', '2 stars: fair', '3 stars: good', '4 stars: very good', '5 stars: excellent'];

interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Five stars as a native radio group: one tab stop, arrow keys move and choose, and a screen
 * reader says "3 stars: good, radio button, 3 of 5". The radios are visually hidden behind the stars.
 */
export function StarRatingInput({ value, onChange, error, disabled = false }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="pb-1 text-sm font-medium">Your rating</legend>
      <div className="flex gap-1">
        {LABELS.map((label, i) => {
          const n = i + 1;
          return (
            <label
              key={n}
              className="cursor-pointer rounded-field p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              title={label}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={label}
              />
              <Star size={32} aria-hidden="true" className={n <= value ? 'fill-warning text-warning' : 'text-base-content/40'} />
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
