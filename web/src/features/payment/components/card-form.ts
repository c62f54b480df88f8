import type { ComponentType } from 'react';
import { lazy } from '@/lib/lazy';
import type { PaymentIntent } from '@shop/contract';

/** What every card form reports once the provider has confirmed the payment. */
export interface ConfirmedCardPayment {
  /** The provider's payment id, recorded as the transaction id. */
  id: string;
  last4?: string;
  brand?: string;
}

/**
 * The interface between the payment page and a provider's card form. The page owns the order and
 * recording the payment; the form owns collecting the card and confirming it with its provider.
 */
export interface CardFormProps {
  /** Undefined until the intent (client secret) has loaded: Pay stays disabled. */
  intent: PaymentIntent | undefined;
  /** e.g. "$450.00", shown on the Pay button. */
  amountLabel: string;
  /** Record the confirmed payment; a thrown error's message is shown under the form. */
  onConfirmed: (payment: ConfirmedCardPayment) => Promise<void>;
}

export type CardFormComponent = ComponentType<CardFormProps>;

/** One card form per provider of the contract (PROVIDERS); each loads only when needed. */
export const cardForms: Record<PaymentIntent['provider'], CardFormComponent> = {
  simulated: lazy(() => import('./simulated-card-form').then((m) => ({ default: m.SimulatedCardForm }))),
  stripe: lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm }))),
};
