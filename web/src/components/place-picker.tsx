import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import type { Place } from '@shop/contract';
import { api } from '@/lib/api';

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return undefined;
  }
})();

/** "Dhaka, Bangladesh"; a US/CA-style region code is shown too ("Springfield, IL, United States"). */
export function placeLabel(p: Place): string {
  const country = regionNames?.of(p.country) ?? p.country;
  return [p.name, /^[A-Z]{2}$/.test(p.region) ? p.region : '', country].filter(Boolean).join(', ');
}

/**
 * A town or city of the shop's gazetteer (GET /api/places), typed with autocomplete: an ARIA combobox
 * whose list follows the typing (arrows move, Enter picks, Esc closes). `value` is the chosen place;
 * typing again clears it until another is picked.
 */
export function PlacePicker({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
  hint?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value ? placeLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [q, setQ] = useState('');
  useEffect(() => {
    if (value) setText(placeLabel(value));
  }, [value]);
  // The list follows the typing after a short pause.
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const places = useQuery({
    queryKey: ['places', q],
    queryFn: ({ signal }) => api<Place[]>('/places', { query: { q, limit: 8 }, signal }),
    enabled: open && q.length >= 2,
    staleTime: 60 * 60_000,
  });
  const list = open && q.length >= 2 ? (places.data ?? []) : [];
  const pick = (p: Place) => {
    onChange(p);
    setText(placeLabel(p));
    setOpen(false);
  };
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="input w-full">
        <MapPin size={16} aria-hidden="true" className="opacity-60" />
        <input
          id={id}
          role="combobox"
          aria-expanded={list.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={list.length ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder="Start typing a town or city"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (!list.length) return;
            if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, list.length - 1));
            else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
            else if (e.key === 'Enter') pick(list[active]!);
            else if (e.key === 'Escape') setOpen(false);
            else return;
            e.preventDefault();
          }}
        />
      </div>
      {hint ? <p className="text-xs text-base-content/70">{hint}</p> : null}
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        className={`absolute top-full z-20 mt-1 flex w-full flex-col rounded-box bg-base-100 p-1 shadow-lg ${list.length ? '' : 'hidden'}`}
      >
        {list.map((p, i) => (
          <button
            key={p.id}
            type="button"
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className={`btn btn-ghost btn-sm justify-start font-normal ${i === active ? 'btn-active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(p)}
          >
            {placeLabel(p)}
          </button>
        ))}
      </div>
    </div>
  );
}
