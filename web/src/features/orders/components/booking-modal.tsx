import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { bookingFormSchema, MESSAGES, type Product } from '@shop/contract';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { errorMessage, isApiError } from '@/lib/api';
import { fieldMessage, formatMoney } from '@/lib/format';
import { bookingTitle, type BookingModalProps } from '@/hooks/use-booking-modal';
import { rolesOf } from '@/hooks/use-roles';
import type { SessionUser } from '@/lib/auth-client';
import { useCreateOrder } from '../api/create-order';
import { localInputToIso, useMeetupSpots, useMyDetails, useProposeMeetingFor } from '@/hooks/use-meeting';
import { formatDistance } from '@/lib/format';
import { MAX_MEETING_TIMES } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { MeetingTimesInputs } from '@/components/meeting-times-inputs';

type BookingValues = z.input<typeof bookingFormSchema>;
const FIELDS = ['buyerName', 'phone', 'meettingLocation'] as const;

/** Booking modal: price and email read-only, name prefilled, phone and meeting location (docs/product.md#booking-modal). */
export function BookingModal({ product, user, onClose }: BookingModalProps) {
  return (
    <Modal open={!!product} onClose={onClose} title={bookingTitle(product)}>
      {product ? <BookingForm product={product} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function BookingForm({ product, user, onDone }: { product: Product; user: SessionUser; onDone: () => void }) {
  const createOrder = useCreateOrder();
  const notBuyer = !rolesOf(user).isBuyer;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<BookingValues, unknown, z.output<typeof bookingFormSchema>>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { buyerName: user.name ?? '', phone: '', meettingLocation: '' },
  });
  // The phone of the last booking (or the profile) is filled in for the person.
  const details = useMyDetails(!notBuyer);
  useEffect(() => {
    const phone = details.data?.phone;
    if (phone && !getValues('phone')) setValue('phone', phone);
  }, [details.data, getValues, setValue]);
  // Safe meetup spots nearest to the item, to pick from; "another place" is the location field.
  const spots = useMeetupSpots(product.place);
  const [spotId, setSpotId] = useState<string | null>(null);
  const chosenSpot = spots.data?.find((s) => s._id === spotId);
  const chooseSpot = (id: string | null) => {
    setSpotId(id);
    const spot = spots.data?.find((s) => s._id === id);
    if (spot) setValue('meettingLocation', spot.name, { shouldValidate: !!errors.meettingLocation });
  };
  const [times, setTimes] = useState<string[]>(['']);
  const [timesError, setTimesError] = useState<string | null>(null);
  const proposeMeeting = useProposeMeetingFor();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setTimesError(null);
    const iso = times.map(localInputToIso).filter((t): t is string => !!t);
    if (iso.some((t) => new Date(t).getTime() < Date.now() + 15 * 60_000)) {
      setTimesError('Times must be at least 15 minutes from now.');
      return;
    }
    try {
      const placed = await createOrder.mutateAsync({ productId: product._id, ...values });
      toast.success(MESSAGES.orderPlaced);
      if (iso.length) {
        const where = chosenSpot ? { spotId: chosenSpot._id } : { place: values.meettingLocation };
        await proposeMeeting
          .mutateAsync({ orderId: placed.insertedId, body: { times: iso, ...where } })
          .catch((e: unknown) => toast.error(`Your booking is placed, but the meeting times were not sent: ${errorMessage(e)}`));
      }
      onDone();
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      if (field && (FIELDS as readonly string[]).includes(field)) {
        setError(field as (typeof FIELDS)[number], {
          type: 'server',
          message: error instanceof Error ? error.message : undefined,
        });
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  const busy = isSubmitting || createOrder.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
      <FormField label="Price">
        <input className="input w-full cursor-default bg-base-200" value={formatMoney(product.price)} readOnly />
      </FormField>
      <FormField label="Name" error={fieldMessage('Name', errors.buyerName?.message)}>
        <input className="input w-full" autoComplete="name" {...register('buyerName')} />
      </FormField>
      <FormField label="Email">
        <input className="input w-full cursor-default bg-base-200" type="email" value={user.email} readOnly />
      </FormField>
      <FormField label="Phone" error={fieldMessage('Phone', errors.phone?.message)}>
        <input className="input w-full" type="tel" autoComplete="tel" inputMode="tel" data-autofocus {...register('phone')} />
      </FormField>
      {spots.data?.length ? (
        <fieldset className="fieldset">
          <legend className="fieldset-legend">Safe meetup spot</legend>
          {spots.data.map((s) => (
            <label key={s._id} className="flex cursor-pointer items-start gap-2 rounded-field py-1">
              <input
                type="radio"
                name="spot"
                className="radio radio-sm mt-0.5"
                checked={spotId === s._id}
                onChange={() => chooseSpot(s._id)}
              />
              <span className="flex flex-col">
                <span className="font-medium">{s.name}</span>
                <span className="text-xs text-base-content/70">
                  {[s.address, s.hours, s.distanceKm !== undefined ? `${formatDistance(s.distanceKm)} from the item` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-2 rounded-field py-1">
            <input
              type="radio"
              name="spot"
              className="radio radio-sm"
              checked={spotId === null}
              onChange={() => chooseSpot(null)}
            />
            Another place (write it below)
          </label>
        </fieldset>
      ) : null}
      <FormField label="Meeting location" error={fieldMessage('Meeting location', errors.meettingLocation?.message)}>
        <input className="input w-full" autoComplete="address-level2" {...register('meettingLocation')} />
      </FormField>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">When can you meet? (up to {MAX_MEETING_TIMES} times, optional)</legend>
        <MeetingTimesInputs times={times} onChange={setTimes} label="Meeting time" />
        {timesError ? (
          <p role="alert" className="text-sm text-error">
            {timesError}
          </p>
        ) : (
          <p className="text-xs text-base-content/70">The seller confirms one time or proposes another.</p>
        )}
      </fieldset>

      {notBuyer ? (
        <p role="alert" className={calloutClass('warning', 'mt-2')}>
          Admin accounts do not book items. Log in with your own account to place an order.
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className={calloutClass('error', 'mt-2')}>
          {formError}
        </p>
      ) : null}

      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || notBuyer}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Submit
        </button>
      </div>
    </form>
  );
}
