import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestApp, type TestApp } from './helpers/app';
import { Client } from './helpers/client';
import { testDbKind } from './helpers/db';
import { addProduct, buyer, expectError, expectStatus, seller } from './helpers/builders';
import { openEvents } from './helpers/sse';

let t: TestApp;
let s: Client;
let b: Client;
let other: Client;
let convId: string;
const REDIS_URL = process.env.REDIS_URL_TEST;

const send = (who: Client, text: string) => who.post<{ _id: string }>(`/api/conversations/${convId}/messages`, { text });

beforeAll(async () => {
  t = await startTestApp();
  s = await seller(t, 'ev-seller');
  b = await buyer(t, 'ev-buyer');
  other = await buyer(t, 'ev-other');
  const listing = await addProduct(s);
  convId = expectStatus(await b.post<{ _id: string }>('/api/conversations', { listingId: listing }), 201, 'open').body._id;
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/events', () => {
  it('needs a session (401); a stream starts with a retry hint', async () => {
    expectError(await t.client().get('/api/events'), 401, 'anonymous stream');
    const es = await openEvents(b);
    expect(es.res.status).toBe(200);
    expect(es.res.headers.get('content-type')).toContain('text/event-stream');
    expect(es.res.headers.get('x-accel-buffering')).toBe('no');
    await expect.poll(() => es.retry).toBe(3000);
    es.close();
  });

  it("a message reaches both people's streams within a second, and no one else's", async () => {
    const [sellerStream, buyerStream, otherStream] = await Promise.all([openEvents(s), openEvents(b), openEvents(other)]);
    const m = expectStatus(await send(b, 'Still for sale?'), 201, 'send').body;
    const answered = performance.now();
    const onSeller = await sellerStream.next((e) => e.event === 'message' && JSON.parse(e.data)._id === m._id, 1000);
    // Within a second of the send being answered (usually before it: the event goes out as the message commits).
    expect(onSeller.at - answered).toBeLessThan(1000);
    expect(JSON.parse(onSeller.data)).toMatchObject({ conversationId: convId, text: 'Still for sale?', senderId: b.id });
    await buyerStream.next((e) => e.event === 'message', 1000);
    // The seller's bell hears of it too.
    await sellerStream.next((e) => e.event === 'notification', 1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(otherStream.events).toEqual([]);
    for (const es of [sellerStream, buyerStream, otherStream]) es.close();
  });

  it('a stream resumed with Last-Event-ID gets every event it missed, in order, once', async () => {
    const first = await openEvents(s);
    await send(b, 'one');
    const seen = await first.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'one');
    first.close();
    const sentWhileAway: string[] = [];
    for (const text of ['two', 'three', 'four']) sentWhileAway.push(expectStatus(await send(b, text), 201, text).body._id);
    const resumed = await openEvents(s, { lastEventId: seen.id });
    // And one more after reconnecting: live events follow the replay without a gap or a repeat.
    sentWhileAway.push(expectStatus(await send(b, 'five'), 201, 'five').body._id);
    await resumed.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'five');
    const messages = resumed.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data)._id as string);
    expect(messages).toEqual(sentWhileAway);
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
    resumed.close();
  });

  it('a booking is told to the seller as "order placed"', async () => {
    const es = await openEvents(s);
    const listing = await addProduct(s);
    expectStatus(
      await b.post('/api/orders', { productId: listing, buyerName: 'Bo', phone: '+1 555 0101', meettingLocation: 'Mall' }),
      201,
      'book',
    );
    const n = await es.next((e) => e.event === 'notification' && JSON.parse(e.data).kind === 'order-placed');
    expect(JSON.parse(n.data).title).toMatch(/^Order placed/);
    await es.next((e) => e.event === 'order');
    es.close();
  });

  it('with Redis unreachable the shop starts, and events still reach the streams of this instance', async () => {
    const lone = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9' } });
    try {
      const sl = await seller(lone, 'lone-seller');
      const bl = await buyer(lone, 'lone-buyer');
      const c = expectStatus(
        await bl.post<{ _id: string }>('/api/conversations', { listingId: await addProduct(sl) }),
        201,
        'open',
      );
      const es = await openEvents(sl);
      const m = expectStatus(
        await bl.post<{ _id: string }>(`/api/conversations/${c.body._id}/messages`, { text: 'hi' }),
        201,
        'send',
      );
      await es.next((e) => e.event === 'message' && JSON.parse(e.data)._id === m.body._id, 3000);
      es.close();
    } finally {
      await lone.close();
    }
  });

  const instanceB = (env: Record<string, string> = {}) => startSecondInstance(t, env);

  it.skipIf(testDbKind !== 'postgres')(
    'two instances on one PostgreSQL database: a message sent through A reaches a stream held by B',
    async () => {
      const b2 = await instanceB();
      try {
        // The seller's session works on B too: sessions live in the shared database.
        const onB = await openEvents(s, { baseUrl: b2.baseUrl });
        expect(onB.res.status).toBe(200);
        const m = expectStatus(await send(b, 'through A'), 201, 'send through A').body;
        const answered = performance.now();
        const e = await onB.next((x) => x.event === 'message' && JSON.parse(x.data)._id === m._id, 1000);
        expect(e.at - answered).toBeLessThan(1000);
        expect(JSON.parse(e.data).text).toBe('through A');
        // Closing B ends its stream with a short retry hint: the browser comes back to another instance.
        await b2.app.close();
        await onB.closed();
        expect(onB.retry).toBe(500);
      } finally {
        await b2.close();
      }
    },
  );

  it.skipIf(testDbKind !== 'postgres' || !REDIS_URL)('with REDIS_URL, instances share events through Redis pub/sub', async () => {
    // Both instances on Redis (A is this file's app, without Redis: a third one stands in for it).
    const prefix = `shop-test-${process.pid}-${Date.now()}:`;
    const env = { REDIS_URL: REDIS_URL ?? '', REDIS_KEY_PREFIX: prefix };
    const [a2, b2] = [await instanceB(env), await instanceB(env)];
    try {
      const onB = await openEvents(s, { baseUrl: b2.baseUrl });
      const viaA = new Client(a2.baseUrl, t.baseUrl);
      expectStatus(await viaA.signIn(b.email), 200, 'sign in on A');
      const r = await viaA.post<{ _id: string }>(`/api/conversations/${convId}/messages`, { text: 'through Redis' });
      expectStatus(r, 201, 'send through A');
      const e = await onB.next((x) => x.event === 'message' && JSON.parse(x.data)._id === r.body._id, 1000);
      expect(JSON.parse(e.data).text).toBe('through Redis');
      onB.close();
    } finally {
      await a2.close();
      await b2.close();
    }
  });
});
