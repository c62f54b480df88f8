import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { bookingFormSchema, MESSAGES, type Product } from '@shop/contract';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { errorMessage, isApiError } from '@/lib/api';
import { fieldMessage, formatMoney } from '@/lib/format';
import type { BookingModalProps } from '@/hooks/use-booking-modal';
import { rolesOf } from '@/hooks/use-roles';
import type { SessionUser } from '@/lib/auth-client';
import { useCreateOrder } from '../api/create-order';
import { calloutClass } from '@/components/callout';

type BookingValues = z.input<typeof bookingFormSchema>;
const FIELDS = ['buyerName', 'phone', 'meettingLocation'] as const;

/** Booking modal: price and email read-only, name prefilled, phone and meeting location (docs/product.md#booking-modal). */
export function BookingModal({ product, user, onClose }: BookingModalProps) {
  return (
    <Modal open={!!product} onClose={onClose} title={product ? `Book ${product.name}` : 'Book'}>
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
    formState: { errors, isSubmitting },
  } = useForm<BookingValues, unknown, z.output<typeof bookingFormSchema>>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { buyerName: user.name ?? '', phone: '', meettingLocation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createOrder.mutateAsync({ productId: product._id, ...values });
      toast.success(MESSAGES.orderPlaced);
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
      <FormField label="Meeting location" error={fieldMessage('Meeting location', errors.meettingLocation?.message)}>
        <input className="input w-full" autoComplete="address-level2" {...register('meettingLocation')} />
      </FormField>

      {notBuyer ? (
        <p role="alert" className={calloutClass('warning', 'mt-2')}>
          Only buyer accounts can book items. Log in with a buyer account to place an order.
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
