/**
 * Idempotency-Key on booking and paying (lib/idempotency.ts): a write sent again with its key, as a
 * client does after nginx's 503 or a lost connection during a deploy, is done once and answered as
 * the first time. Issue 30.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKey, order, payment } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import { addProduct, buyer, expectError, expectStatus, type InsertResult, orderBody, seller } from './helpers/builders';

let t: TestApp;
let s: Client;

beforeAll(async () => {
  t = await startTestApp({ env: { BOOKINGS_OPEN_UNPAID_MAX: '2' } });
  s = await seller(t);
});
afterAll(() => t.close());

const newKey = () => crypto.randomUUID();
const book = (b: Client, productId: string, key?: string, overrides = {}) =>
  b.request<InsertResult>('POST', '/api/orders', orderBody(b, productId, overrides), key ? { 'idempotency-key': key } : {});
const ordersOf = async (b: Client, productId: string) =>
  t.database.db
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.buyerId, b.id), eq(order.productId, productId)));

describe('Idempotency-Key', () => {
  it('a booking sent twice with one key is made once, and the repeat gets the first answer', async () => {
    const b = await buyer(t);
    const productId = await addProduct(s);
    const key = newKey();
    const first = expectStatus(await book(b, productId, key), 201, 'first booking');
    const again = expectStatus(await book(b, productId, key), 201, 'the same booking again');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await ordersOf(b, productId)).toEqual([{ id: first.body.insertedId }]);
  });

  it('without a key a repeat is a new request (409 already_booked), as before', async () => {
    const b = await buyer(t);
    const productId = await addProduct(s);
    expectStatus(await book(b, productId), 201, 'first booking');
    expectError(await book(b, productId), 409, 'the same booking again, no key');
  });

  it('paying with keys: each step sent twice records one payment, and each repeat answers as the first', async () => {
    const b = await buyer(t);
    const productId = await addProduct(s);
    const orderId = expectStatus(await book(b, productId, newKey()), 201, 'booking').body.insertedId;
    const intentKey = newKey();
    const send = (path: string, body: object, key: string) =>
      b.request<Record<string, unknown>>('POST', path, body, { 'idempotency-key': key });
    const intent = expectStatus(await send('/api/create-payment-intent', { orderId }, intentKey), 200, 'intent');
    expect((await send('/api/create-payment-intent', { orderId }, intentKey)).body).toEqual(intent.body);
    const confirmBody = {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
    };
    const confirmKey = newKey();
    const confirmed = expectStatus(await send('/api/payments/simulated/confirm', confirmBody, confirmKey), 200, 'confirm');
    const confirmedAgain = await send('/api/payments/simulated/confirm', confirmBody, confirmKey);
    expect(confirmedAgain.status).toBe(200);
    expect(confirmedAgain.body).toEqual(confirmed.body);
    const payKey = newKey();
    const payBody = { transactionId: intent.body.paymentIntentId, OrderId: orderId, email: b.email, price: 1 };
    const paid = expectStatus(await send('/api/payments', payBody, payKey), 201, 'payment');
    const paidAgain = await send('/api/payments', payBody, payKey);
    expect(paidAgain.status).toBe(201);
    expect(paidAgain.body).toEqual(paid.body);
    expect(paidAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await t.database.db.select({ id: payment.id }).from(payment).where(eq(payment.orderId, orderId))).toHaveLength(1);
  });

  it('the same key with another request is a 422 naming Idempotency-Key, and changes nothing', async () => {
    const b = await buyer(t);
    const [p1, p2] = [await addProduct(s), await addProduct(s)];
    const key = newKey();
    expectStatus(await book(b, p1, key), 201, 'first booking');
    const other = await book(b, p2, key);
    expect(expectError(other, 422, 'another booking with the same key', 'Idempotency-Key').error).toBe('idempotency_key_reused');
    expect(await ordersOf(b, p2)).toEqual([]);
  });

  it('a malformed key is a 400 naming the header', async () => {
    const b = await buyer(t);
    const productId = await addProduct(s);
    expectError(await book(b, productId, 'short'), 400, 'a 5-character key', 'idempotency-key');
    expectError(await book(b, productId, 'x'.repeat(129)), 400, 'a 129-character key', 'idempotency-key');
    expectError(await book(b, productId, 'has spaces in it'), 400, 'a key with spaces', 'idempotency-key');
    expect(await ordersOf(b, productId)).toEqual([]);
  });

  it("keys are each person's own: another buyer's request with the same key is theirs", async () => {
    const [b1, b2] = [await buyer(t), await buyer(t)];
    const [p1, p2] = [await addProduct(s), await addProduct(s)];
    const key = newKey();
    const r1 = expectStatus(await book(b1, p1, key), 201, 'b1 books');
    const r2 = expectStatus(await book(b2, p2, key), 201, 'b2 books with the same key');
    expect(r2.body.insertedId).not.toBe(r1.body.insertedId);
    expect(r2.headers.get('idempotent-replayed')).toBeNull();
  });

  it('repeats sent at once are done once: one order, and each answer is that order or 409 request_in_progress', async () => {
    const b = await buyer(t);
    const productId = await addProduct(s);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(b, productId, key)));
    const orders = await ordersOf(b, productId);
    expect(orders).toHaveLength(1);
    for (const a of answers as Res<InsertResult & { error?: string }>[]) {
      if (a.status === 409) {
        expect(a.body.error).toBe('request_in_progress');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      } else expect({ status: a.status, id: a.body.insertedId }).toEqual({ status: 201, id: orders[0]?.id });
    }
  });

  it('a key whose first request died before answering is held, then lapses; the repeat then runs and the booking rule keeps it single', async () => {
    const b = await buyer(t);
    const productId = await addProduct(s);
    const key = newKey();
    const first = expectStatus(await book(b, productId, key), 201, 'first booking');
    // As an instance killed between its write and its answer leaves the key: held, no answer stored.
    const held = (lockedUntil: ReturnType<typeof sql>) =>
      t.database.db
        .update(idempotencyKey)
        .set({ statusCode: null, body: null, lockedUntil })
        .where(and(eq(idempotencyKey.userId, b.id), eq(idempotencyKey.key, key)));
    await held(sql`now() + interval '1 minute'`);
    const meanwhile = await book(b, productId, key);
    expect(expectError(meanwhile, 409, 'a repeat while the key is held').error).toBe('request_in_progress');
    await held(sql`now() - interval '1 second'`);
    const later = await book(b, productId, key);
    expect(expectError(later, 409, 'a repeat after the lease').error).toBe('already_booked');
    expect(await ordersOf(b, productId)).toEqual([{ id: first.body.insertedId }]);
    // That answer is now the key's: a further repeat gets it again.
    expect((await book(b, productId, key)).body).toEqual(later.body);
  });

  it('a 429 is not kept: the same request with its key succeeds once the limit allows it', async () => {
    const b = await buyer(t);
    const [p1, p2, p3] = [await addProduct(s), await addProduct(s), await addProduct(s)];
    const o1 = expectStatus(await book(b, p1, newKey()), 201, 'booking 1').body.insertedId;
    expectStatus(await book(b, p2, newKey()), 201, 'booking 2');
    const key = newKey();
    expectError(await book(b, p3, key), 429, 'booking 3, over BOOKINGS_OPEN_UNPAID_MAX');
    expectStatus(await b.del(`/api/orders/${o1}`), 200, 'delete booking 1');
    const retried = expectStatus(await book(b, p3, key), 201, 'booking 3 again, same key');
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a signed-out request with a key is answered 401, and its key is not kept', async () => {
    const productId = await addProduct(s);
    const anon = t.client();
    const key = newKey();
    const r = await anon.request('POST', '/api/orders', orderBody(anon, productId, { email: 'x@test.shop' }), {
      'idempotency-key': key,
    });
    expectError(r, 401, 'signed out');
    expect(await t.database.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key))).toEqual([]);
  });
});
