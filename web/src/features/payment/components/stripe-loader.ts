import { createContext, useContext } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** What the card form needs to start Stripe: loadStripe's shape, so a test can hand in a fake Stripe. */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * The real loader: Stripe.js from js.stripe.com (the `pure` entry adds the script only when called,
 * not on import), one instance per publishable key as Stripe asks. A failed load is forgotten so
 * "Try again" loads the script again. This module is part of the Stripe card form's chunk only.
 */
export const loadStripeJs: StripeLoader = (publishableKey) => {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
    promise.catch(() => loaded.delete(publishableKey));
  }
  return promise;
};

/** Tests provide a fake loader here; the app uses the real one. */
export const StripeLoaderContext = createContext<StripeLoader>(loadStripeJs);

export const useStripeLoader = () => useContext(StripeLoaderContext);
