/**
 * Reports cannot be used to take listings down (issue 31, item 10): a listing is hidden by its open
 * reports only when REPORT_HIDE_THRESHOLD of them come from accounts with a history (a completed
 * order, bought or sold, or an account older than 7 days, with a proven email) or from a moderator;
 * three fresh verified accounts cannot hide anyone's listing. The moderation queue shows, beside each
 * report, whether its reporter has that history and whether they are mass reporting (many different
 * things reported in a day).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../src/db/schema';
import { moveOrder } from '../src/modules/orders/state-machine';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, admin, buyer, expectStatus, fakeUpload, insertUser, placeOrder, seller } from './helpers/builders';

type Report = {
  reporterName: string;
  reporterEstablished: boolean;
  reporterReportsToday: number;
  massReporting: boolean;
};
type Queue = { items: { kind: string; targetId: string; hidden: boolean; reports: Report[] }[] };

let t: TestApp;
let s: Client;

beforeAll(async () => {
  t = await startTestApp({ env: { REPORT_HIDE_THRESHOLD: '3' } });
  s = await seller(t, 'reported-seller');
}, 60_000);
afterAll(() => t?.close());

const listing = async () => addProduct(s, { photos: [await fakeUpload(t, s)] });
const report = (c: Client, targetId: string, kind = 'listing') =>
  c.post('/api/reports', { kind, targetId, reason: 'Looks fake' }).then((r) => expectStatus(r, 201, 'report'));
const listed = async (id: string) =>
  (await t.client().get<{ _id: string }[]>('/api/allproducts?limit=100')).body.some((p) => p._id === id);
const queue = async () => expectStatus(await (await admin(t)).get<Queue>('/api/moderation/queue'), 200, 'queue').body;
/** As if the account had been made `days` ago. */
const ageAccount = (c: Client, days: number) =>
  t.database.query(undefined, `update "user" set created_at = now() - make_interval(days => $2) where id = $1`, [c.id, days]);
/** A booking of `c` taken through paid to completed by the hand-off's state machine (as a confirmed code does). */
async function completedPurchase(c: Client) {
  const id = await placeOrder(c, await listing());
  const { db } = t.database;
  await db.update(order).set({ status: 'paid' }).where(eq(order.id, id));
  await db.transaction((tx) => moveOrder(tx, { orderId: id, to: 'completed', actorId: s.id }));
}

describe('hiding a listing by reports', () => {
  it('three fresh verified accounts cannot hide a listing; the queue says their reports do not count', async () => {
    const id = await listing();
    const fresh = [await buyer(t, 'fresh-1'), await buyer(t, 'fresh-2'), await buyer(t, 'fresh-3')];
    for (const c of fresh) await report(c, id);
    expect(await listed(id)).toBe(true);
    const item = (await queue()).items.find((i) => i.targetId === id);
    expect(item?.hidden).toBe(false);
    expect(item?.reports.map((r) => r.reporterEstablished)).toEqual([false, false, false]);
  });

  it('reports from accounts with a history (older than 7 days, or a completed order) hide it', async () => {
    const id = await listing();
    const old1 = await buyer(t, 'old-1');
    const old2 = await buyer(t, 'old-2');
    const customer = await buyer(t, 'customer');
    await ageAccount(old1, 8);
    await ageAccount(old2, 30);
    await completedPurchase(customer);
    // A fresh account's report does not tip it over.
    await report(await buyer(t, 'fresh-4'), id);
    await report(old1, id);
    await report(old2, id);
    expect(await listed(id)).toBe(true);
    await report(customer, id);
    expect(await listed(id)).toBe(false);
    const reports = (await queue()).items.find((i) => i.targetId === id)?.reports ?? [];
    expect(reports.map((r) => r.reporterEstablished)).toEqual([false, true, true, true]);
  });

  it("a moderator's report counts; an account just 6 days old does not", async () => {
    const id = await listing();
    const young = await buyer(t, 'young');
    await ageAccount(young, 6);
    const old = await buyer(t, 'old-3');
    await ageAccount(old, 10);
    await report(young, id);
    await report(old, id);
    await report(await admin(t), id);
    expect(await listed(id)).toBe(true);
    const older = await buyer(t, 'old-4');
    await ageAccount(older, 10);
    await report(older, id);
    expect(await listed(id)).toBe(false);
  });
});

describe('mass reporting', () => {
  it('a reporter who reported many different things in a day is marked in the queue', async () => {
    const flooder = await buyer(t, 'flooder');
    const honest = await buyer(t, 'honest');
    await ageAccount(honest, 100);
    const id = await listing();
    await report(honest, id);
    await report(flooder, id);
    for (let i = 0; i < 4; i++) await report(flooder, (await insertUser(t, 'buyer')).id, 'user');
    const reports = (await queue()).items.find((i) => i.targetId === id)?.reports ?? [];
    const byName = Object.fromEntries(reports.map((r) => [r.reporterName, r]));
    expect(byName[honest.email.split('@')[0] ?? '']).toMatchObject({
      reporterEstablished: true,
      reporterReportsToday: 1,
      massReporting: false,
    });
    expect(byName[flooder.email.split('@')[0] ?? '']).toMatchObject({
      reporterEstablished: false,
      reporterReportsToday: 5,
      massReporting: true,
    });
  });
});
