/**
 * The hand-off: money held at payment, captured when the seller confirms the buyer's code, released
 * by the job after the hold time, declined at the meeting, disputed after it; unpaid bookings expire.
 * Both providers (simulated, Stripe through the local fake with manual capture). The app goes by a
 * clock the tests move on (no sleeping); jobs are run with app.jobs.runDue().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUSES, type Handoff } from '@shop/contract';
import { job, order, orderCase, orderTransition, product } from '../src/db/schema';
import { moveOrder, canMove, type OrderStatus } from '../src/modules/orders/state-machine';
import { AppError } from '../src/lib/errors';
import type { Client } from './helpers/client';
import {
  PROVIDERS,
  adminOf,
  newBuyer,
  newProduct,
  newSeller,
  orderOf,
  payAtProvider,
  placeOrder,
  postPayment,
  startPayWorld,
  type PayWorld,
} from './helpers/payments-fixtures';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(PROVIDERS)('hand-off with the %s provider', (kind) => {
  let w: PayWorld;
  let now = new Date();
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  /**
   * Every job once, at the test clock's time. Each test starts its clock at the real time again (the
   * database stamps bookings and payments with it), so a job an earlier test ran "later" is made due.
   */
  const runJobs = async () => {
    await w.t.database.db.update(job).set({ nextRunAt: now, lockedUntil: null });
    await w.t.app.jobs.runDue();
  };

  beforeAll(async () => {
    w = await startPayWorld(kind, { clock: () => now });
  });
  afterAll(() => w.close());

  const db = () => w.t.database.db;

  /** A paid (held) order: seller, buyer, product and order ids, the provider's transaction. */
  async function heldOrder(price = 120) {
    now = new Date();
    const seller = await newSeller(w.t);
    const productId = await newProduct(seller, price);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, intent.paymentIntentId)).status).toBe(201);
    return { seller, buyer, productId, orderId, tx: intent.paymentIntentId };
  }

  const intentStatus = async (id: string) => (w.fake ? w.fake.intents.get(id)?.status : simStatus(id));
  async function simStatus(id: string) {
    const r = await w.t.database.query<{ status: string }>('t_sim', 'select status from simulated_intent where id = $1', [id]);
    return r[0]?.status;
  }
  const handoffOf = async (c: Client, orderId: string) => {
    const r = await c.get<Handoff>(`/api/orders/${orderId}/handoff`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const confirm = (seller: Client, orderId: string, code: string) =>
    seller.post<Handoff & { error?: string; message?: string; field?: string }>(`/api/orders/${orderId}/handoff/confirm`, {
      code,
    });
  const transitions = async (orderId: string) =>
    db().select().from(orderTransition).where(eq(orderTransition.orderId, orderId)).orderBy(orderTransition.id);
  const events = async (userId: string, orderId: string, status: string) =>
    w.t.database.query<{ id: number }>(
      't_ev',
      `select id from user_event where user_id = $1 and type = 'order' and data->>'orderId' = $2 and data->>'status' = $3`,
      [userId, orderId, status],
    );
  const mailsTo = async (email: string, kindOf: string) =>
    w.t.database.query<{ subject: string }>(
      't_mail',
      'select subject from mail_outbox where lower(to_address) = lower($1) and kind = $2',
      [email, kindOf],
    );

  it('paying holds the money: "paid" is held, the item reserved, only the buyer sees the code', async () => {
    const { seller, buyer, productId, orderId, tx } = await heldOrder();
    expect(await intentStatus(tx)).toBe('requires_capture');
    const o = await orderOf(buyer, orderId);
    expect(o).toMatchObject({ status: 'paid', paid: true, payment: { status: 'succeeded', capturedAt: null } });
    const [p] = await db().select({ status: product.status }).from(product).where(eq(product.id, productId));
    expect(p?.status).toBe('sold');

    const mine = await handoffOf(buyer, orderId);
    expect(mine).toMatchObject({ role: 'buyer', status: 'paid', canDecline: true, attemptsLeft: 5 });
    expect(mine.code).toMatch(/^\d{6}$/);
    expect(mine.qr).toBe(`shop-handoff:${orderId}:${mine.code}`);
    expect(Date.parse(mine.heldUntil ?? '')).toBeGreaterThan(Date.now() + 6 * DAY - HOUR);
    const theirs = await handoffOf(seller, orderId);
    expect(theirs).toMatchObject({ role: 'seller', status: 'paid', code: null, qr: null, canDecline: false });
    // Nobody else learns the order exists.
    expect((await (await newBuyer(w.t)).get(`/api/orders/${orderId}/handoff`)).status).toBe(404);
    // The code is stored only as a keyed hash, and never mailed.
    const stored = await w.t.database.query<{ code_hash: string }>(
      't_hash',
      'select code_hash from order_handoff where order_id = $1',
      [orderId],
    );
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(mine.code);
    const mailed = await w.t.database.query<{ n: number }>(
      't_mailcode',
      `select count(*)::int as n from mail_outbox where text like '%' || $1 || '%' or html like '%' || $1 || '%'`,
      [mine.code],
    );
    expect(mailed[0]?.n).toBe(0);
  });

  it('the right code captures the held money and completes the order; both sides are told at once; a double confirm changes nothing', async () => {
    const { seller, buyer, productId, orderId, tx } = await heldOrder(90);
    const { code } = await handoffOf(buyer, orderId);
    assertCode(code);
    // The buyer cannot confirm their own hand-off.
    expect((await confirm(buyer, orderId, code)).status).toBe(403);

    const r = await confirm(seller, orderId, code);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'completed', role: 'seller', code: null });
    expect(await intentStatus(tx)).toBe('succeeded');
    const o = await orderOf(buyer, orderId);
    expect(o.status).toBe('completed');
    expect(o.payment?.status).toBe('succeeded');
    expect((o.payment as { capturedAt?: string | null }).capturedAt).toEqual(expect.any(String));
    expect(await events(buyer.id, orderId, 'completed')).toHaveLength(1);
    expect(await events(seller.id, orderId, 'completed')).toHaveLength(1);
    const [p] = await db().select({ status: product.status }).from(product).where(eq(product.id, productId));
    expect(p?.status).toBe('sold');

    const before = await transitions(orderId);
    expect(before.map((t) => `${t.fromStatus}->${t.toStatus}`)).toEqual(['unpaid->paid', 'paid->completed']);
    expect(before[1]?.actorId).toBe(seller.id);
    // A second scan: the same answer, nothing moves, nothing captured again.
    const again = await confirm(seller, orderId, code);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('completed');
    expect(await transitions(orderId)).toEqual(before);
    expect(await events(seller.id, orderId, 'completed')).toHaveLength(1);
    if (w.fake) {
      const captures = w.fake.requests.filter((q) => q.path === `/v1/payment_intents/${tx}/capture`);
      expect(captures).toHaveLength(1);
      // Stripe's events, replayed: the capture's payment_intent.succeeded twice, changing nothing.
      const hook = `${w.t.baseUrl}/api/webhooks/stripe`;
      const succeeded = w.fake.eventFor(tx, 'payment_intent.succeeded');
      expect((await w.fake.deliver(hook, succeeded)).body).toEqual({ received: true, duplicate: false });
      expect((await w.fake.deliver(hook, succeeded)).body).toEqual({ received: true, duplicate: true });
      const held = w.fake.eventFor(tx, 'payment_intent.amount_capturable_updated');
      expect((await w.fake.deliver(hook, held)).status).toBe(200);
      expect(await transitions(orderId)).toEqual(before);
      expect((await orderOf(buyer, orderId)).status).toBe('completed');
    }
  });

  it('five wrong codes lock the hand-off for an hour; the lock ends on the clock', async () => {
    const { seller, buyer, orderId } = await heldOrder();
    const { code } = await handoffOf(buyer, orderId);
    assertCode(code);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await confirm(seller, orderId, wrong);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'wrong_code', field: 'code' });
      expect(r.body.message).toContain(`${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await confirm(seller, orderId, wrong);
    expect(fifth.status).toBe(423);
    expect(fifth.body.error).toBe('handoff_locked');
    // Even the right code waits for the lock.
    expect((await confirm(seller, orderId, code)).status).toBe(423);
    expect((await handoffOf(seller, orderId)).attemptsLeft).toBe(0);
    expect((await orderOf(buyer, orderId)).status).toBe('paid');
    advance(59 * 60_000);
    expect((await confirm(seller, orderId, code)).status).toBe(423);
    advance(2 * 60_000);
    const r = await confirm(seller, orderId, code);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('completed');
  });

  it('a hold not confirmed within 6 days is released by the job: the buyer gets the money back, the item is on sale, both are told', async () => {
    const { seller, buyer, productId, orderId, tx } = await heldOrder(75);
    advance(6 * DAY - 5 * 60_000);
    await runJobs();
    expect((await orderOf(buyer, orderId)).status).toBe('paid');
    advance(10 * 60_000);
    await runJobs();
    const o = await orderOf(buyer, orderId);
    expect(o).toMatchObject({ status: 'released', paid: false, payment: { status: 'refunded' } });
    expect(await intentStatus(tx)).toBe('canceled');
    if (w.fake) expect(w.fake.refundedIntents()).toContain(tx);
    const [p] = await db().select({ status: product.status }).from(product).where(eq(product.id, productId));
    expect(p?.status).toBe('available');
    const t = await transitions(orderId);
    expect(t.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'released', actorId: null });
    for (const side of [buyer, seller]) {
      expect(await events(side.id, orderId, 'released')).toHaveLength(1);
      const bell = await side.get<{ kind: string; title: string }[]>('/api/notifications?limit=20');
      expect(bell.body.some((n) => n.kind === 'handoff' && n.title.startsWith('Hold released'))).toBe(true);
      expect((await mailsTo(side.email, 'refund')).some((m) => m.subject.startsWith('Hold released'))).toBe(true);
    }
    // The job again, and the code afterwards: nothing changes.
    advance(HOUR);
    await runJobs();
    expect(await transitions(orderId)).toEqual(t);
    const { status } = await confirm(seller, orderId, '123456');
    expect(status).toBe(409);
  });

  it('the buyer declines at the meeting: hold released, item relisted, a case for moderation; the code no longer works', async () => {
    const { seller, buyer, productId, orderId, tx } = await heldOrder();
    const { code } = await handoffOf(buyer, orderId);
    assertCode(code);
    expect((await seller.post(`/api/orders/${orderId}/decline`, { text: 'mine' })).status).toBe(403);
    expect((await buyer.post(`/api/orders/${orderId}/decline`, { text: '' })).body).toMatchObject({ field: 'text' });
    const r = await buyer.post<Handoff>(`/api/orders/${orderId}/decline`, { text: 'The screen is cracked, not as described.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'declined', code: null, canDecline: false });
    expect(r.body.cases).toEqual([expect.objectContaining({ kind: 'declined', status: 'open' })]);
    expect(await intentStatus(tx)).toBe('canceled');
    const [p] = await db().select({ status: product.status }).from(product).where(eq(product.id, productId));
    expect(p?.status).toBe('available');
    const cases = await db().select().from(orderCase).where(eq(orderCase.orderId, orderId));
    expect(cases).toEqual([
      expect.objectContaining({ kind: 'declined', text: 'The screen is cracked, not as described.', status: 'open' }),
    ]);
    // Declining twice changes nothing; the code after a decline is a 409 naming the state.
    expect((await buyer.post(`/api/orders/${orderId}/decline`, { text: 'again' })).status).toBe(200);
    expect(await db().select().from(orderCase).where(eq(orderCase.orderId, orderId))).toHaveLength(1);
    const late = await confirm(seller, orderId, code);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('declined');
  });

  it('the buyer adds photos of the problem to a held order of theirs (and to no other) and declines with them', async () => {
    const { buyer, orderId } = await heldOrder();
    const other = await heldOrder();
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'crack.jpg');
      return f;
    };
    // Without an order, or naming another buyer's order, a buyer may not upload; a malformed id is a 400.
    expect((await buyer.postForm('/api/uploads', form())).status).toBe(403);
    expect((await buyer.postForm(`/api/uploads?orderId=${other.orderId}`, form())).status).toBe(403);
    const bad = await buyer.postForm<{ field?: string }>('/api/uploads?orderId=nope', form());
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('orderId');
    const up = await buyer.postForm<{ _id: string }>(`/api/uploads?orderId=${orderId}`, form());
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    // Another buyer cannot use that photo as evidence of their own order.
    const stolen = await other.buyer.post(`/api/orders/${other.orderId}/decline`, { text: 'Cracked.', photos: [up.body._id] });
    expect(stolen.status).toBe(400);
    const r = await buyer.post<Handoff>(`/api/orders/${orderId}/decline`, { text: 'Cracked screen.', photos: [up.body._id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [c] = await db().select().from(orderCase).where(eq(orderCase.orderId, orderId));
    expect(c?.photoIds).toEqual([up.body._id]);
    // Once declined, the order takes no more photos.
    expect((await buyer.postForm(`/api/uploads?orderId=${orderId}`, form())).status).toBe(403);
  });

  it('within 48 hours after the hand-off the buyer may dispute it; after that it is 409', async () => {
    const a = await heldOrder();
    const codeA = (await handoffOf(a.buyer, a.orderId)).code;
    assertCode(codeA);
    // Not before the hand-off: 409 naming the state.
    const early = await a.buyer.post<{ message: string }>(`/api/orders/${a.orderId}/dispute`, { text: 'too early' });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('paid');
    expect((await confirm(a.seller, a.orderId, codeA)).status).toBe(200);
    advance(47 * HOUR);
    expect((await handoffOf(a.buyer, a.orderId)).canDispute).toBe(true);
    const d = await a.buyer.post<Handoff>(`/api/orders/${a.orderId}/dispute`, { text: 'It stopped working the next day.' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.status).toBe('disputed');
    expect(d.body.cases.map((c) => c.kind)).toEqual(['disputed']);

    const b = await heldOrder();
    const codeB = (await handoffOf(b.buyer, b.orderId)).code;
    assertCode(codeB);
    expect((await confirm(b.seller, b.orderId, codeB)).status).toBe(200);
    advance(49 * HOUR);
    expect((await handoffOf(b.buyer, b.orderId)).canDispute).toBe(false);
    const late = await b.buyer.post<{ error: string }>(`/api/orders/${b.orderId}/dispute`, { text: 'late' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('dispute_window_closed');
    expect((await orderOf(b.buyer, b.orderId)).status).toBe('completed');
  });

  it('unpaid bookings expire after 48 hours (UNPAID_BOOKING_HOURS); the buyer may book again', async () => {
    now = new Date();
    const seller = await newSeller(w.t);
    const productId = await newProduct(seller);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    advance(47 * HOUR);
    await runJobs();
    expect((await orderOf(buyer, orderId)).status).toBe('unpaid');
    advance(2 * HOUR);
    await runJobs();
    expect((await orderOf(buyer, orderId)).status).toBe('expired');
    expect((await transitions(orderId)).map((t) => t.toStatus)).toEqual(['expired']);
    const listed = await w.t.client().get<{ _id: string }>(`/api/product/${productId}`);
    expect(listed.status).toBe(200);
    // No payment for an expired booking; a new booking works.
    const pay = await buyer.post<{ error: string; message: string }>('/api/create-payment-intent', { orderId });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toContain('expired');
    expect((await placeOrder(buyer, productId)).length).toBeGreaterThan(0);
  });
});

describe('the order state machine', () => {
  let w: PayWorld;
  beforeAll(async () => {
    w = await startPayWorld('simulated');
  });
  afterAll(() => w.close());

  it('refuses every move it does not list with a 409 naming the current state, changing nothing; a move to the same state is a no-op', async () => {
    const seller = await newSeller(w.t);
    const productId = await newProduct(seller);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const { db } = w.t.database;
    const statuses = ORDER_STATUSES as readonly OrderStatus[];
    let refused = 0;
    for (const from of statuses) {
      await db.update(order).set({ status: from }).where(eq(order.id, orderId));
      for (const to of statuses) {
        if (from === to || canMove(from, to)) continue;
        const before = await db.select({ n: sql<number>`count(*)::int` }).from(orderTransition);
        const err = await db
          .transaction((tx) => moveOrder(tx, { orderId, to, actorId: buyer.id }))
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(err, `${from} -> ${to}`).toBeInstanceOf(AppError);
        expect(err).toMatchObject({ statusCode: 409, code: 'order_state' });
        expect((err as Error).message).toContain(`This order is ${from}`);
        const [o] = await db.select({ status: order.status }).from(order).where(eq(order.id, orderId));
        expect(o?.status).toBe(from);
        expect(await db.select({ n: sql<number>`count(*)::int` }).from(orderTransition)).toEqual(before);
        refused++;
      }
      const same = await db.transaction((tx) => moveOrder(tx, { orderId, to: from, actorId: null }));
      expect(same).toEqual({ changed: false, from });
    }
    // 10 states: 100 pairs, less 10 to themselves, less the 10 listed moves.
    expect(refused).toBe(80);
    const allowed = statuses.flatMap((f) => statuses.filter((t) => canMove(f, t)).map((t) => `${f}->${t}`));
    expect(allowed.sort()).toEqual(
      [
        'unpaid->paid',
        'unpaid->refunded',
        'unpaid->cancelled',
        'unpaid->expired',
        'paid->completed',
        'paid->released',
        'paid->declined',
        'completed->disputed',
        'declined->resolved',
        'disputed->resolved',
      ].sort(),
    );
    await db
      .update(order)
      .set({ status: 'unpaid' })
      .where(and(eq(order.id, orderId)));
  });

  it('moderation lists the open cases and resolves one: the order becomes resolved, once', async () => {
    const seller = await newSeller(w.t);
    const productId = await newProduct(seller);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, intent.paymentIntentId)).status).toBe(201);
    expect((await buyer.post(`/api/orders/${orderId}/decline`, { text: 'Different model than listed.' })).status).toBe(200);

    expect((await buyer.get('/api/order-cases')).status).toBe(403);
    const admin = await adminOf(w.t);
    const open = await admin.get<{ _id: string; orderId: string; kind: string; text: string }[]>('/api/order-cases?status=open');
    expect(open.status).toBe(200);
    const mine = open.body.find((c) => c.orderId === orderId);
    expect(mine).toMatchObject({ kind: 'declined', text: 'Different model than listed.' });
    const resolve = () =>
      admin.post<{ status: string; resolution: string }>(`/api/order-cases/${mine?._id}/resolve`, {
        resolution: 'Seller warned; listing corrected.',
      });
    expect((await resolve()).body).toMatchObject({ status: 'resolved', resolution: 'Seller warned; listing corrected.' });
    expect((await resolve()).status).toBe(200);
    expect((await orderOf(buyer, orderId)).status).toBe('resolved');
    const moves = await w.t.database.db.select().from(orderTransition).where(eq(orderTransition.orderId, orderId));
    expect(moves.map((m) => m.toStatus)).toEqual(['paid', 'declined', 'resolved']);
    expect(moves.at(-1)?.actorId).toBe(admin.id);
  });

  it('over HTTP, an illegal move answers 409 naming the state and changes nothing', async () => {
    const seller = await newSeller(w.t);
    const productId = await newProduct(seller);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const confirm = await seller.post<{ error: string; message: string }>(`/api/orders/${orderId}/handoff/confirm`, {
      code: '123456',
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body).toMatchObject({ error: 'order_state', message: expect.stringContaining('This order is unpaid') });
    const decline = await buyer.post<{ message: string }>(`/api/orders/${orderId}/decline`, { text: 'no' });
    expect(decline.status).toBe(409);
    expect(decline.body.message).toContain('unpaid');
    expect((await orderOf(buyer, orderId)).status).toBe('unpaid');
    expect(await w.t.database.db.select().from(orderTransition).where(eq(orderTransition.orderId, orderId))).toEqual([]);
    // Bad input names the field.
    const bad = await seller.post<{ field: string }>(`/api/orders/${orderId}/handoff/confirm`, { code: '12ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('code');
  });
});

function assertCode(code: string | null): asserts code is string {
  expect(code).toMatch(/^\d{6}$/);
}
