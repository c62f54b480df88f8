import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CreditCard, Lock } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { errorMessage } from '@/lib/api';
import { confirmSimulatedPayment } from '../api/confirm-simulated-payment';
import type { CardFormProps } from './card-form';
import { TestModeNotice } from './test-mode-notice';

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

type Errors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

export function validateCard(number: string, expiry: string, cvc: string): Errors {
  const errors: Errors = {};
  const digits = number.replace(/\D/g, '');
  if (!digits) errors.number = 'Card number is required';
  else if (digits.length < 13 || digits.length > 19) errors.number = 'Card number is incomplete';
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!expiry.trim()) errors.expiry = 'Expiry date is required';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) errors.expiry = 'Use MM/YY, e.g. 12/30';
  if (!cvc.trim()) errors.cvc = 'CVC is required';
  else if (!/^\d{3,4}$/.test(cvc.trim())) errors.cvc = 'CVC is 3 or 4 digits';
  return errors;
}

/** The simulated provider's card form (test mode). */
export function SimulatedCardForm({ intent, amountLabel, onConfirmed }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [cardError, setCardError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // On a small screen the message can sit below the fold: bring it into view.
  useEffect(() => {
    if (cardError) errorRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [cardError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!intent || processing) return;
    const found = validateCard(number, expiry, cvc);
    setErrors(found);
    setCardError(null);
    if (Object.keys(found).length > 0) return;
    const [mm, yy] = expiry.split('/');
    setProcessing(true);
    try {
      const paymentIntent = await confirmSimulatedPayment({
        clientSecret: intent.clientSecret,
        cardNumber: number.replace(/\D/g, ''),
        expMonth: Number(mm),
        expYear: 2000 + Number(yy),
        cvc: cvc.trim(),
      });
      await onConfirmed({ id: paymentIntent.id, last4: paymentIntent.last4, brand: paymentIntent.brand });
    } catch (error) {
      setCardError(errorMessage(error));
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <TestModeNotice />
      <form onSubmit={onSubmit} noValidate aria-label="Card payment" aria-busy={processing} className="flex flex-col gap-1">
        <FormField label="Card number" error={errors.number}>
          <input
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label="Expiry (MM/YY)" error={errors.expiry}>
            <input
              className="input w-full font-mono"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={expiry}
              onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            />
          </FormField>
          <FormField label="CVC" error={errors.cvc}>
            <input
              className="input w-full font-mono"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          </FormField>
        </div>
        <button type="submit" className="btn btn-primary mt-3 w-full" disabled={!intent || processing}>
          {processing || !intent ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <Lock size={16} aria-hidden="true" />
          )}
          {processing ? 'Processing…' : 'Pay'}
          {!processing ? <span className="font-normal">{amountLabel}</span> : null}
        </button>
        {cardError ? (
          <p ref={errorRef} role="alert" className="mt-2 flex items-center gap-2 text-sm text-error">
            <CreditCard size={16} aria-hidden="true" />
            {cardError}
          </p>
        ) : null}
        {!intent ? <p className="text-center text-xs text-base-content/70">Preparing a secure payment…</p> : null}
      </form>
    </div>
  );
}
