/**
 * Per-account caps hold under parallel requests (issue 31, item 3): each is counted and its row
 * inserted under the account's lock for that cap (db/account-cap.ts), so requests sent all at once
 * cannot all pass the count before any of them inserts. Uploads take their slot before the slow
 * decoding. Exactly the cap is stored, every other request is refused with the cap's 4xx, on PGlite
 * and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import { addProduct, buyer, fakeUpload, insertUser, orderBody, seller, testJpeg } from './helpers/builders';

let t: TestApp;

/** How many answers had each status, e.g. {201: 40, 429: 30}. */
function statuses(answers: Res<unknown>[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

const count = async (sql: string, params: unknown[]) =>
  (await t.database.query<{ n: number }>(undefined, sql, params))[0]?.n ?? -1;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      UNUSED_UPLOADS_MAX: '40',
      UPLOADS_PER_HOUR: '60',
      BOOKINGS_OPEN_UNPAID_MAX: '3',
      BOOKINGS_PER_DAY_MAX: '5',
    },
  });
}, 60_000);
afterAll(() => t?.close());

describe('per-account caps under parallel requests', () => {
  it('70 parallel uploads store exactly UNUSED_UPLOADS_MAX (40); the rest are 429 too_many_unused_photos', async () => {
    const s = await seller(t, 'cap-uploader');
    const jpeg = await testJpeg();
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      return s.postForm('/api/uploads', form);
    };
    const answers = await Promise.all(Array.from({ length: 70 }, upload));
    expect(statuses(answers)).toEqual({ 201: 40, 429: 30 });
    for (const a of answers.filter((x) => x.status === 429))
      expect((a.body as { error: string }).error).toBe('too_many_unused_photos');
    // Every row is a finished photo: no reserved slot is left behind by the refused ones.
    expect(await count('select count(*)::int as n from upload where owner_id = $1', [s.id])).toBe(40);
    expect(await count('select count(*)::int as n from upload where owner_id = $1 and bytes = 0', [s.id])).toBe(0);
  }, 120_000);

  it('30 parallel saved searches store exactly 20; the rest are 409 too_many_searches', async () => {
    const b = await buyer(t, 'cap-searcher');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => b.post('/api/saved-searches', { query: { q: `laptop ${i}` } })),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 409: 10 });
    expect(await count('select count(*)::int as n from saved_search where user_id = $1', [b.id])).toBe(20);
  });

  it('25 parallel reports of different people accept exactly 10 in the hour; the rest are 429', async () => {
    const reporter = await buyer(t, 'cap-reporter');
    const targets = await Promise.all(Array.from({ length: 25 }, () => insertUser(t, 'buyer')));
    const answers = await Promise.all(
      targets.map((u) => reporter.post('/api/reports', { kind: 'user', targetId: u.id, reason: 'Spam' })),
    );
    expect(statuses(answers)).toEqual({ 201: 10, 429: 15 });
    expect(await count('select count(*)::int as n from report where reporter_id = $1', [reporter.id])).toBe(10);
  });

  it('8 parallel bookings of different items keep BOOKINGS_OPEN_UNPAID_MAX (3) open; 8 more after paying keep BOOKINGS_PER_DAY_MAX (5) a day', async () => {
    const s = await seller(t, 'cap-booking-seller');
    const items = await Promise.all(Array.from({ length: 16 }, async () => addProduct(s, { photos: [await fakeUpload(t, s)] })));
    const b: Client = await buyer(t, 'cap-booker');
    const first = await Promise.all(items.slice(0, 8).map((id) => b.post('/api/orders', orderBody(b, id))));
    expect(statuses(first)).toEqual({ 201: 3, 429: 5 });
    expect(await count(`select count(*)::int as n from orders where buyer_id = $1 and status = 'unpaid'`, [b.id])).toBe(3);
    // None open any more (as if paid): the day's cap is what is left, 2 of 5.
    await t.database.query(undefined, `update orders set status = 'expired' where buyer_id = $1`, [b.id]);
    const second = await Promise.all(items.slice(8).map((id) => b.post('/api/orders', orderBody(b, id))));
    expect(statuses(second)).toEqual({ 201: 2, 429: 6 });
    expect(await count('select count(*)::int as n from orders where buyer_id = $1', [b.id])).toBe(5);
  });
});
