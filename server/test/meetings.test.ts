/**
 * Meetings: safe meetup spots (admins keep them, anyone finds the nearest), a booking's proposed
 * times and place and their confirmation, as its buyer, its seller, another buyer and an admin; the
 * .ics calendar file (parsed with ical.js) in the meeting place's time zone, in the confirmation
 * mail too; the reminder 2 hours before and the question after a missed meeting (jobs, on a clock
 * the test moves on); the phone and home area remembered for the next booking.
 */
import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, mailOutbox, notification } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  admin,
  buyer as newBuyer,
  expectError,
  expectStatus,
  placeOrder,
  seller as newSeller,
} from './helpers/builders';

type Spot = { _id: string; name: string; lat: number; lng: number; distanceKm?: number; hours: string };
type Meeting = {
  orderId: string;
  spotId: string | null;
  place: string;
  timeZone: string;
  proposedTimes: string[];
  proposedBy: 'buyer' | 'seller';
  time: string | null;
};

const HOUR = 60 * 60_000;
let now = new Date();
let t: TestApp;
let adm: Client;
let anon: Client;
let spots: Spot[];

beforeAll(async () => {
  t = await startTestApp({ clock: () => now, env: { JOBS_ENABLED: 'true' } });
  adm = await admin(t);
  anon = t.client();
});
afterAll(() => t?.close());

/** A booking of an item listed in Dhaka. */
async function booking() {
  const seller = await newSeller(t, 'meet-seller');
  const productId = await addProduct(seller, { location: 'Dhaka - Gulshan' });
  const buyer = await newBuyer(t, 'meet-buyer');
  const orderId = await placeOrder(buyer, productId, { phone: '+880 1811 222333' });
  return { seller, buyer, orderId };
}
/** Whole hours from the test clock, as ISO text. */
const inHours = (h: number) => new Date(Math.floor(now.getTime() / HOUR) * HOUR + h * HOUR).toISOString();

describe('safe meetup spots', () => {
  it('admins add, change and remove spots; nobody else may', async () => {
    const input = {
      name: 'Gulshan Police Station lobby',
      address: 'Gulshan Ave, Dhaka',
      lat: 23.7806,
      lng: 90.4163,
      hours: 'Open 24 hours',
    };
    const someone = await newBuyer(t, 'spot-buyer');
    expectError(await someone.post('/api/meetup-spots', input), 403, 'a buyer adds a spot');
    expectError(await anon.post('/api/meetup-spots', input), 401, 'anonymous adds a spot');
    expectError(await adm.post('/api/meetup-spots', { ...input, lat: 95 }), 400, 'bad latitude', 'lat');
    const made = await adm.post<Spot>('/api/meetup-spots', input);
    expectStatus(made, 201, 'admin adds a spot');
    const far = await adm.post<Spot>('/api/meetup-spots', { ...input, name: 'Sylhet mall desk', lat: 24.8949, lng: 91.8687 });
    const mall = await adm.post<Spot>('/api/meetup-spots', {
      ...input,
      name: 'Bashundhara City help desk',
      lat: 23.7509,
      lng: 90.3935,
    });
    const patch = (id: string, body: object, c: Client = adm) => c.request('PATCH', `/api/meetup-spots/${id}`, body);
    expectError(await patch(made.body._id, { hours: 'Daily 9-5' }, someone), 403, 'a buyer edits a spot');
    const edited = await patch(made.body._id, { hours: 'Daily 08:00-22:00' });
    expectStatus(edited, 200, 'admin edits a spot');
    const tmp = await adm.post<Spot>('/api/meetup-spots', { ...input, name: 'Closed soon' });
    expectError(await someone.del(`/api/meetup-spots/${tmp.body._id}`), 403, 'a buyer removes a spot');
    expectStatus(await adm.del(`/api/meetup-spots/${tmp.body._id}`), 200, 'admin removes a spot');
    expectError(await adm.del(`/api/meetup-spots/${tmp.body._id}`), 404, 'twice');

    // Anyone finds the nearest first, with the distance.
    const near = await anon.get<Spot[]>('/api/meetup-spots?near=23.75,90.39&limit=3');
    expectStatus(near, 200, 'spots near');
    expect(near.body.map((s) => s.name)).toEqual([
      'Bashundhara City help desk',
      'Gulshan Police Station lobby',
      'Sylhet mall desk',
    ]);
    expect(near.body[0]!.distanceKm).toBeCloseTo(0.4, 1);
    expect(near.body[1]!.hours).toBe('Daily 08:00-22:00');
    expectError(await anon.get('/api/meetup-spots?near=100,1'), 400, 'bad near', 'near');
    spots = [mall.body, made.body, far.body];
  });
});

describe('a booking’s meeting', () => {
  it('the buyer proposes, the seller confirms; another buyer and the admin cannot act', async () => {
    now = new Date();
    const { seller, buyer, orderId } = await booking();
    const other = await newBuyer(t, 'other-buyer');
    const times = [inHours(26), inHours(28), inHours(50)];
    const path = `/api/orders/${orderId}/meeting`;
    const proposal = { times, spotId: spots[0]!._id };

    expectError(await other.post(path, proposal), 404, 'another buyer proposes');
    expectError(await adm.post(path, proposal), 403, 'the admin proposes');
    expectError(await buyer.post(path, { ...proposal, times: [...times, inHours(60)] }), 400, 'four times', 'times');
    expectError(
      await buyer.post(path, { ...proposal, times: [new Date(now.getTime() - HOUR).toISOString()] }),
      400,
      'a past time',
      'times',
    );
    expectError(await buyer.post(path, { times }), 400, 'neither spot nor place', 'spotId');
    expectError(await buyer.post(path, { ...proposal, times: ['tomorrow'] }), 400, 'not a time', 'times');

    const made = await buyer.post<Meeting>(path, proposal);
    expectStatus(made, 200, 'the buyer proposes');
    expect(made.body).toMatchObject({
      proposedBy: 'buyer',
      place: 'Bashundhara City help desk',
      timeZone: 'Asia/Dhaka',
      time: null,
    });
    expect(made.body.proposedTimes).toEqual(times);
    // The seller hears of it on the bell.
    const bell = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.kind, 'meeting')));
    expect(bell.some((n) => n.title.includes('proposed a meeting'))).toBe(true);

    // Who may read it: both sides and the admin; not another buyer.
    for (const c of [buyer, seller, adm]) expectStatus(await c.get(path), 200, 'read the meeting');
    expectError(await other.get(path), 404, 'another buyer reads');

    const confirm = `${path}/confirm`;
    expectError(await buyer.post(confirm, { time: times[1] }), 403, 'the proposer confirms');
    expectError(await other.post(confirm, { time: times[1] }), 404, 'another buyer confirms');
    expectError(await adm.post(confirm, { time: times[1] }), 403, 'the admin confirms');
    expectError(await seller.post(confirm, { time: inHours(30) }), 400, 'a time not proposed', 'time');
    const ok = await seller.post<Meeting>(confirm, { time: times[1] });
    expectStatus(ok, 200, 'the seller confirms');
    expect(ok.body.time).toBe(times[1]);
    expectError(await seller.post(confirm, { time: times[1] }), 409, 'twice');
    // Both see it.
    expect((await buyer.get<Meeting>(path)).body.time).toBe(times[1]);
    expect((await seller.get<Meeting>(path)).body.time).toBe(times[1]);

    // The .ics: a real parser reads the event at that instant, in the place's time zone.
    const ics = await buyer.request('GET', `${path}.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = typeof ics.body === 'string' ? ics.body : String(ics.body);
    const cal = new ICAL.Component(ICAL.parse(text));
    const tz = cal.getFirstSubcomponent('vtimezone')!;
    expect(tz.getFirstPropertyValue('tzid')).toBe('Asia/Dhaka');
    ICAL.TimezoneService.register(tz);
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone?.tzid).toBe('Asia/Dhaka');
    expect(event.startDate.toJSDate().toISOString()).toBe(times[1]);
    // Dhaka is UTC+6: the wall-clock hour in the file is six hours after UTC's.
    expect(event.startDate.hour).toBe((new Date(times[1]!).getUTCHours() + 6) % 24);
    expect(event.location).toContain('Bashundhara City help desk');
    expectError(await other.request('GET', `${path}.ics`), 404, 'another buyer gets the .ics');

    // Both got the confirmation by mail, with the same calendar file.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'meeting'));
    const to = new Set(mails.filter((m) => m.subject.startsWith('Meeting confirmed')).map((m) => m.to));
    expect(to).toEqual(new Set([buyer.email, seller.email]));
    const attached = mails.find((m) => m.to === seller.email)!.attachments![0]!;
    expect(attached.filename).toBe('meeting.ics');
    const mailed = new ICAL.Event(new ICAL.Component(ICAL.parse(attached.content)).getFirstSubcomponent('vevent')!);
    expect(mailed.startDate.toString()).toBe(event.startDate.toString());
  });

  it('the seller may propose another time and place; the buyer then confirms', async () => {
    now = new Date();
    const { seller, buyer, orderId } = await booking();
    const path = `/api/orders/${orderId}/meeting`;
    expectStatus(await buyer.post(path, { times: [inHours(5)], spotId: spots[1]!._id }), 200, 'buyer proposes');
    const counter = await seller.post<Meeting>(path, { times: [inHours(8), inHours(9)], place: 'Dhanmondi Lake, gate 3' });
    expectStatus(counter, 200, 'the seller proposes another');
    expect(counter.body).toMatchObject({
      proposedBy: 'seller',
      spotId: null,
      place: 'Dhanmondi Lake, gate 3',
      timeZone: 'Asia/Dhaka',
    });
    expectError(await seller.post(`${path}/confirm`, { time: inHours(8) }), 403, 'the seller confirms their own');
    expectStatus(await buyer.post(`${path}/confirm`, { time: inHours(9) }), 200, 'the buyer confirms');
  });

  it('reminds both 2 hours before, and asks both what happened after a missed meeting', async () => {
    now = new Date();
    const { seller, buyer, orderId } = await booking();
    const path = `/api/orders/${orderId}/meeting`;
    const at = inHours(4);
    expectStatus(await buyer.post(path, { times: [at], spotId: spots[0]!._id }), 200, 'propose');
    expectStatus(await seller.post(`${path}/confirm`, { time: at }), 200, 'confirm');
    const runJobs = async () => {
      await t.database.db.update(job).set({ nextRunAt: now, lockedUntil: null });
      await t.app.jobs.runDue();
    };
    const titles = async (c: Client) =>
      (await t.database.db.select().from(notification).where(eq(notification.userId, c.id))).map((n) => n.title);
    now = new Date(new Date(at).getTime() - 3 * HOUR);
    await runJobs();
    expect((await titles(buyer)).filter((x) => x.startsWith('In 2 hours'))).toHaveLength(0);
    now = new Date(new Date(at).getTime() - 2 * HOUR + 60_000);
    await runJobs();
    await runJobs();
    for (const c of [buyer, seller]) expect((await titles(c)).filter((x) => x.startsWith('In 2 hours'))).toHaveLength(1);
    const reminders = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'meeting'));
    expect(
      reminders.filter((m) => m.subject.startsWith('In 2 hours') && [buyer.email, seller.email].includes(m.to)),
    ).toHaveLength(2);

    // Two hours after, no hand-off: both are asked, once.
    now = new Date(new Date(at).getTime() + 2 * HOUR);
    await runJobs();
    await runJobs();
    for (const c of [buyer, seller]) expect((await titles(c)).filter((x) => x.includes('what happened'))).toHaveLength(1);
  });
});

describe('remembered details', () => {
  it('keeps the phone of the last booking and a home area, for the next booking form', async () => {
    now = new Date();
    const { buyer } = await booking();
    const d = await buyer.get<{ phone: string; homePlace: { id: number } | null }>('/api/me/details');
    expectStatus(d, 200, 'details');
    expect(d.body).toMatchObject({ phone: '+880 1811 222333', homePlace: null });
    const saved = await buyer.request('PATCH', '/api/me/details', {
      homePlaceId: 1185241,
      homeAreaNote: 'Near Gulshan 2 circle',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ homePlace: { id: 1185241, name: 'Dhaka' }, homeAreaNote: 'Near Gulshan 2 circle' });
    expectError(await buyer.request('PATCH', '/api/me/details', { homePlaceId: 42 }), 400, 'unknown place', 'homePlaceId');
    expectError(await buyer.request('PATCH', '/api/me/details', { phone: 'call me' }), 400, 'bad phone', 'phone');
    expectError(await anon.get('/api/me/details'), 401, 'anonymous');
  });
});
