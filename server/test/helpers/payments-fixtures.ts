/**
 * The shop set up for payment tests, with either provider: the simulated one (wrapped so tests can
 * count and break its refunds) or Stripe through the local fake of its API (fake-stripe.ts).
 */
import { expect } from 'vitest';
import type { PaymentIntent } from '@shop/contract';
import type { Database } from '../../src/db/client';
import type { Payments } from '../../src/modules/payments/providers';
import type { PaymentProvider } from '../../src/modules/payments/providers/provider';
import { simulatedProvider } from '../../src/modules/payments/providers/simulated';
import { startTestApp, type TestApp } from './app';
import { uploadPhoto, type ErrorBody, type InsertResult } from './builders';
import type { Client, Res } from './client';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

export type ProviderKind = 'simulated' | 'stripe';
export const PROVIDERS: ProviderKind[] = ['simulated', 'stripe'];

export type PayWorld = {
  kind: ProviderKind;
  t: TestApp;
  fake?: FakeStripe;
  /** Builds the payments the app was given (for a second app on the same database), if injected. */
  makePayments?: (db: Database) => Payments;
  /** Intent ids the provider refunded (one entry per refund that went through). */
  refunded(): string[];
  /** The next `n` provider refunds fail. */
  failNextRefunds(n: number): void;
  /** What the buyer's browser does after create-payment-intent: confirm the card with the provider. */
  confirm(buyer: Client, intent: PaymentIntent, card?: 'ok' | 'declined'): Promise<void>;
  close(): Promise<void>;
};

/** No abuse limits; background jobs on (the pending-refund sweep is part of what these tests prove). */
const NO_LIMITS = { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000', JOBS_ENABLED: 'true' };

export async function startPayWorld(
  kind: ProviderKind,
  opts: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<PayWorld> {
  if (kind === 'stripe') {
    const fake = await startFakeStripe();
    const t = await startTestApp({ env: { ...NO_LIMITS, ...fake.env(), ...opts.env }, clock: opts.clock });
    return {
      kind,
      t,
      fake,
      refunded: () => fake.refundedIntents(),
      failNextRefunds: (n) => fake.failNextRefunds(n),
      async confirm(_buyer, intent, card = 'ok') {
        const pm = card === 'ok' ? 'pm_card_visa' : 'pm_card_chargeDeclined';
        try {
          await fake.confirm(intent.paymentIntentId, pm);
        } catch (err) {
          if (card === 'ok') throw err;
          expect((err as { code?: string }).code).toBe('card_declined');
        }
      },
      async close() {
        await t.close();
        await fake.close();
      },
    };
  }

  const refunds: string[] = [];
  let failing = 0;
  const makePayments = (database: Database): Payments => {
    const sim = simulatedProvider(database.db);
    const provider: PaymentProvider = {
      ...sim,
      async refund(id, _key, options) {
        if (failing > 0) {
          failing--;
          throw new Error('simulated provider outage');
        }
        if (await sim.refundOnce(id, options)) refunds.push(id);
      },
    };
    return { provider, simulated: sim };
  };
  const t = await startTestApp({ env: { ...NO_LIMITS, ...opts.env }, payments: makePayments, clock: opts.clock });
  return {
    kind,
    t,
    makePayments,
    refunded: () => [...refunds],
    failNextRefunds: (n) => {
      failing = n;
    },
    async confirm(buyer, intent, card = 'ok') {
      const r = await buyer.post('/api/payments/simulated/confirm', {
        clientSecret: intent.clientSecret,
        cardNumber: card === 'ok' ? '4242 4242 4242 4242' : '4000 0000 0000 0002',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(card === 'ok' ? 200 : 402);
    },
    close: () => t.close(),
  };
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function newSeller(t: TestApp): Promise<Client> {
  return t.client().signUp(`seller-${uniq()}@test.shop`, { isSeller: true });
}

export async function newBuyer(t: TestApp, label = 'buyer'): Promise<Client> {
  return t.client().signUp(`${label}-${uniq()}@test.shop`);
}

let admin: { t: TestApp; c: Client } | undefined;
/** The admin of ADMIN_EMAILS (one per app). */
export async function adminOf(t: TestApp): Promise<Client> {
  if (admin?.t === t) return admin.c;
  const c = t.client();
  const r = await c.signIn('admin@test.shop');
  if (r.status !== 200) await c.signUp('admin@test.shop');
  admin = { t, c };
  return c;
}

/** A product for sale at `price` dollars; answers its id. */
export async function newProduct(seller: Client, price = 250): Promise<string> {
  const r = await seller.post<{ insertedId: string }>('/api/products', {
    name: `MacBook ${uniq()}`,
    category: 'Laptop',
    price,
    original_price: price * 2,
    location: 'Dhaka',
    number: '+8801700000000',
    condition: 'Good',
    used_year: 2,
    photos: [await uploadPhoto(seller)],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.insertedId;
}

export async function placeOrder(buyer: Client, productId: string): Promise<string> {
  const r = await buyer.post<{ insertedId: string }>('/api/orders', {
    productId,
    buyerName: 'Bea Buyer',
    phone: '+8801800000000',
    meettingLocation: 'Gulshan 1',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.insertedId;
}

export async function startPaying(buyer: Client, orderId: string, extra: Record<string, unknown> = {}): Promise<PaymentIntent> {
  const r = await buyer.post<PaymentIntent>('/api/create-payment-intent', { orderId, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Intent + card confirmed at the provider, but POST /payments not sent yet (as if the tab closed). */
export async function payAtProvider(w: PayWorld, buyer: Client, orderId: string): Promise<PaymentIntent> {
  const intent = await startPaying(buyer, orderId);
  await w.confirm(buyer, intent);
  return intent;
}

/** POST /payments as the original client sends it (docs/product.md#the-original-client). */
export function postPayment(
  buyer: Client,
  orderId: string,
  transactionId: string,
  extra: Record<string, unknown> = {},
): Promise<Res<Partial<InsertResult & ErrorBody>>> {
  return buyer.post('/api/payments', { transactionId, OrderId: orderId, email: buyer.email, price: 1, ...extra });
}

export type PaymentRow = {
  _id: string;
  orderId: string;
  transactionId: string;
  status: string;
  price: number;
  last4: string | null;
  brand: string | null;
  refundedAt: string | null;
  provider: string;
};

/** Every payment row, as the admin sees it. */
export async function allPayments(t: TestApp): Promise<PaymentRow[]> {
  const r = await (await adminOf(t)).get<PaymentRow[]>('/api/payments?limit=100');
  expect(r.status).toBe(200);
  return r.body;
}

export type OrderAnswer = {
  _id: string;
  status: string;
  paid: boolean;
  price: number;
  transactionId: string | null;
  paidAt: string | null;
  payment: null | {
    provider: string;
    transactionId: string;
    amount: number;
    status: string;
    last4: string | null;
    brand: string | null;
    createdAt: string;
    refundedAt: string | null;
  };
};

export async function orderOf(buyer: Client, orderId: string): Promise<OrderAnswer> {
  const r = await buyer.get<OrderAnswer>(`/api/order/${orderId}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** Waits until `check` holds (for work the server does in the background). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
