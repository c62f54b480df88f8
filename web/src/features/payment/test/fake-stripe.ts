import type { PaymentIntentResult, Stripe, StripeElements, StripeElementsOptions } from '@stripe/stripe-js';
import type { StripeLoader } from '../components/stripe-loader';

type Listener = (event: unknown) => void;

export interface FakeStripeOptions {
  /** What stripe.confirmPayment answers; default: the intent succeeded. */
  confirm?: () => Promise<PaymentIntentResult>;
  /** Make the loader fail, as when js.stripe.com cannot be reached. */
  loadError?: Error;
}

export const succeeded = (id = 'pi_3Stripe123'): PaymentIntentResult =>
  ({
    paymentIntent: { id, object: 'payment_intent', status: 'succeeded', amount: 123400, currency: 'usd' },
  }) as unknown as PaymentIntentResult;

export const cardError = (message: string): PaymentIntentResult =>
  ({ error: { type: 'card_error', code: 'card_declined', message } }) as unknown as PaymentIntentResult;

/**
 * A stand-in for what loadStripe() resolves to, just enough for @stripe/react-stripe-js's real
 * <Elements> and <PaymentElement> to run: stripe.elements() -> elements.create('payment') -> an
 * element that mounts a plain input and reports 'ready'. stripe.confirmPayment answers as told.
 */
export function fakeStripe(options: FakeStripeOptions = {}) {
  const calls = {
    loadStripe: [] as string[],
    elements: [] as StripeElementsOptions[],
    created: [] as string[],
    confirmPayment: [] as Array<{ elements: unknown; redirect?: string }>,
  };
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, payload: unknown) => {
    for (const cb of listeners.get(event) ?? []) cb(payload);
  };

  const element = {
    mount(node: HTMLElement) {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Stripe card details');
      node.appendChild(input);
    },
    on(event: string, cb: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(cb);
      // Stripe's iframe reports 'ready' once it has drawn the fields; here, right after listening.
      if (event === 'ready') queueMicrotask(() => cb({ elementType: 'payment' }));
      return element;
    },
    off(event: string, cb: Listener) {
      listeners.get(event)?.delete(cb);
      return element;
    },
    update() {},
    destroy() {},
    unmount() {},
  };

  const elements = {
    create(type: string) {
      calls.created.push(type);
      return element;
    },
    getElement: () => element,
    update() {},
    fetchUpdates: async () => ({}),
    submit: async () => ({}),
  };

  const stripe = {
    elements(opts: StripeElementsOptions) {
      calls.elements.push(opts);
      return elements as unknown as StripeElements;
    },
    async confirmPayment(opts: { elements: unknown; redirect?: string }) {
      calls.confirmPayment.push(opts);
      return options.confirm ? options.confirm() : succeeded();
    },
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: async () => ({}),
    _registerWrapper() {},
    registerAppInfo() {},
  };

  const loader: StripeLoader = async (publishableKey) => {
    calls.loadStripe.push(publishableKey);
    if (options.loadError) throw options.loadError;
    return stripe as unknown as Stripe;
  };

  return { loader, stripe, elements, calls, emit };
}
