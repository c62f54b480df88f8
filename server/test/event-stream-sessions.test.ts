import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { session } from '../src/db/schema';
import { startSecondInstance, startTestApp, type TestApp } from './helpers/app';
import { Client } from './helpers/client';
import { testDbKind } from './helpers/db';
import { addProduct, admin, buyer, expectStatus, seller } from './helpers/builders';
import { openEvents } from './helpers/sse';

let t: TestApp;
beforeAll(async () => {
  // A 2 s heartbeat instead of 15: the stream of a session deleted unannounced ends at the next one.
  t = await startTestApp({ env: { EVENT_STREAMS_PER_USER: '3', EVENT_HEARTBEAT_SECONDS: '2' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/**
 * A signed-in person's live event stream (GET /api/events) lives no longer than its session (suspension,
 * deletion, sign-out, sign-out everywhere, a session gone unannounced), on every instance, and one
 * person holds at most EVENT_STREAMS_PER_USER of them.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A seller with an open stream and a buyer in a conversation with them, the stream seen to work. */
async function sellerListening(label: string) {
  const s = await seller(t, `${label}-s`);
  const b = await buyer(t, `${label}-b`);
  const pid = await addProduct(s);
  const conv = expectStatus(await b.post<{ _id: string }>('/api/conversations', { listingId: pid }), 201, 'open');
  const stream = await openEvents(s);
  expect(stream.res.status).toBe(200);
  expectStatus(await b.post(`/api/conversations/${conv.body._id}/messages`, { text: `${label} before` }), 201, 'send');
  await stream.next((e) => e.event === 'message' && e.data.includes(`${label} before`));
  const send = (text: string) => b.post(`/api/conversations/${conv.body._id}/messages`, { text });
  return { s, b, stream, send };
}

/** The same person signed in on another device, with an open stream there. */
async function listeningElsewhere(email: string) {
  const other = t.client();
  expectStatus(await other.signIn(email), 200, 'sign-in elsewhere');
  const stream = await openEvents(other);
  expect(stream.res.status).toBe(200);
  return { other, stream };
}

/** The stream ended within two seconds and never got `text`, sent after the session ended. */
async function expectCutOff(
  stream: Awaited<ReturnType<typeof openEvents>>,
  send: (text: string) => Promise<unknown>,
  text: string,
) {
  await send(text);
  await stream.closed(2000);
  expect(stream.events.some((e) => e.data.includes(text))).toBe(false);
}

describe('an event stream ends with its session', () => {
  it("a suspended seller's open stream ends and gets no further message", async () => {
    const { s, b, stream, send } = await sellerListening('f1');
    const a = await admin(t);
    expectStatus(await b.post('/api/reports', { kind: 'user', targetId: s.id, reason: 'fraudster here' }), 201, 'report');
    expectStatus(
      await a.post('/api/moderation/actions', { kind: 'user', targetId: s.id, action: 'suspend', reason: 'fraud' }),
      200,
      'suspend',
    );
    expect((await s.get('/api/notifications')).status).toBe(401);
    await expectCutOff(stream, send, 'secret after suspension');
  });

  it('an account deleted by an admin: its open stream ends', async () => {
    const { s, stream, send } = await sellerListening('f1del');
    const a = await admin(t);
    expectStatus(await a.del(`/api/users/${s.id}`), 200, 'delete');
    await expectCutOff(stream, send, 'after delete');
  });

  it("'sign out everywhere' ends a stolen cookie's open stream", async () => {
    const { s, stream, send } = await sellerListening('f1b');
    const open = t.app.eventStreams.count();
    expectStatus(await s.post('/api/auth/revoke-sessions', {}), 200, 'revoke-sessions');
    expect((await s.get('/api/notifications')).status).toBe(401);
    await expectCutOff(stream, send, 'after revoke');
    // No longer held (nor counted against the person's streams).
    expect(t.app.eventStreams.count()).toBe(open - 1);
  });

  it("signing out ends that session's stream, not the streams of the same person elsewhere", async () => {
    const { s, stream, send } = await sellerListening('f1out');
    const { stream: elsewhere } = await listeningElsewhere(s.email);
    expectStatus(await s.post('/api/auth/sign-out', {}), 200, 'sign-out');
    await expectCutOff(stream, send, 'after sign-out');
    await elsewhere.next((e) => e.data.includes('after sign-out'));
    expect(elsewhere.ended).toBe(false);
    elsewhere.close();
  });

  it("changing the password with 'sign out of other devices' ends the others' streams, not this browser's", async () => {
    const { s, stream, send } = await sellerListening('f1pw');
    const { other: laptop, stream: onLaptop } = await listeningElsewhere(s.email);
    const cookie = s.cookie('better-auth.session_token');
    const change = { currentPassword: 'pass-word-123', newPassword: 'brand-new-pass', revokeOtherSessions: true };
    expectStatus(await s.post('/api/auth/change-password', change), 200, 'change-password');
    // This browser keeps its session (the same cookie): nothing it sends meanwhile is answered 401.
    expect(s.cookie('better-auth.session_token')).toBe(cookie);
    await expectCutOff(onLaptop, send, 'after the password change');
    await stream.next((e) => e.data.includes('after the password change'));
    expect(stream.ended).toBe(false);
    expect((await laptop.get('/api/notifications')).status).toBe(401);
    expect((await s.get('/api/notifications')).status).toBe(200);
    stream.close();
  });

  it('a session gone without an announcement: the stream ends at the next heartbeat', async () => {
    const { s, stream } = await sellerListening('f1hb');
    // Straight in the database: no hook, no announcement.
    await t.database.db.delete(session).where(eq(session.userId, s.id));
    const deleted = Date.now();
    await stream.closed(20_000);
    // Two heartbeats at most (the sweep that finds it missing, and a busy machine's slack), not 15 s.
    expect(Date.now() - deleted).toBeLessThan(8_000);
  }, 30_000);
});

describe('on every instance', () => {
  const REDIS_URL = process.env.REDIS_URL_TEST;

  const instance = (env: Record<string, string> = {}) => startSecondInstance(t, env);

  it.skipIf(testDbKind !== 'postgres')(
    "'sign out everywhere' on one instance ends the stream another holds (NOTIFY)",
    async () => {
      const { s, send } = await sellerListening('f1x');
      const other = await instance();
      try {
        const onB = await openEvents(s, { baseUrl: other.baseUrl });
        expect(onB.res.status).toBe(200);
        expectStatus(await s.post('/api/auth/revoke-sessions', {}), 200, 'revoke-sessions on A');
        await expectCutOff(onB, send, 'after revoke, held by B');
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(testDbKind !== 'postgres' || !REDIS_URL)('the same through Redis pub/sub', async () => {
    const env = { REDIS_URL: REDIS_URL ?? '', REDIS_KEY_PREFIX: `shop-sec-${process.pid}-${Date.now()}:` };
    const { s, send } = await sellerListening('f1r');
    const [a, b] = [await instance(env), await instance(env)];
    try {
      const onB = await openEvents(s, { baseUrl: b.baseUrl });
      expect(onB.res.status).toBe(200);
      const viaA = new Client(a.baseUrl, t.baseUrl);
      expectStatus(await viaA.signIn(s.email), 200, 'sign in on A');
      expectStatus(await viaA.post('/api/auth/revoke-sessions', {}), 200, 'revoke-sessions on A');
      await expectCutOff(onB, send, 'after revoke, through Redis');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('open event streams per person', () => {
  it('past EVENT_STREAMS_PER_USER a new stream is a 429; closing one makes room', async () => {
    const b = await buyer(t, 'f9-b');
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openEvents(b));
    expect(streams.map((x) => x.res.status)).toEqual([200, 200, 200]);
    const over = await fetch(`${t.baseUrl}/api/events`, {
      headers: { cookie: `better-auth.session_token=${b.cookie('better-auth.session_token')}` },
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await over.json()) as { error: string; message: string };
    expect(body.error).toBe('rate_limited');
    expect(body.message).toMatch(/close some tabs/);
    // Another person is not affected.
    const other = await openEvents(await buyer(t, 'f9-other'));
    expect(other.res.status).toBe(200);
    other.close();
    streams[0]?.close();
    // The slot is freed once the server sees that connection close: waited for, however busy the machine.
    let again = await openEvents(b);
    for (const until = Date.now() + 10_000; again.res.status === 429 && Date.now() < until; again = await openEvents(b)) {
      again.close();
      await sleep(50);
    }
    expect(again.res.status).toBe(200);
    again.close();
    for (const x of streams) x.close();
  });
});

describe('the OpenAPI document', () => {
  it('documents the 429 of GET /events past the open streams per person', async () => {
    type Doc = { paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>> };
    const doc = (await t.client().get<Doc>('/api/openapi.json')).body;
    expect(doc.paths['/events']?.get?.responses['429']?.description).toMatch(/open event streams/);
  });
});

it('EVENT_HEARTBEAT_SECONDS is 15 unless set, and one past 55 (nginx reads for 60 s) is refused by name', () => {
  expect(loadConfig({ NODE_ENV: 'development' }).eventHeartbeatMs).toBe(15_000);
  expect(loadConfig({ NODE_ENV: 'development', EVENT_HEARTBEAT_SECONDS: '5' }).eventHeartbeatMs).toBe(5_000);
  expect(() => loadConfig({ NODE_ENV: 'development', EVENT_HEARTBEAT_SECONDS: '60' })).toThrow(/EVENT_HEARTBEAT_SECONDS/);
  expect(() => loadConfig({ NODE_ENV: 'development', EVENT_HEARTBEAT_SECONDS: 'soon' })).toThrow(/EVENT_HEARTBEAT_SECONDS/);
});
