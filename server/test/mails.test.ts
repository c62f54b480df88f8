/**
 * The mails people get from what happens in the shop (a booking, a payment, a refund, a verified
 * seller, a changed password, a sign-in from a new browser), received by a real SMTP server, and each
 * user's choice of the optional ones (GET/PUT /api/me/mail-settings).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIONAL_MAIL_KINDS } from '@shop/contract';
import { MAIL_KINDS } from '../src/mail/types';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  admin,
  buyer,
  expectError,
  expectStatus,
  paidAtProvider,
  payOrder,
  placeOrder,
  postPayment,
  seller,
} from './helpers/builders';
import { type Mailbox, type ReceivedMail, startMailbox } from './helpers/mailbox';

let mailbox: Mailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  // Background jobs on: the delivery job sends what the requests queued.
  t = await startTestApp({ env: { SMTP_URL: mailbox.url, JOBS_ENABLED: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** Both parts of the mail carry every one of these facts. */
function expectFacts(mail: ReceivedMail, facts: string[]) {
  for (const fact of facts) {
    expect(mail.text, `text part of "${mail.subject}" has ${fact}`).toContain(fact);
    expect(mail.html, `html part of "${mail.subject}" has ${fact}`).toContain(fact);
  }
}

/** The kinds of this file's mails queued to this address (the outbox's rows), oldest first; sign-up's own mail aside. */
async function queued(to: string): Promise<string[]> {
  const r = await t.database.db.execute<{ kind: string }>(
    sql`select kind from mail_outbox where lower(to_address) = ${to.toLowerCase()} and kind <> 'verify-email' order by seq`,
  );
  return r.rows.map((row) => row.kind);
}

/** Changes the user's password: an essential mail, used below as the last mail a test waits for. */
async function changePassword(c: Client, from: string, to: string) {
  const r = await c.post('/api/auth/change-password', { currentPassword: from, newPassword: to });
  expectStatus(r, 200, 'POST /api/auth/change-password');
}

const page = (path: string) => `${t.config.baseUrl}${path}`;

describe('the mails that matter', () => {
  it('a booking: the seller learns the item, the buyer’s name and phone, where and when, with a link to My Products', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const productId = await addProduct(s, { name: 'Pixel 7 Pro 256GB', price: 321.5 });
    await placeOrder(b, productId, { buyerName: 'Rafi Rahman', phone: '+880 1712 345678', meettingLocation: 'Dhanmondi 27' });

    const mail = await mailbox.waitFor(s.email, { subject: 'booked' });
    expect(mail.subject).toContain('Pixel 7 Pro 256GB');
    expectFacts(mail, ['Pixel 7 Pro 256GB', 'Rafi Rahman', '+880 1712 345678', 'Dhanmondi 27', '$321.50', 'UTC']);
    expect(mail.links).toContain(page('/dashboard/myproducts'));
    expect(mail.html).toContain(`href="${page('/dashboard/myproducts')}"`);
    // Nobody else hears of it.
    expect(await queued(b.email)).not.toContain('order-placed');
  });

  it('a payment: a receipt to the buyer and the news to the seller, both with the amount and the transaction', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const productId = await addProduct(s, { name: 'iPad Air M1', price: 410 });
    const orderId = await placeOrder(b, productId, { buyerName: 'Mitu Akter' });
    const { transactionId } = await payOrder(b, orderId);

    const receipt = await mailbox.waitFor(b.email, { subject: 'Payment received' });
    expectFacts(receipt, ['iPad Air M1', '$410.00', transactionId, 'card ending in 4242']);
    expect(receipt.links).toContain(page('/dashboard/myorders'));

    const sold = await mailbox.waitFor(s.email, { subject: 'paid for' });
    expectFacts(sold, ['iPad Air M1', '$410.00', transactionId, 'Mitu Akter']);
    expect(sold.links).toContain(page('/dashboard/myproducts'));
  });

  it('a refund: the buyer whose payment lost the item is told the money went back; they get no receipt', async () => {
    const s = await seller(t);
    const [first, second] = await Promise.all([buyer(t, 'first'), buyer(t, 'second')]);
    const productId = await addProduct(s, { name: 'Galaxy Watch 5', price: 99 });
    const [firstOrder, secondOrder] = await Promise.all([placeOrder(first, productId), placeOrder(second, productId)]);
    // The second buyer pays at the provider while the item is still for sale, then the first one wins it.
    const late = await paidAtProvider(second, secondOrder);
    await payOrder(first, firstOrder);
    expectError(await postPayment(second, secondOrder, late), 409, 'a payment for an item sold a moment before');

    const refund = await mailbox.waitFor(second.email, { subject: 'Refund' });
    expectFacts(refund, ['Galaxy Watch 5', '$99.00', late, 'refunded in full']);
    expect(refund.links).toContain(page('/dashboard/myorders'));
    expect(await queued(second.email)).toEqual(['refund']);
  });

  it('a verified seller is told so, once, however often an admin verifies them', async () => {
    const s = await seller(t);
    const a = await admin(t);
    expectStatus(await a.put(`/api/users/verify/${s.id}`, {}), 200, 'verify');
    expectStatus(await a.put(`/api/users/verify/${s.id}`, {}), 200, 'verify again');
    const mail = await mailbox.waitFor(s.email, { subject: 'verified' });
    expect(mail.links).toContain(page('/dashboard/myproducts'));
    expect((await queued(s.email)).filter((kind) => kind === 'seller-verified')).toHaveLength(1);
  });

  it('a password change: the user is told, with what to do if it was not them', async () => {
    const b = await buyer(t);
    await changePassword(b, 'pass-word-123', 'another-pass-456');
    const mail = await mailbox.waitFor(b.email, { subject: 'password was changed' });
    expectFacts(mail, [b.email, 'Forgot password?', 'UTC']);
    expect(mail.links).toContain(page('/login'));
  });

  it('a password reset by the mailed link: the user is told the password changed', async () => {
    const b = await buyer(t);
    expectStatus(await t.client().post('/api/auth/request-password-reset', { email: b.email }), 200, 'ask for a reset link');
    const reset = await mailbox.waitFor(b.email, { subject: 'Reset your password' });
    const link = reset.links.find((l) => l.includes('/api/auth/reset-password/'));
    const token = link ? new URL(link).pathname.split('/').pop() : undefined;
    expect(token, `a reset link in ${JSON.stringify(reset.links)}`).toBeTruthy();
    expectStatus(
      await t.client().post('/api/auth/reset-password', { token, newPassword: 'reset-pass-789' }),
      200,
      'POST /api/auth/reset-password',
    );
    const mail = await mailbox.waitFor(b.email, { subject: 'password was changed' });
    expectFacts(mail, [b.email]);
    expect(await queued(b.email)).toEqual(['reset-password', 'password-changed']);
  });

  it('a sign-in from a browser the account never used: the user is told which and from where; the same browser again is not news', async () => {
    const b = await buyer(t);
    // Another browser (no device cookie of the account's), with a user agent the account never used.
    const laptop = t.client();
    const signIn = (agent: string) =>
      laptop.request('POST', '/api/auth/sign-in/email', { email: b.email, password: 'pass-word-123' }, { 'user-agent': agent });
    const agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

    expectStatus(await signIn(agent), 200, 'sign-in from a new browser');
    const mail = await mailbox.waitFor(b.email, { subject: 'New sign-in' });
    expectFacts(mail, [b.email, agent, '127.0.0.1']);
    expect(mail.links).toContain(page('/dashboard/profile'));

    expectStatus(await signIn(agent), 200, 'sign-in from the same browser');
    await changePassword(b, 'pass-word-123', 'another-pass-456');
    await mailbox.waitFor(b.email, { subject: 'password was changed' });
    // The sign-up's own browser was remembered without a mail, and the second sign-in sent none.
    expect(await queued(b.email)).toEqual(['new-sign-in', 'password-changed']);
    expect(mailbox.all().filter((m) => m.to.includes(b.email) && m.subject.includes('New sign-in'))).toHaveLength(1);
  });
});

describe('mail settings', () => {
  it('a kind turned off is not sent while the others still are; essential mails cannot be turned off', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const off = expectStatus(await s.put('/api/me/mail-settings', { 'order-placed': false }), 200, 'turn bookings off');
    expect(off.body).toEqual({
      'order-placed': false,
      'payment-received': true,
      refund: true,
      'seller-verified': true,
      'new-message': true,
      alerts: true,
      offers: true,
    });

    const orderId = await placeOrder(b, await addProduct(s, { name: 'Kindle Paperwhite' }));
    await payOrder(b, orderId);
    await mailbox.waitFor(s.email, { subject: 'paid for' });
    await changePassword(s, 'pass-word-123', 'another-pass-456');
    await mailbox.waitFor(s.email, { subject: 'password was changed' });
    expect(await queued(s.email)).toEqual(['payment-received', 'password-changed']);
    expect(mailbox.all().filter((m) => m.to.includes(s.email) && m.subject.includes('booked'))).toEqual([]);

    // Back on: the next booking is mailed again.
    expectStatus(await s.put('/api/me/mail-settings', { 'order-placed': true }), 200, 'turn bookings on');
    await placeOrder(b, await addProduct(s, { name: 'Kobo Clara' }));
    expect((await mailbox.waitFor(s.email, { subject: 'booked' })).subject).toContain('Kobo Clara');

    const refused = expectError(
      await s.put('/api/me/mail-settings', { 'password-changed': false }),
      400,
      'turning an essential mail off',
      'password-changed',
    );
    expect(refused.field).toBe('password-changed');
  });

  it('a change that is rolled back sends nothing: the mail is queued in its transaction', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const productId = await addProduct(s, { name: 'Nothing Phone 2' });
    // A check at commit time, after the order and its mail were written, that fails this one booking.
    await t.database.db.execute(
      sql.raw(`
      create function refuse_marked_order() returns trigger language plpgsql as $$
      begin
        if new.buyer_name = 'Roll Back' then raise exception 'refused at commit'; end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw(`
      create constraint trigger refuse_marked_order after insert on orders
        deferrable initially deferred for each row execute function refuse_marked_order()`),
    );
    try {
      const r = await b.post('/api/orders', {
        productId,
        buyerName: 'Roll Back',
        email: b.email,
        phone: '+880 1800 000000',
        meettingLocation: 'Banani',
      });
      expect(r.status).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_marked_order on orders'));
      await t.database.db.execute(sql.raw('drop function refuse_marked_order()'));
    }
    expect(await queued(s.email)).toEqual([]);

    // The same booking, not refused, is mailed: only the rolled-back one was not.
    await placeOrder(b, productId, { buyerName: 'Goes Through' });
    const mail = await mailbox.waitFor(s.email, { subject: 'booked' });
    expectFacts(mail, ['Goes Through']);
    expect(await queued(s.email)).toEqual(['order-placed']);
  });

  it('GET/PUT /api/me/mail-settings: the signed-in user’s own, every kind on at first, never cached', async () => {
    const b = await buyer(t);
    const other = await buyer(t, 'other');
    const first = expectStatus(await b.get('/api/me/mail-settings'), 200, 'GET');
    expect(first.body).toEqual({
      'order-placed': true,
      'payment-received': true,
      refund: true,
      'seller-verified': true,
      'new-message': true,
      alerts: true,
      offers: true,
    });
    expect(first.headers.get('cache-control')).toBe('no-store');

    const put = expectStatus(await b.put('/api/me/mail-settings', { refund: false, 'seller-verified': false }), 200, 'PUT');
    expect(put.body).toEqual({
      'order-placed': true,
      'payment-received': true,
      refund: false,
      'seller-verified': false,
      'new-message': true,
      alerts: true,
      offers: true,
    });
    expect(put.headers.get('cache-control')).toBe('no-store');
    // Kinds left out stay as they were; the same change twice is no error.
    expectStatus(await b.put('/api/me/mail-settings', { refund: false }), 200, 'PUT again');
    expect((await b.get('/api/me/mail-settings')).body).toEqual(put.body);
    // Another user's settings are their own.
    expect((await other.get('/api/me/mail-settings')).body).toEqual(first.body);

    expectStatus(await b.put('/api/me/mail-settings', { refund: true }), 200, 'turn refunds back on');
    expect((await b.get('/api/me/mail-settings')).body).toMatchObject({ refund: true, 'seller-verified': false });
  });

  it('signed out: 401; bad input: 400 naming the field, nothing changed', async () => {
    const anonymous = t.client();
    for (const r of [
      await anonymous.get('/api/me/mail-settings'),
      await anonymous.put('/api/me/mail-settings', { refund: false }),
    ]) {
      expectError(r, 401, 'signed out');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }

    const b = await buyer(t);
    const bad: [unknown, string][] = [
      [{ refund: 'no' }, 'refund'],
      [{ 'order-placed': null }, 'order-placed'],
      [{ 'new-sign-in': false }, 'new-sign-in'],
      [{ 'verify-email': false }, 'verify-email'],
      [{ newsletter: true }, 'newsletter'],
      [[true], 'body'],
      ['"refund"', 'body'],
    ];
    for (const [body, field] of bad) {
      const r = await b.put('/api/me/mail-settings', body);
      const error = expectError(r, 400, `PUT ${JSON.stringify(body)}`, field);
      expect(error.field).toBe(field);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
    expectError(await b.request('PUT', '/api/me/mail-settings'), 400, 'PUT without a body');
    expect((await b.get('/api/me/mail-settings')).body).toEqual({
      'order-placed': true,
      'payment-received': true,
      refund: true,
      'seller-verified': true,
      'new-message': true,
      alerts: true,
      offers: true,
    });
  });

  it('the optional kinds of the API are exactly the mails that are not essential, and the API is documented', async () => {
    const optional = Object.entries(MAIL_KINDS)
      .filter(([, k]) => !k.essential)
      .map(([kind]) => kind);
    expect([...OPTIONAL_MAIL_KINDS].sort()).toEqual(optional.sort());

    const doc = await t.client().get<{ paths: Record<string, Record<string, { security?: unknown }>> }>('/api/openapi.json');
    const path = doc.body.paths['/me/mail-settings'];
    expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'put']);
    expect(path?.put?.security).toEqual([{ session: [] }]);
  });
});
