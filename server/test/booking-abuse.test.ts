/**
 * Booking cannot be used to harvest sellers' phones or flood them with mail (issue 31, item 4): a
 * booking needs a verified email (403 email_not_verified); a buyer holds at most
 * BOOKINGS_OPEN_UNPAID_MAX unpaid bookings and makes at most BOOKINGS_PER_DAY_MAX a day, deleted,
 * cancelled and expired ones included (429 with a clear message); the seller's phone reaches the
 * buyer only once the booking is paid; and what people type reaches other people's mail quoted as
 * their words, escaped.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED } from '@shop/contract';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  buyer,
  expectError,
  expectStatus,
  fakeUpload,
  orderBody,
  payOrder,
  placeOrder,
  seller,
  uniqueEmail,
} from './helpers/builders';

const PHONE = '+880 1999 313131';
const OPEN_MAX = 3;
const DAY_MAX = 5;

let t: TestApp;
let s: Client;

const item = async () => addProduct(s, { number: PHONE, photos: [await fakeUpload(t, s)] });
const book = (b: Client, productId: string, overrides = {}) =>
  b.post<{ insertedId: string }>('/api/orders', orderBody(b, productId, overrides));
const ordersOf = async (id: string) =>
  (await t.database.query<{ n: number }>(undefined, 'select count(*)::int as n from orders where buyer_id = $1', [id]))[0]?.n;

/** The newest mail of this kind queued to `to` (the development outbox keeps both parts). */
async function lastMail(to: string, kind: string) {
  const [row] = await t.database.query<{ subject: string; text: string; html: string }>(
    undefined,
    'select subject, text, html from mail_outbox where lower(to_address) = lower($1) and kind = $2 order by seq desc limit 1',
    [to, kind],
  );
  if (!row) throw new Error(`no ${kind} mail to ${to}`);
  return row;
}

/** How many "Your item was booked" mails the seller was sent so far. */
const bookingMails = async () =>
  (
    await t.database.query<{ n: number }>(
      undefined,
      `select count(*)::int as n from mail_outbox where lower(to_address) = lower($1) and kind = 'order-placed'`,
      [s.email],
    )
  )[0]?.n ?? -1;

beforeAll(async () => {
  t = await startTestApp({ env: { BOOKINGS_OPEN_UNPAID_MAX: String(OPEN_MAX), BOOKINGS_PER_DAY_MAX: String(DAY_MAX) } });
  s = await seller(t, 'booked-seller');
}, 60_000);
afterAll(() => t?.close());

describe('booking abuse', () => {
  it('an account without a verified email cannot book (403 email_not_verified, saying what to do); nothing is stored or mailed', async () => {
    const throwaway = await t.client().signUp(uniqueEmail('throwaway'), { verified: false });
    const productId = await item();
    const mailsBefore = await bookingMails();
    const body = expectError(await book(throwaway, productId), 403, 'unverified booking');
    expect(body.error).toBe(EMAIL_NOT_VERIFIED);
    expect(body.message).toMatch(/verify your email address to book an item/i);
    expect(await ordersOf(throwaway.id)).toBe(0);
    expect(await bookingMails()).toBe(mailsBefore);
  });

  it(`a buyer holds at most ${OPEN_MAX} unpaid bookings (429 too_many_open_bookings); paying or deleting one makes room`, async () => {
    const b = await buyer(t, 'open-booker');
    const ids: string[] = [];
    for (let i = 0; i < OPEN_MAX; i++) ids.push(await placeOrder(b, await item()));
    const refused = expectError(await book(b, await item()), 429, 'one too many open');
    expect(refused.error).toBe('too_many_open_bookings');
    expect(refused.message).toContain(`You have ${OPEN_MAX} bookings waiting for payment`);
    expect(refused.message).toMatch(/Pay for one or delete one in My Orders/);
    expect(await ordersOf(b.id)).toBe(OPEN_MAX);
    // Paid: no longer open.
    await payOrder(b, ids[0] ?? '');
    await placeOrder(b, await item());
    // Deleted: no longer open either.
    expectError(await book(b, await item()), 429, 'full again');
    expectStatus(await b.del(`/api/orders/${ids[1]}`), 200, 'delete one');
    await placeOrder(b, await item());
  });

  it(`book and delete, again and again: the ${DAY_MAX + 1}th booking of the day is 429 with Retry-After, deleted ones counted`, async () => {
    const b = await buyer(t, 'cycling-booker');
    const productId = await item();
    const mailsBefore = await bookingMails();
    for (let i = 0; i < DAY_MAX; i++) {
      const id = await placeOrder(b, productId);
      expectStatus(await b.del(`/api/orders/${id}`), 200, `delete booking ${i + 1}`);
    }
    expect(await ordersOf(b.id)).toBe(0);
    const r = await book(b, productId);
    const refused = expectError(r, 429, 'one booking too many today');
    expect(refused.error).toBe('rate_limited');
    expect(refused.message).toContain(`You booked ${DAY_MAX} items in the last 24 hours`);
    const wait = Number(r.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    // The seller got DAY_MAX booking mails, not one more.
    expect((await bookingMails()) - mailsBefore).toBe(DAY_MAX);
  });

  it('cancelled and expired bookings of the last 24 hours count too', async () => {
    const b = await buyer(t, 'lapsed-booker');
    const productId = await item();
    // Bookings that lapsed or were cancelled today, as the jobs and mark-sold leave them.
    for (let i = 0; i < DAY_MAX; i++)
      await t.database.query(
        undefined,
        `insert into orders (id, buyer_id, product_id, buyer_name, phone, meeting_location, price_cents, status, created_at)
         values ($1, $2, $3, 'Bea', '+880 1', 'Here', 100, $4, now() - interval '20 hours')`,
        [crypto.randomUUID(), b.id, productId, i % 2 ? 'cancelled' : 'expired'],
      );
    const refused = expectError(await book(b, productId), 429, 'lapsed bookings of the day count');
    expect(refused.error).toBe('rate_limited');
    // Older than a day: no longer counted.
    await t.database.query(undefined, `update orders set created_at = now() - interval '25 hours' where buyer_id = $1`, [b.id]);
    await placeOrder(b, productId);
  });

  it("the seller's phone is empty on an unpaid booking (so book-read-delete harvests nothing) and given once it is paid", async () => {
    const b = await buyer(t, 'phone-booker');
    const orderId = await placeOrder(b, await item());
    const before = expectStatus(await b.get<{ sellerPhone?: string }>(`/api/order/${orderId}`), 200, 'unpaid order');
    expect(before.body.sellerPhone).toBe('');
    const list = await b.get<{ sellerPhone?: string }[]>(`/api/orders?email=${encodeURIComponent(b.email)}`);
    expect(JSON.stringify(list.body).replace(/\D/g, '')).not.toContain('1999313131');
    await payOrder(b, orderId);
    expect((await b.get<{ sellerPhone?: string }>(`/api/order/${orderId}`)).body.sellerPhone).toBe(PHONE);
  });

  it("the booking mail quotes the buyer's words as theirs, escaped, and never as the shop's own sentence", async () => {
    const b = await buyer(t, 'wordy-booker');
    const productId = await item();
    const location = 'URGENT <a href="https://evil.example/pay">verify your payout</a> & call me';
    await placeOrder(b, productId, { buyerName: 'Shop Support Team', meettingLocation: location });
    const mail = await lastMail(s.email, 'order-placed');
    // Text part: introduced as the buyer's, each value in quotes on a "> " line.
    expect(mail.text).toContain('The buyer wrote (their words, not the shop’s):');
    expect(mail.text).toContain(`> Meeting location: “${location}”`);
    expect(mail.text).toContain('> Name: “Shop Support Team”');
    expect(mail.text).not.toMatch(/^Shop Support Team booked/m);
    // HTML part: inside a blockquote, escaped (no link of the buyer's).
    const quote = mail.html.match(/<blockquote[^>]*>([\s\S]*?)<\/blockquote>/)?.[1] ?? '';
    expect(quote).toContain(
      'Meeting location: “URGENT &lt;a href=&quot;https://evil.example/pay&quot;&gt;verify your payout&lt;/a&gt; &amp; call me”',
    );
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html.split('<blockquote')[0]).not.toContain('Shop Support Team');
  });

  it("a message's mail quotes the sender's words as theirs, escaped", async () => {
    const b = await buyer(t, 'writing-buyer');
    const c = expectStatus(await b.post<{ _id: string }>('/api/conversations', { listingId: await item() }), 201, 'open');
    const text = 'Your account is locked: <b>log in at https://evil.example</b>';
    expectStatus(await b.post(`/api/conversations/${c.body._id}/messages`, { text }), 201, 'send');
    const mail = await lastMail(s.email, 'new-message');
    expect(mail.text).toContain('The sender wrote (their words, not the shop’s):');
    expect(mail.text).toContain(`> “${text}”`);
    const quote = mail.html.match(/<blockquote[^>]*>([\s\S]*?)<\/blockquote>/)?.[1] ?? '';
    expect(quote).toContain('“Your account is locked: &lt;b&gt;log in at https://evil.example&lt;/b&gt;”');
  });
});
