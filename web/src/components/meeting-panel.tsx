import { useId, useState } from 'react';
import { CalendarCheck, CalendarPlus, MapPin } from 'lucide-react';
import { MAX_MEETING_TIMES, type Meeting } from '@shop/contract';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { localInputToIso, meetingTime, useConfirmMeeting, useMeeting, useProposeMeeting } from '@/hooks/use-meeting';
import { calloutClass } from './callout';
import { MeetingTimesInputs } from './meeting-times-inputs';

type Side = 'buyer' | 'seller';
const OTHER: Record<Side, string> = { buyer: 'seller', seller: 'buyer' };

/**
 * A booking's meeting, for its buyer (My Orders) or seller (Sales): the times proposed and the place,
 * a button per time for the side that did not propose them, the confirmed time with its calendar file,
 * and a form to propose other times (and place). `open`: the booking can still be met for.
 */
export function MeetingPanel({
  orderId,
  side,
  open,
  compact = false,
}: {
  orderId: string;
  side: Side;
  open: boolean;
  /** One line (where things stand) that opens to the whole panel: for table rows, which stay short. */
  compact?: boolean;
}) {
  const meeting = useMeeting(orderId);
  const [proposing, setProposing] = useState(false);
  if (meeting.isPending) return null;
  if (meeting.isError) return <p className="text-sm text-error">Could not load the meeting. {errorMessage(meeting.error)}</p>;
  const m = meeting.data;
  if (!m && !open) return null;
  const body = (
    <>
      {m ? <MeetingState m={m} side={side} open={open} /> : <p>No meeting time yet.</p>}
      {open ? (
        proposing ? (
          <ProposeForm orderId={orderId} current={m} onDone={() => setProposing(false)} />
        ) : (
          <button type="button" className="btn btn-sm self-start" onClick={() => setProposing(true)}>
            <CalendarPlus size={14} aria-hidden="true" />
            {m ? 'Propose other times' : 'Propose meeting times'}
          </button>
        )
      ) : null}
    </>
  );
  if (compact)
    return (
      <section aria-label="Meeting" className="w-full text-sm">
        <details className="group">
          <summary className="link cursor-pointer">{meetingSummary(m, side, open)}</summary>
          <div className="mt-2 flex flex-col gap-2 rounded-box bg-base-200 p-3">{body}</div>
        </details>
      </section>
    );
  return (
    <section aria-label="Meeting" className="flex w-full flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
      {body}
    </section>
  );
}

/** Where the meeting stands, in a few words. */
function meetingSummary(m: Meeting | null | undefined, side: Side, open: boolean): string {
  if (!m) return 'Meeting: no time yet';
  if (m.time) return `Meeting: ${meetingTime(m.time, m.timeZone)}`;
  if (m.proposedBy === side) return `Meeting: waiting for the ${OTHER[side]}`;
  return open ? 'Meeting: confirm a time' : 'Meeting: times proposed';
}

function MeetingState({ m, side, open }: { m: Meeting; side: Side; open: boolean }) {
  const confirm = useConfirmMeeting(m.orderId);
  const where = [m.place, m.address].filter(Boolean).join(', ');
  if (m.time)
    return (
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-1 font-semibold">
          <CalendarCheck size={16} aria-hidden="true" />
          Meeting confirmed: {meetingTime(m.time, m.timeZone)}
        </p>
        <p className="flex items-center gap-1">
          <MapPin size={14} aria-hidden="true" />
          {where}
        </p>
        <a className="link self-start" href={`/api/orders/${encodeURIComponent(m.orderId)}/meeting.ics`} download="meeting.ics">
          Add to calendar
        </a>
      </div>
    );
  const mine = m.proposedBy === side;
  return (
    <div className="flex flex-col gap-2">
      <p>
        {mine ? 'You proposed' : `The ${m.proposedBy} proposed`} meeting at <strong>{where}</strong>
        {mine ? `; waiting for the ${OTHER[side]} to confirm a time:` : '. Confirm the time that suits you:'}
      </p>
      {mine || !open ? (
        <ul className="list-inside list-disc">
          {m.proposedTimes.map((t) => (
            <li key={t}>{meetingTime(t, m.timeZone)}</li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-wrap gap-2">
          {m.proposedTimes.map((t) => (
            <button
              key={t}
              type="button"
              className="btn btn-primary btn-sm"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(t, {
                  onSuccess: () => toast.success('Meeting confirmed. Both of you got it by mail with a calendar file.'),
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
            >
              Confirm {meetingTime(t, m.timeZone)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Up to three times, and the place (kept as it is, or another one written here). */
function ProposeForm({ orderId, current, onDone }: { orderId: string; current: Meeting | null | undefined; onDone: () => void }) {
  const id = useId();
  const propose = useProposeMeeting(orderId);
  const [times, setTimes] = useState<string[]>(['']);
  const [place, setPlace] = useState(current?.place ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    const iso = times.map(localInputToIso).filter((t): t is string => !!t);
    if (!iso.length) return setError('Choose at least one time.');
    if (!place.trim()) return setError('Write where to meet.');
    const keepSpot = current?.spotId && place === current.place;
    propose.mutate(keepSpot ? { times: iso, spotId: current.spotId! } : { times: iso, place: place.trim() }, {
      onSuccess: () => {
        toast.success('Times sent. You will hear when one is confirmed.');
        onDone();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Times you can meet (up to {MAX_MEETING_TIMES})</legend>
        <MeetingTimesInputs times={times} onChange={setTimes} label="Time" size="sm" />
      </fieldset>
      <label htmlFor={`${id}-place`} className="text-sm">
        Where
      </label>
      <input id={`${id}-place`} className="input input-sm w-full" value={place} onChange={(e) => setPlace(e.target.value)} />
      {error ? (
        <p role="alert" className={calloutClass('error')}>
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={submit} disabled={propose.isPending}>
          Send times
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}
