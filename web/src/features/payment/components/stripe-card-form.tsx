import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { CreditCard, Lock } from 'lucide-react';
import { calloutClass } from '@/components/callout';
import { ErrorState } from '@/components/error-state';
import { errorMessage } from '@/lib/api';
import type { CardFormProps } from './card-form';
import { useStripeLoader } from './stripe-loader';
import { TestModeNotice } from './test-mode-notice';

/** Stripe's fields in the shop's look (daisyUI light theme, primary #1f4fcc = oklch(48% 0.2 264)). */
const appearance: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: { colorPrimary: '#1f4fcc', colorDanger: '#b91c1c', borderRadius: '8px', fontSizeBase: '16px' },
};

function PayButton({ disabled, processing, amountLabel }: { disabled: boolean; processing: boolean; amountLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary mt-3 w-full" disabled={disabled || processing}>
      {processing || disabled ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <Lock size={16} aria-hidden="true" />
      )}
      {processing ? 'Processing…' : 'Pay'}
      {!processing ? <span className="font-normal">{amountLabel}</span> : null}
    </button>
  );
}

/** The form before Stripe is ready: same layout, Pay disabled, so nothing jumps when the fields arrive. */
function LoadingForm({ amountLabel, note }: { amountLabel: string; note: string }) {
  return (
    <form aria-label="Card payment" aria-busy="true" className="flex flex-col gap-1" onSubmit={(e) => e.preventDefault()}>
      <div className="skeleton h-28 w-full" aria-hidden="true" />
      <PayButton disabled processing={false} amountLabel={amountLabel} />
      <p className="text-center text-xs text-base-content/70">{note}</p>
    </form>
  );
}

function PaymentForm({ amountLabel, onConfirmed }: Pick<CardFormProps, 'amountLabel' | 'onConfirmed'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // On a small screen the message can sit below the fold: bring it into view.
  useEffect(() => {
    if (cardError) errorRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [cardError]);

  /** The card went through: held until the hand-off (requires_capture), or captured. */
  const isThrough = (status: string) => status === 'requires_capture' || status === 'succeeded';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    setProcessing(true);
    setCardError(null);
    try {
      // Cards only (the intent allows no redirects), so this resolves here, after any 3-D Secure step.
      const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      // Confirmed already (the page was reloaded before the shop recorded it): record it, not an error.
      if (
        result.error?.code === 'payment_intent_unexpected_state' &&
        result.error.payment_intent &&
        isThrough(result.error.payment_intent.status)
      ) {
        await onConfirmed({ id: result.error.payment_intent.id });
        return;
      }
      if (result.error) {
        setCardError(result.error.message ?? 'Your card could not be charged. Please try again.');
        return;
      }
      if (!isThrough(result.paymentIntent.status)) {
        setCardError('The payment was not completed. Please try again.');
        return;
      }
      await onConfirmed({ id: result.paymentIntent.id });
    } catch (error) {
      setCardError(errorMessage(error));
    } finally {
      setProcessing(false);
    }
  };

  if (loadError) return <ErrorState title="Could not load the card form" error={loadError} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card payment" aria-busy={processing} className="flex flex-col gap-1">
      {!ready ? <div className="skeleton h-28 w-full" aria-hidden="true" /> : null}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={(event) => setLoadError(event.error.message ?? "Stripe's card form could not be loaded. Please try again.")}
        onChange={() => setCardError(null)}
      />
      <PayButton disabled={!stripe || !elements || !ready} processing={processing} amountLabel={amountLabel} />
      {cardError ? (
        <p ref={errorRef} role="alert" className="mt-2 flex items-center gap-2 text-sm text-error">
          <CreditCard size={16} aria-hidden="true" className="shrink-0" />
          {cardError}
        </p>
      ) : null}
      {!ready ? <p className="text-center text-xs text-base-content/70">Loading the secure card form…</p> : null}
    </form>
  );
}

/**
 * The Stripe provider's card form: Stripe.js (loaded with the intent's publishable key, only here)
 * and its PaymentElement inside <Elements> with the intent's client secret. Pay confirms with
 * stripe.confirmPayment and hands the PaymentIntent id to the page, which records it.
 */
export function StripeCardForm({ intent, amountLabel, onConfirmed }: CardFormProps) {
  const loadStripe = useStripeLoader();
  const publishableKey = intent?.publishableKey ?? null;
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is not read inside; 'Try again' changes it, and that change is what loads Stripe.js again.
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    setLoadError(null);
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else setLoadError(new Error("Stripe's card form is not available in this browser."));
      },
      (error: unknown) => {
        if (live) setLoadError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [loadStripe, publishableKey, attempt]);

  const testMode = publishableKey?.startsWith('pk_test_') ?? false;
  let body: ReactNode;
  if (!intent) body = <LoadingForm amountLabel={amountLabel} note="Preparing a secure payment…" />;
  else if (!publishableKey)
    body = (
      <div role="alert" className={calloutClass('error')}>
        <p>Card payments are not set up on this shop yet. Please try again later.</p>
      </div>
    );
  else if (loadError)
    body = (
      <ErrorState
        title="Could not load the card form"
        error={new Error("Stripe's card form could not be loaded. Check your connection and try again.")}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  else if (!stripe) body = <LoadingForm amountLabel={amountLabel} note="Loading the secure card form…" />;
  else
    body = (
      // One Elements per client secret: Elements does not take a new secret once mounted.
      <Elements key={intent.clientSecret} stripe={stripe} options={{ clientSecret: intent.clientSecret, appearance }}>
        <PaymentForm amountLabel={amountLabel} onConfirmed={onConfirmed} />
      </Elements>
    );

  return (
    <div className="flex flex-col gap-4">
      {testMode ? <TestModeNotice /> : null}
      {body}
    </div>
  );
}
