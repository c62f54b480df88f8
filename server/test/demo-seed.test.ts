/**
 * The demo shop as a new user meets it on the first start: its sellers can upload photos at once.
 * The demo's own photos (dozens per seller) are the seed's, not uploads of the last hour.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo';
import { createStorage } from '../src/storage';
import { startTestApp, type TestApp } from './helpers/app';
import { testJpeg } from './helpers/builders';

/** A small hourly cap, so the demo's photos alone would be past it if they counted. */
const PER_HOUR = 5;
const DEMO_PASSWORD = 'demo-seed-password-1';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { UPLOADS_PER_HOUR: String(PER_HOUR) } });
  await seedDemo(t.database.db, DEMO_PASSWORD, createStorage(t.config.storage));
}, 120_000);
afterAll(() => t?.close());

async function photosOf(email: string): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from upload u join "user" s on s.id = u.owner_id where s.email = ${email}`,
  );
  return Number(r.rows[0]?.n);
}

describe('the demo sellers on a freshly seeded shop', () => {
  it.each(['seller@shop.test', 'newseller@shop.test'])(
    '%s uploads a photo at once (the seeded photos are not this hour’s)',
    async (email) => {
      expect(await photosOf(email), 'the demo gives the seller more photos than the hourly cap').toBeGreaterThan(PER_HOUR);
      const c = t.client();
      expect((await c.signIn(email, DEMO_PASSWORD)).status).toBe(200);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await testJpeg())], { type: 'image/jpeg' }), 'photo.jpg');
      const r = await c.postForm<{ _id?: string; message?: string }>('/api/uploads', form);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body._id).toBeTruthy();
    },
  );
});
