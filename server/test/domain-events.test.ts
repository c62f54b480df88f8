import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventPayload } from '@shop/contract';
import { formatMoney } from '@shop/contract/money';
import { createDomainEvents } from '../src/lib/domain-events';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, buyer, expectStatus, paidAtProvider, placeOrder, seller } from './helpers/builders';

let t: TestApp;
let s: Client;
let b: Client;

beforeAll(async () => {
  t = await startTestApp();
  s = await seller(t, 'de-seller');
  b = await buyer(t, 'de-buyer');
}, 60_000);
afterAll(() => t?.close());

const titles = async (c: Client) => (await c.get<{ title: string }[]>('/api/notifications')).body.map((n) => n.title);

describe('domain events', () => {
  it('POST /api/payments with `orderId` (the contract accepts either spelling) tells the seller once', async () => {
    const productId = await addProduct(s, { name: 'Lowercase id camera', category: 'Camera' });
    const orderId = await placeOrder(b, productId);
    const transactionId = await paidAtProvider(b, orderId);
    const pay = () => b.post('/api/payments', { price: 1, transactionId, email: b.email, orderId });
    expectStatus(await pay(), 201, 'POST /api/payments with orderId');
    // Pay answered again: the same answer, and no second notice.
    expectStatus(await pay(), 201, 'POST /api/payments again');
    expect((await titles(s)).filter((x) => x === 'Payment received: Lowercase id camera')).toHaveLength(1);
  });

  it('a subscriber that throws is logged, and neither the call nor the subscribers after it fail', async () => {
    const seen: DomainEventPayload<'order.placed'>[] = [];
    t.app.domainEvents.on('order.placed', 'test: throws', () => {
      throw new Error('subscriber broke');
    });
    t.app.domainEvents.on('order.placed', 'test: records', (e) => {
      seen.push(e);
    });
    const productId = await addProduct(s, { name: 'Still booked phone', category: 'Mobile' });
    const orderId = await placeOrder(b, productId);
    expect(seen).toEqual([expect.objectContaining({ orderId, productId, buyerId: b.id, sellerId: s.id })]);
    expect(await titles(s)).toContain('Order placed: Still booked phone');
  });

  it("the seller's notices write the price as the web shows it ($1,234.50, the contract's formatMoney)", async () => {
    const productId = await addProduct(s, { name: 'Priced camera', category: 'Camera', price: 1234.5 });
    const orderId = await placeOrder(b, productId);
    const transactionId = await paidAtProvider(b, orderId);
    expectStatus(await b.post('/api/payments', { price: 1, transactionId, email: b.email, orderId }), 201, 'pay');
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5);
    expect(shown).toBe(formatMoney(1234.5));
    const told = (await s.get<{ title: string; body: string }[]>('/api/notifications')).body;
    const bodyOf = (title: string) => told.find((n) => n.title === title)?.body;
    expect(bodyOf('Order placed: Priced camera')).toBe(`Bea Buyer booked it for ${shown}.`);
    expect(bodyOf('Payment received: Priced camera')).toBe(`${shown} was paid for your item.`);
  });

  it('a payload that does not match its schema reaches no subscriber and is logged', async () => {
    const logged: unknown[] = [];
    const log = { error: (o: unknown) => logged.push(o) } as unknown as Parameters<typeof createDomainEvents>[0];
    const events = createDomainEvents(log);
    const told: unknown[] = [];
    events.on('seller.verified', 'test', (e) => {
      told.push(e);
    });
    await events.publish('seller.verified', { userId: 'not-a-uuid' });
    expect(told).toEqual([]);
    expect(logged).toHaveLength(1);
    await events.publish('seller.verified', { userId: s.id });
    expect(told).toEqual([{ userId: s.id }]);
  });
});
