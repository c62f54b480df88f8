import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyDetails, Place } from '@shop/contract';
import { PlacePicker } from '@/components/place-picker';
import { calloutClass } from '@/components/callout';
import { meetingKeys, useMyDetails } from '@/hooks/use-meeting';
import { api, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';

/** The phone and home area the booking form prefills (PATCH /api/me/details); a booking remembers its phone too. */
export function MeetingDetails() {
  const id = useId();
  const details = useMyDetails();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [home, setHome] = useState<Place | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!details.data) return;
    setPhone(details.data.phone);
    setHome(details.data.homePlace);
    setNote(details.data.homeAreaNote);
  }, [details.data]);
  const save = useMutation({
    mutationFn: () =>
      api<MyDetails>('/me/details', { method: 'PATCH', body: { phone, homePlaceId: home?.id ?? null, homeAreaNote: note } }),
    onSuccess: (d) => {
      queryClient.setQueryData(meetingKeys.details, d);
      toast.success('Saved. Your next booking is filled in with them.');
    },
  });
  if (details.isPending) return null;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor={`${id}-phone`} className="text-sm font-medium">
        Phone
      </label>
      <input
        id={`${id}-phone`}
        className="input w-full"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <PlacePicker label="Home area (town or city)" value={home} onChange={setHome} />
      <label htmlFor={`${id}-note`} className="text-sm font-medium">
        Area note (optional)
      </label>
      <input
        id={`${id}-note`}
        className="input w-full"
        placeholder="e.g. near Gulshan 2 circle"
        maxLength={120}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {save.isError ? (
        <p role="alert" className={calloutClass('error')}>
          {errorMessage(save.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary self-start" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
