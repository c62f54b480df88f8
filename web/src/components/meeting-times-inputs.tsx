import { MAX_MEETING_TIMES } from '@shop/contract';

/**
 * The proposed meeting times (datetime-local fields, up to MAX_MEETING_TIMES) and "Add another
 * time": the booking modal and an order's meeting panel both ask them this way.
 */
export function MeetingTimesInputs({
  times,
  onChange,
  label,
  size = 'md',
}: {
  times: string[];
  onChange: (times: string[]) => void;
  /** Each field's accessible name is `${label} ${n}`. */
  label: string;
  size?: 'sm' | 'md';
}) {
  return (
    <>
      {times.map((t, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are a fixed, ordered list
          key={i}
          type="datetime-local"
          className={size === 'sm' ? 'input input-sm w-full' : 'input w-full'}
          aria-label={`${label} ${i + 1}`}
          value={t}
          onChange={(e) => onChange(times.map((x, k) => (k === i ? e.target.value : x)))}
        />
      ))}
      {times.length < MAX_MEETING_TIMES ? (
        <button type="button" className="btn btn-ghost btn-xs self-start" onClick={() => onChange([...times, ''])}>
          Add another time
        </button>
      ) : null}
    </>
  );
}
