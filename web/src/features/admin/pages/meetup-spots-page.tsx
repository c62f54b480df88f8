import { useId, useState, type FormEvent } from 'react';
import type { MeetupSpot, MeetupSpotInput, Place } from '@shop/contract';
import { errorMessage } from '@/lib/api';
import { calloutClass } from '@/components/callout';
import { AdminFormFooter } from '../components/form-footer';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PlacePicker } from '@/components/place-picker';
import { useAddMeetupSpot } from '../api/add-meetup-spot';
import { useDeleteMeetupSpot } from '../api/delete-meetup-spot';
import { useEditMeetupSpot } from '../api/edit-meetup-spot';
import { useMeetupSpots } from '../api/get-meetup-spots';

type Draft = { name: string; address: string; lat: string; lng: string; hours: string; placeId: number | null };

const EMPTY_DRAFT: Draft = { name: '', address: '', lat: '', lng: '', hours: '', placeId: null };

const draftOf = (s: MeetupSpot): Draft => ({
  name: s.name,
  address: s.address,
  lat: String(s.lat),
  lng: String(s.lng),
  hours: s.hours,
  placeId: s.placeId,
});

/** A labelled text box whose hint is read with it. */
function Field({
  label,
  hint,
  value,
  required,
  inputMode,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  required?: boolean;
  inputMode?: 'decimal';
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="fieldset py-0">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      <input
        id={id}
        className="input w-full"
        value={value}
        required={required}
        inputMode={inputMode}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <span id={`${id}-hint`} className="label text-xs">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** Adds a spot (no `spot`) or changes one; the place picker fills in the coordinates, which stay editable. */
function SpotForm({ spot, onDone }: { spot: MeetupSpot | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(spot ? draftOf(spot) : EMPTY_DRAFT);
  const [place, setPlace] = useState<Place | null>(null);
  const [problem, setProblem] = useState('');
  const add = useAddMeetupSpot();
  const edit = useEditMeetupSpot();
  const save = spot ? edit : add;
  const pickPlace = (p: Place | null) => {
    setPlace(p);
    if (p) setDraft((d) => ({ ...d, lat: String(p.lat), lng: String(p.lng), placeId: p.id }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lat = Number(draft.lat);
    const lng = Number(draft.lng);
    if (draft.lat.trim() === '' || draft.lng.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      setProblem('Pick a place or type the latitude and longitude.');
      return;
    }
    setProblem('');
    const input: MeetupSpotInput = {
      name: draft.name,
      address: draft.address,
      lat,
      lng,
      placeId: draft.placeId,
      ...(draft.hours.trim() ? { hours: draft.hours } : {}),
    };
    try {
      if (spot) await edit.mutateAsync({ id: spot._id, input });
      else await add.mutateAsync(input);
      onDone();
    } catch {
      /* shown below */
    }
  };
  const field = (k: 'name' | 'address' | 'hours' | 'lat' | 'lng', label: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      value={draft[k]}
      required={k === 'name' || k === 'address'}
      inputMode={k === 'lat' || k === 'lng' ? 'decimal' : undefined}
      // Typed coordinates are no longer the picked town's.
      onChange={(v) => setDraft({ ...draft, [k]: v, ...(k === 'lat' || k === 'lng' ? { placeId: null } : {}) })}
    />
  );
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2"
      aria-label={spot ? `Edit ${spot.name}` : 'New meetup spot'}
    >
      {field('name', 'Name', 'e.g. Central Police Station lobby')}
      {field('address', 'Address')}
      <div className="sm:col-span-2">
        <PlacePicker
          label="Town or city"
          value={place}
          onChange={pickPlace}
          hint="Fills in the latitude and longitude; correct them below for the exact spot."
        />
      </div>
      {field('lat', 'Latitude', '-90 to 90')}
      {field('lng', 'Longitude', '-180 to 180')}
      <div className="sm:col-span-2">{field('hours', 'Opening hours', 'As people should read them, e.g. Daily 10:00-22:00')}</div>
      <AdminFormFooter
        error={problem || (save.isError ? errorMessage(save.error) : null)}
        saving={save.isPending}
        submitLabel={spot ? 'Save spot' : 'Add spot'}
        onCancel={onDone}
      />
    </form>
  );
}

/** Admins: the safe public meetup spots buyers and sellers may choose for a hand-off (issue 27). */
export function MeetupSpotsPage() {
  const spots = useMeetupSpots();
  const remove = useDeleteMeetupSpot();
  const [editing, setEditing] = useState<MeetupSpot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MeetupSpot | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) });
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold">Meetup spots</h1>
        <button type="button" className="btn btn-sm" onClick={() => setEditing('new')}>
          Add a spot
        </button>
      </div>
      <p className="text-base-content/70">
        Safe public places (police stations, busy shops) offered to buyers and sellers who meet to hand over an item.
      </p>
      {editing ? (
        <SpotForm
          key={editing === 'new' ? 'new' : editing._id}
          spot={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {spots.isLoading ? <span className="loading loading-spinner" role="status" aria-label="Loading meetup spots" /> : null}
      {spots.isError ? (
        <p role="alert" className={calloutClass('error')}>
          {errorMessage(spots.error)}
        </p>
      ) : null}
      {spots.data && !spots.data.length ? <p className="text-base-content/70">No meetup spots yet.</p> : null}
      {spots.data?.length ? (
        <ul className="flex flex-col gap-2" aria-label="Meetup spots">
          {spots.data.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">{s.name}</p>
                <p className="text-sm break-words text-base-content/70">{s.address}</p>
                <p className="text-sm text-base-content/70">{s.hours || 'No opening hours given'}</p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setEditing(s)}
                  aria-label={`Edit ${s.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  onClick={() => {
                    remove.reset();
                    setDeleting(s);
                  }}
                  aria-label={`Delete ${s.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this meetup spot?"
        confirmLabel="Delete spot"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
      >
        <p>{deleting?.name} will no longer be offered for new meetings. Meetings already arranged there keep their place.</p>
        {remove.isError ? (
          <p role="alert" className={calloutClass('error', 'mt-2')}>
            {errorMessage(remove.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
