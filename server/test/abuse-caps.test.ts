import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema';
import { fairQueue } from '../src/modules/uploads/process';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, buyer, expectError, expectStatus, seller, testJpeg, uniqueEmail, uploadPhoto } from './helpers/builders';

/**
 * What keeps one account from flooding others or the shop's storage: writing to sellers needs a verified
 * email; uploads are capped per seller (per hour, and photos on no listing); the photo queue takes
 * uploaders in turn.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { UPLOADS_PER_HOUR: '5', UNUSED_UPLOADS_MAX: '8' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('writing to sellers needs a verified email', () => {
  async function unverified(): Promise<Client> {
    const u = t.client();
    await u.signUp(uniqueEmail('unverified'), { verified: false });
    return u;
  }

  it('an unverified account cannot open a conversation (403 email_not_verified, saying what to do)', async () => {
    const pid = await addProduct(await seller(t, 'f6-s'));
    const u = await unverified();
    const body = expectError(await u.post('/api/conversations', { listingId: pid }), 403, 'open');
    expect(body.error).toBe('email_not_verified');
    expect(body.message).toMatch(/verify your email address/);
    expect(body.message).toContain(u.email);
  });

  it('an account whose email is not verified cannot send in a conversation it has', async () => {
    const pid = await addProduct(await seller(t, 'f6b-s'));
    const b = await buyer(t, 'f6b-b');
    const c = expectStatus(await b.post<{ _id: string }>('/api/conversations', { listingId: pid }), 201, 'open');
    // Verification taken back (as for an account whose email changed): writing stops.
    await t.database.db.execute(`update "user" set email_verified = false where id = '${b.id}'`);
    const body = expectError(
      await b.post(`/api/conversations/${c.body._id}/messages`, { text: 'spam http://evil.example' }),
      403,
      'send',
    );
    expect(body.error).toBe('email_not_verified');
  });
});

describe('uploads are capped per seller', () => {
  const post = async (c: Client) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await testJpeg())], { type: 'image/jpeg' }), 'photo.jpg');
    return c.postForm<{ _id: string }>('/api/uploads', form);
  };

  it('past UPLOADS_PER_HOUR a seller gets 429 (nothing stored); an hour later uploads work again', async () => {
    const s = await seller(t, 'f4-s');
    for (let i = 0; i < 5; i++) await uploadPhoto(s);
    const refused = await post(s);
    const body = expectError(refused, 429, 'sixth upload');
    expect(body.error).toBe('rate_limited');
    expect(body.message).toMatch(/5 photos in the last hour.*Try again in \d+ minutes/);
    // Until the first of the five leaves the hour: just under an hour now.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const rows = await t.database.db.select({ id: upload.id }).from(upload).where(eq(upload.ownerId, s.id));
    expect(rows).toHaveLength(5);
    // Another seller is not affected.
    await uploadPhoto(await seller(t, 'f4-other'));
    // The hour passes for those five.
    await t.database.db
      .update(upload)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(upload.ownerId, s.id));
    expectStatus(await post(s), 201, 'upload an hour later');
  });

  it('past UNUSED_UPLOADS_MAX photos on no listing a seller gets 429 until some are used', async () => {
    const s = await seller(t, 'f4u-s');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await uploadPhoto(s));
    // Three more, uploaded more than an hour ago and still on no listing.
    await t.database.db
      .update(upload)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(upload.ownerId, s.id));
    for (let i = 0; i < 3; i++) ids.push(await uploadPhoto(s));
    const body = expectError(await post(s), 429, 'ninth unused upload');
    expect(body.error).toBe('too_many_unused_photos');
    expect(body.message).toMatch(/on no listing/);
    // Two of them go on a listing: room again (the hourly cap counts only the last hour's three).
    await addProduct(s, { photos: ids.slice(0, 2) });
    expectStatus(await post(s), 201, 'upload once some are used');
  });
});

describe('the photo queue takes uploaders in turn', () => {
  it("one seller's batch does not hold another seller's photo behind all of it", async () => {
    const run = fairQueue(1);
    const order: string[] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((r) => {
      release = r;
    });
    const jobs = [
      run('a', async () => {
        await first;
        order.push('a1');
      }),
    ];
    for (let i = 2; i <= 5; i++) jobs.push(run('a', async () => void order.push(`a${i}`)));
    jobs.push(run('b', async () => void order.push('b1')));
    jobs.push(run('c', async () => void order.push('c1')));
    release();
    await Promise.all(jobs);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4', 'a5']);
  });

  it('runs at most `limit` at once', async () => {
    const run = fairQueue(2);
    let active = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(`o${i % 3}`, async () => {
          active++;
          most = Math.max(most, active);
          await sleep(5);
          active--;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});

describe('the OpenAPI document', () => {
  it("documents the 429 of POST /uploads past a seller's caps", async () => {
    type Doc = { paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>> };
    const doc = (await t.client().get<Doc>('/api/openapi.json')).body;
    expect(doc.paths['/uploads']?.post?.responses['429']?.description).toMatch(/UPLOADS_PER_HOUR/);
  });
});
