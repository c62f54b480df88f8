/**
 * Saved searches and price alerts: a saved search's new matches arrive as one notification, at most
 * one an hour however many match; a followed listing's price cut (recorded by the listing's edit in
 * product_price_change) is told once; managing both; only one's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, buyer, expectError, expectStatus, seller } from './helpers/builders';

type Note = { kind: string; title: string; body: string; link: string };

let t: TestApp;
let s: Client;
let b: Client;

/** Runs one job now, as if its time had come (jobs run on their schedule otherwise). */
async function runJob(name: string) {
  await t.database.query(
    undefined,
    `update job set next_run_at = now() - interval '1 second', locked_until = null where name = $1`,
    [name],
  );
  await t.app.jobs.runDue();
}
/** As if an hour had passed: what happened so far (checks, listings) moves an hour into the past. */
async function anHourLater() {
  await t.database.query(undefined, `update saved_search set checked_until = checked_until - interval '61 minutes'`);
  await t.database.query(undefined, `update product set created_at = created_at - interval '61 minutes'`);
}
const notes = async (c: Client, kind: string) => (await c.get<Note[]>('/api/notifications')).body.filter((n) => n.kind === kind);

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_ENABLED: 'true' } });
  s = await seller(t, 'alert-seller');
  b = await buyer(t, 'alert-buyer');
}, 60_000);
afterAll(() => t?.close());

describe('saved searches', () => {
  it('new matches arrive batched: one notification an hour per search, naming how many', async () => {
    const saved = expectStatus(
      await b.post<{ insertedId: string }>('/api/saved-searches', {
        query: { q: 'zephyrus', category: 'Laptop', maxPrice: 2000 },
      }),
      201,
      'save',
    );
    const list = (await b.get<{ _id: string; label: string }[]>('/api/saved-searches')).body;
    expect(list).toEqual([expect.objectContaining({ _id: saved.body.insertedId, label: '"zephyrus", Laptop, up to $2,000.00' })]);

    await addProduct(s, { name: 'Zephyrus G14', category: 'Laptop', price: 1500 });
    await addProduct(s, { name: 'Zephyrus G15', category: 'Laptop', price: 1800 });
    await addProduct(s, { name: 'Zephyrus too dear', category: 'Laptop', price: 2500 });
    await addProduct(s, { name: 'Zephyrus phone', category: 'Mobile', price: 500 });
    // Not an hour yet: nothing.
    await runJob('alerts.saved-searches');
    expect(await notes(b, 'saved-search')).toEqual([]);

    await anHourLater();
    await runJob('alerts.saved-searches');
    const told = await notes(b, 'saved-search');
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe('2 new matches for "zephyrus", Laptop, up to $2,000.00');
    expect(told[0]?.link).toBe('/?q=zephyrus&category=Laptop&maxPrice=2000');

    // A match right after is held until the hour is over, then told on its own.
    await addProduct(s, { name: 'Zephyrus G16', category: 'Laptop', price: 1900 });
    await runJob('alerts.saved-searches');
    expect(await notes(b, 'saved-search')).toHaveLength(1);
    await anHourLater();
    await runJob('alerts.saved-searches');
    const again = await notes(b, 'saved-search');
    expect(again).toHaveLength(2);
    expect(again[0]?.title).toBe('New match for "zephyrus", Laptop, up to $2,000.00');
  });

  it('only one’s own searches can be deleted; bad filters are 400 naming the field', async () => {
    const [mine] = (await b.get<{ _id: string }[]>('/api/saved-searches')).body;
    const other = await buyer(t, 'alert-other');
    expectError(await other.del(`/api/saved-searches/${mine?._id}`), 404, "another's search");
    expectError(await b.post('/api/saved-searches', { query: { category: 'Toaster' } }), 400, 'bad category', 'category');
    expectError(await t.client().get('/api/saved-searches'), 401, 'signed out');
    expectStatus(await b.del(`/api/saved-searches/${mine?._id}`), 200, 'delete');
    expect((await b.get('/api/saved-searches')).body).toEqual([]);
  });
});

describe('price alerts', () => {
  it('a cut of a followed listing is told once; a rise is not', async () => {
    const item = await addProduct(s, { name: 'Pixel 8', category: 'Mobile', price: 400 });
    expectError(await s.put(`/api/favorites/${item}`), 409, 'the seller follows their own item');
    expectStatus(await b.put(`/api/favorites/${item}`), 200, 'follow');
    expect((await b.get<{ productId: string; price: number }[]>('/api/favorites')).body).toEqual([
      expect.objectContaining({ productId: item, price: 400 }),
    ]);

    expectStatus(await s.request('PATCH', `/api/products/${item}`, { price: 450 }), 200, 'a rise');
    await runJob('alerts.price-drops');
    expect(await notes(b, 'price-drop')).toEqual([]);

    expectStatus(await s.request('PATCH', `/api/products/${item}`, { price: 350 }), 200, 'a cut');
    await runJob('alerts.price-drops');
    const told = await notes(b, 'price-drop');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Price dropped: Pixel 8', link: `/product/${item}` });
    expect(told[0]?.body).toContain('$350');

    await runJob('alerts.price-drops');
    expect(await notes(b, 'price-drop')).toHaveLength(1);

    expectStatus(await b.del(`/api/favorites/${item}`), 200, 'unfollow');
    expect((await b.get('/api/favorites')).body).toEqual([]);
  });
});
