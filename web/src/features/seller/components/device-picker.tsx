import { useEffect, useId, useState } from 'react';
import { DEVICE_STRINGS, type Device } from '@shop/contract';
import { useDeviceSearch } from '@/hooks/use-devices';

/** What the seller picked: a catalogue model with its variant and colour, or nothing ("not in the list"). */
export type PickedDevice = { device: Device; variant: string; colour: string } | null;

/** Waits until typing pauses before asking the catalogue. */
function useDebounced(value: string, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * "What are you selling?": an autocomplete over the device catalogue (typos forgiven by the server),
 * then the model's variant and colour. Picking a model fills the form's name and category (the
 * parent does, through onChange); "Not in the list" leaves them to the seller. Keyboard: arrows move,
 * Enter picks, Escape closes.
 */
export function DevicePicker({
  value,
  onChange,
  onNotListed,
}: {
  value: PickedDevice;
  onChange: (picked: PickedDevice) => void;
  onNotListed: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text, 200);
  const search = useDeviceSearch(q);
  const results = search.data ?? [];
  // Every model found, then "Not in the list".
  const count = results.length + 1;

  const pick = (i: number) => {
    setOpen(false);
    const d = results[i];
    if (!d) {
      onNotListed();
      return;
    }
    onChange({ device: d, variant: d.variants.length === 1 ? (d.variants[0]?.key ?? '') : '', colour: '' });
    setText('');
  };

  if (value) {
    const d = value.device;
    return (
      <div className="rounded-box border border-base-300 p-3 md:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            <span className="font-medium">{d.name}</span>{' '}
            <span className="text-sm text-base-content/70">
              {d.category} · {d.releaseYear}
            </span>
          </p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
            Change
          </button>
        </div>
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {d.variants.length > 1 ? (
            <label className="fieldset py-0">
              <span className="fieldset-legend pb-1 pt-0 text-sm">Variant</span>
              <select
                className="select w-full"
                value={value.variant}
                onChange={(e) => onChange({ ...value, variant: e.target.value })}
              >
                <option value="">Choose a variant</option>
                {d.variants.map((v) => (
                  <option key={v.key} value={v.key}>
                    {v.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {d.colours.length ? (
            <label className="fieldset py-0">
              <span className="fieldset-legend pb-1 pt-0 text-sm">Colour</span>
              <select
                className="select w-full"
                value={value.colour}
                onChange={(e) => onChange({ ...value, colour: e.target.value })}
              >
                <option value="">Choose a colour</option>
                {d.colours.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </div>
    );
  }

  const listId = `${id}-list`;
  const showList = open && q.trim().length >= 2 && (search.data !== undefined || search.isError);
  return (
    <div className="fieldset relative py-1 md:col-span-2">
      <label htmlFor={`${id}-input`} className="fieldset-legend pb-1 pt-0 text-sm">
        {DEVICE_STRINGS.whatSelling}
      </label>
      <input
        id={`${id}-input`}
        className="input w-full"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder="e.g. iPhone 13, MacBook Air M2, Sony a7 III"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % count);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a - 1 + count) % count);
          } else if (e.key === 'Enter' && showList) {
            e.preventDefault();
            pick(active);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      <p className="label whitespace-normal text-xs">Pick the model to fill in its name, category and specs.</p>
      {showList ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Models in the catalogue"
          className="absolute top-full z-20 mt-1 flex w-full flex-col rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
        >
          {search.isError ? (
            <div role="presentation" className="px-3 py-2 text-sm text-error">
              Could not search the catalogue.
            </div>
          ) : null}
          {results.map((d, i) => (
            <div key={d.id} role="presentation">
              <button
                type="button"
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                className={`flex w-full flex-col items-start rounded-field px-3 py-2 text-left ${i === active ? 'bg-base-200' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(i)}
              >
                <span>{d.name}</span>
                <span className="text-xs text-base-content/60">
                  {d.category} · {d.releaseYear}
                </span>
              </button>
            </div>
          ))}
          <div role="presentation">
            <button
              type="button"
              id={`${id}-opt-${results.length}`}
              role="option"
              aria-selected={active === results.length}
              tabIndex={-1}
              className={`w-full rounded-field px-3 py-2 text-left ${active === results.length ? 'bg-base-200' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(results.length)}
            >
              {DEVICE_STRINGS.notInList}: I will type it myself
            </button>
          </div>
        </div>
      ) : null}
      <button type="button" className="link mt-1 w-fit text-sm" onClick={onNotListed}>
        {DEVICE_STRINGS.notInList}? Fill in the form yourself
      </button>
    </div>
  );
}
