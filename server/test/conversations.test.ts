/**
 * Buyer and seller talk: one conversation per (listing, buyer); only its two people read and write
 * (an admin reads a reported one); keyset pages of messages; unread counts and read receipts;
 * blocking stops messages both ways; a per-person message rate limit; the bell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_CHARS } from '@shop/contract';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, admin, buyer, expectError, expectStatus, payOrder, placeOrder, seller, walkPages } from './helpers/builders';

type Conv = {
  _id: string;
  listingId: string;
  role: string;
  otherId: string;
  otherName: string;
  unread: number;
  blocked: boolean;
  otherPhone: string;
  otherVerified: boolean;
  otherReadUpTo: string;
  lastMessage: { text: string; mine: boolean } | null;
};
type Msg = { _id: string; text: string; mine: boolean; senderId: string };
type Note = { kind: string; title: string; link: string; read: boolean };

let t: TestApp;
let s: Client;
let b: Client;
let third: Client;
let listing: string;
let convId: string;

async function open(who: Client, listingId: string) {
  const r = await who.post<Conv>('/api/conversations', { listingId });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  return r;
}
const send = (who: Client, id: string, text: string) => who.post<Msg>(`/api/conversations/${id}/messages`, { text });

beforeAll(async () => {
  t = await startTestApp({ env: { MESSAGE_RATE_MAX: '12' } });
  s = await seller(t, 'talk-seller');
  b = await buyer(t, 'talk-buyer');
  third = await buyer(t, 'talk-third');
  listing = await addProduct(s, { number: '+1 555 0100' });
  const r = await open(b, listing);
  expect(r.status).toBe(201);
  convId = r.body._id;
}, 60_000);
afterAll(() => t?.close());

describe('conversations', () => {
  it('one conversation per listing and buyer: opening again answers the same one; a seller cannot open one on their own listing', async () => {
    const again = await open(b, listing);
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(convId);
    expect(again.body).toMatchObject({ role: 'buyer', otherId: s.id, otherPhone: '' });
    expect(expectStatus(await b.get<Conv>(`/api/conversations/by-listing/${listing}`), 200, 'by listing').body._id).toBe(convId);
    expectError(await s.post('/api/conversations', { listingId: listing }), 409, 'own listing');
    expectError(await b.post('/api/conversations', { listingId: crypto.randomUUID() }), 404, 'unknown listing');
    expectError(await b.post('/api/conversations', { listingId: 'nope' }), 400, 'bad id', 'listingId');
  });

  it('a third user can neither read nor write (404); signed out is 401', async () => {
    expectStatus(await send(b, convId, 'Hello, is it still available?'), 201, 'first message');
    expectError(await third.get(`/api/conversations/${convId}`), 404, 'third reads');
    expectError(await third.get(`/api/conversations/${convId}/messages`), 404, 'third reads messages');
    expectError(await send(third, convId, 'hi'), 404, 'third posts');
    expectError(await third.post(`/api/conversations/${convId}/read`), 404, 'third marks read');
    expectError(await third.post(`/api/conversations/${convId}/report`, { reason: 'x' }), 404, 'third reports');
    expect((await third.get<Conv[]>('/api/conversations')).body).toEqual([]);
    const anon = t.client();
    expectError(await anon.get(`/api/conversations/${convId}`), 401, 'anonymous');
    expectError(await anon.get('/api/conversations'), 401, 'anonymous list');
    // An admin reads only a reported conversation.
    const a = await admin(t);
    expectError(await a.get(`/api/conversations/${convId}/messages`), 404, 'admin, no report');
  });

  it('texts are 1 to 2,000 characters, kept as sent (a link is text)', async () => {
    expectError(await send(b, convId, ''), 400, 'empty', 'text');
    expectError(await send(b, convId, 'x'.repeat(MESSAGE_MAX_CHARS + 1)), 400, 'too long', 'text');
    const long = expectStatus(await send(b, convId, 'y'.repeat(MESSAGE_MAX_CHARS)), 201, 'longest');
    expect(long.body.text).toHaveLength(MESSAGE_MAX_CHARS);
    const link = expectStatus(await send(b, convId, 'see <a href="https://evil.example">here</a>'), 201, 'link');
    expect(link.body.text).toBe('see <a href="https://evil.example">here</a>');
  });

  it('the seller is mailed once per conversation until they read it, and not once they turn it off', async () => {
    const mails = async () =>
      (
        await t.database.query<{ n: number }>(
          undefined,
          `select count(*)::int as n from mail_outbox where to_address = $1 and kind = 'new-message'`,
          [s.email],
        )
      )[0]?.n;
    // Three messages so far, one unread notification: one mail.
    expect(await mails()).toBe(1);
    expectStatus(await s.put('/api/me/mail-settings', { 'new-message': false }), 200, 'turn message mails off');
    const other = await buyer(t, 'talk-quiet');
    const c = (await open(other, listing)).body._id;
    expectStatus(await send(other, c, 'hello'), 201, 'a message to the seller');
    expect(await mails()).toBe(1);
    expectStatus(await s.put('/api/me/mail-settings', { 'new-message': true }), 200, 'turn them on again');
  });

  it('the seller sees it newest first with the unread count; reading sends a receipt', async () => {
    const list = expectStatus(await s.get<Conv[]>('/api/conversations'), 200, 'seller list').body;
    expect(list).toHaveLength(2);
    const ours = list.find((x) => x._id === convId);
    expect(ours).toMatchObject({ role: 'seller', otherId: b.id, unread: 3, blocked: false });
    expect(ours?.lastMessage?.mine).toBe(false);
    const read = expectStatus(await s.post<{ readUpTo: string }>(`/api/conversations/${convId}/read`), 200, 'read');
    expect((await s.get<Conv[]>('/api/conversations')).body.find((x) => x._id === convId)?.unread).toBe(0);
    const mine = (await b.get<Conv>(`/api/conversations/${convId}`)).body;
    expect(mine.otherReadUpTo).toBe(read.body.readUpTo);
    const bell = (await s.get<Note[]>('/api/notifications')).body.filter((n) => n.link.endsWith(convId));
    expect(bell).toHaveLength(1);
    expect(bell[0]?.read).toBe(true);
  });

  it('messages page newest first by keyset: every message exactly once', async () => {
    const c = (await open(third, listing)).body._id;
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push(expectStatus(await send(i % 2 ? s : third, c, `m${i}`), 201, `m${i}`).body._id);
    const walked = (await walkPages<Msg>(third, `/api/conversations/${c}/messages?limit=3`)).rows;
    expect(walked.map((m) => m._id)).toEqual([...sent].reverse());
    expect(walked.map((m) => m.mine)).toEqual([true, false, true, false, true, false, true]);
    // A cursor of another conversation is refused.
    const page = await third.get(`/api/conversations/${c}/messages?limit=3`);
    const next = (page.headers.get('link') ?? '').match(/cursor=([^&>]+)/)?.[1] ?? '';
    expectError(await b.get(`/api/conversations/${convId}/messages?cursor=${next}`), 400, 'foreign cursor', 'cursor');
  });

  it('a seller opens a conversation only with a buyer who booked the item', async () => {
    const booker = await buyer(t, 'talk-booker');
    expectError(await s.post('/api/conversations', { listingId: listing, buyerId: booker.id }), 404, 'no booking yet');
    await placeOrder(booker, listing, { phone: '+1 555 0142' });
    const r = await s.post<Conv>('/api/conversations', { listingId: listing, buyerId: booker.id });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ role: 'seller', otherId: booker.id, otherPhone: '+1 555 0142' });
    expect((await open(booker, listing)).body._id).toBe(r.body._id);
    expectError(await third.post('/api/conversations', { listingId: listing, buyerId: booker.id }), 403, 'a buyer names another');
  });

  it('says whether the other person is a verified seller (the tick beside their name); a buyer never is', async () => {
    expect((await b.get<Conv>(`/api/conversations/${convId}`)).body.otherVerified).toBe(false);
    expectStatus(await (await admin(t)).put(`/api/users/verify/${s.id}`), 200, 'verify the seller');
    expect((await b.get<Conv>(`/api/conversations/${convId}`)).body.otherVerified).toBe(true);
    expect((await s.get<Conv>(`/api/conversations/${convId}`)).body.otherVerified).toBe(false);
  });

  it("a booking gives the seller the buyer's phone, and the buyer the seller's once it is paid", async () => {
    const orderId = await placeOrder(b, listing, { phone: '+1 555 0199' });
    expect((await b.get<Conv>(`/api/conversations/${convId}`)).body.otherPhone).toBe('');
    expect((await s.get<Conv>(`/api/conversations/${convId}`)).body.otherPhone).toBe('+1 555 0199');
    // Told just after the booking's answer went out.
    await expect
      .poll(async () =>
        (await s.get<Note[]>('/api/notifications')).body.some(
          (n) => n.kind === 'order-placed' && n.title.startsWith('Order placed'),
        ),
      )
      .toBe(true);
    expect((await s.get<{ unread: number }>('/api/notifications/unread-count')).body.unread).toBeGreaterThan(0);
    expectStatus(await s.post('/api/notifications/read', {}), 200, 'read all');
    expect((await s.get<{ unread: number }>('/api/notifications/unread-count')).body.unread).toBe(0);
    await payOrder(b, orderId);
    expect((await b.get<Conv>(`/api/conversations/${convId}`)).body.otherPhone).toBe('+1 555 0100');
  });

  it('blocking stops messages both ways until unblocked', async () => {
    expectStatus(await s.post('/api/blocks', { userId: b.id }), 200, 'block');
    expectError(await send(b, convId, 'hello?'), 403, 'blocked buyer writes');
    expectError(await send(s, convId, 'bye'), 403, 'blocker writes');
    expect((await b.get<Conv>(`/api/conversations/${convId}`)).body.blocked).toBe(true);
    expect((await s.get<{ userId: string }[]>('/api/blocks')).body.map((x) => x.userId)).toEqual([b.id]);
    expectError(await s.post('/api/blocks', { userId: s.id }), 400, 'block oneself', 'userId');
    expectStatus(await s.del(`/api/blocks/${b.id}`), 200, 'unblock');
    expectStatus(await send(b, convId, 'hello again'), 201, 'after unblock');
  });

  it('a report puts the conversation in the moderation queue, and the admin may read it', async () => {
    expectStatus(
      await s.post(`/api/conversations/${convId}/report`, { reason: 'Asks me to pay outside the shop' }),
      201,
      'report',
    );
    const a = await admin(t);
    const queue = expectStatus(
      await a.get<{ items: { kind: string; targetId: string }[] }>('/api/moderation/queue'),
      200,
      'queue',
    ).body;
    expect(queue.items.filter((i) => i.kind === 'conversation').map((i) => i.targetId)).toContain(convId);
    expectError(await b.get('/api/moderation/queue'), 403, 'buyer reads the queue');
    expectStatus(await a.get(`/api/conversations/${convId}/messages`), 200, 'admin reads the reported conversation');
    expect((await a.get<{ readOnly: boolean }>(`/api/conversations/${convId}`)).body.readOnly).toBe(true);
    expect((await b.get<{ readOnly: boolean }>(`/api/conversations/${convId}`)).body.readOnly).toBe(false);
    expectError(await send(a, convId, 'admin here'), 403, 'admin writes');
  });

  it('a seller is told on the bell when an admin verifies them, once', async () => {
    const a = await admin(t);
    expectStatus(await a.put(`/api/users/verify/${s.id}`), 200, 'verify');
    expectStatus(await a.put(`/api/users/verify/${s.id}`), 200, 'verify again');
    const told = async () => (await s.get<Note[]>('/api/notifications')).body.filter((n) => n.kind === 'seller-verified');
    await expect.poll(async () => (await told()).map((n) => n.title)).toEqual(['Your seller account is verified']);
  });

  it('a buyer whose booking is cancelled by a sale elsewhere is told on the bell', async () => {
    const item = await addProduct(s, { name: 'Sold elsewhere' });
    const late = await buyer(t, 'talk-late');
    await placeOrder(late, item);
    const sold = expectStatus(await s.post<{ cancelledBookings: number }>(`/api/products/${item}/mark-sold`), 200, 'mark sold');
    expect(sold.body.cancelledBookings).toBe(1);
    await expect
      .poll(async () =>
        (await late.get<Note[]>('/api/notifications')).body.filter((n) => n.kind === 'booking-cancelled').map((n) => n.title),
      )
      .toEqual(['Booking cancelled: Sold elsewhere']);
  });

  it('too many messages a minute are 429', async () => {
    const fast = await buyer(t, 'fast');
    const c = (await open(fast, listing)).body._id;
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) codes.push((await send(fast, c, `spam ${i}`)).status);
    expect(codes.slice(0, 12).every((x) => x === 201)).toBe(true);
    expect(codes.slice(12)).toEqual([429, 429]);
    const refused = await send(fast, c, 'one more');
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('a message to (or from) a suspended or closed account is refused with 409; once unsuspended it goes through', async () => {
    const s2 = await seller(t, 'talk-suspended-seller');
    const b2 = await buyer(t, 'talk-suspended-buyer');
    const c = (await open(b2, await addProduct(s2))).body._id;
    expectStatus(await send(b2, c, 'Still for sale?'), 201, 'before');
    await t.database.query(undefined, 'update "user" set suspended_at = now() where id = $1', [s2.id]);
    const body = expectError(await send(b2, c, 'Hello?'), 409, 'to a suspended seller');
    expect(body.error).toBe('account_closed');
    const seen = await b2.get<unknown[]>(`/api/conversations/${c}/messages`);
    expect(seen.body).toHaveLength(1);
    await t.database.query(undefined, 'update "user" set suspended_at = null where id = $1', [s2.id]);
    expectStatus(await send(b2, c, 'Hello again'), 201, 'after unsuspend');
  });
});
