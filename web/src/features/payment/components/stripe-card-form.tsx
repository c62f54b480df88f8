import type { CardFormProps } from './card-form';
import { calloutClass } from '@/components/callout';

/**
 * Placeholder for the Stripe Elements variant (provider === 'stripe'). Wiring it means adding
 * @stripe/stripe-js, mounting a CardElement with intent.publishableKey, calling
 * stripe.confirmCardPayment(intent.clientSecret, ...) and passing paymentIntent.id to onConfirmed.
 */
export function StripeCardForm({ intent }: CardFormProps) {
  return (
    <div role="alert" className={calloutClass('warning')}>
      <p>
        This shop takes cards through Stripe{intent ? '' : ' (loading…)'}, which this version of the app cannot show yet. Please contact the shop to
        complete your payment.
      </p>
    </div>
  );
}
