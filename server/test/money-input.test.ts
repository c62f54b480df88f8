/**
 * Prices as people type them: "1,299", "1 299", "2'499.50" are one amount each, read by the contract's
 * one money parser on the way in (POST /products, PATCH /products/{id}, the lists' price filters);
 * what reads two ways ("1.299,50", "1.299") is a 400 naming the field and saying what to write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Json } from './helpers/client';
import { addProduct, expectError, expectStatus, fakeUpload, productBody, seller } from './helpers/builders';

let t: TestApp;
let s: Client;
beforeAll(async () => {
  t = await startTestApp();
  s = await seller(t);
});
afterAll(() => t?.close());

const cents = async (id: string) => {
  const [row] = await t.database.query<{ price_cents: number; original_price_cents: number }>(
    undefined,
    'select price_cents, original_price_cents from product where id = $1',
    [id],
  );
  return row;
};

const post = async (overrides: Record<string, Json>) =>
  s.post<{ insertedId: string }>('/api/products', productBody(s, { photos: [await fakeUpload(t, s)], ...overrides }));

describe('typed prices', () => {
  it('POST /products stores "1,299" as 129900 cents, "2 499.50" as 249950', async () => {
    const r = expectStatus(await post({ price: '1,299', original_price: '2 499.50' }), 201, 'POST /api/products');
    expect(await cents(r.body.insertedId)).toEqual({ price_cents: 129900, original_price_cents: 249950 });
    const page = await t.client().get<{ price: number; original_price: number }>(`/api/product/${r.body.insertedId}`);
    expect(page.body).toMatchObject({ price: 1299, original_price: 2499.5 });
  });

  it('takes no-break and thin spaces and apostrophes as thousands separators too', async () => {
    for (const [price, expected] of [
      ['1\u00a0299', 129900],
      ['1\u2009299.99', 129999],
      ["12'500", 1250000],
    ] as const) {
      const r = expectStatus(await post({ price }), 201, `POST /api/products price ${JSON.stringify(price)}`);
      expect((await cents(r.body.insertedId))?.price_cents).toBe(expected);
    }
  });

  it('PATCH /products/{id} stores "1,099" as 109900 cents', async () => {
    const id = await addProduct(s, { photos: [await fakeUpload(t, s)], price: 1500 });
    const r = await s.request('PATCH', `/api/products/${id}`, { price: '1,099' });
    expectStatus(r, 200, 'PATCH /api/products/:id');
    expect((await cents(id))?.price_cents).toBe(109900);
  });

  it('refuses an amount that reads two ways with a 400 naming the field, and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>(undefined, 'select count(*)::int as n from product');
    const comma = expectError(await post({ price: '1.299,50' }), 400, 'decimal comma', 'price');
    expect(comma.message).toBe('price must use "." for cents, like 1299.50 or 1,299.50');
    const dot = expectError(await post({ original_price: '1.299' }), 400, 'thousands point', 'original_price');
    expect(dot.message).toMatch(/^original_price is unclear/);
    const junk = expectError(await post({ price: '12 99' }), 400, 'groups of 2', 'price');
    expect(junk.message).toBe('price must be a number, like 1299 or 1,299.50');
    expect(await t.database.query(undefined, 'select count(*)::int as n from product')).toEqual(before);

    const id = await addProduct(s, { photos: [await fakeUpload(t, s)], price: 800 });
    expectError(await s.request('PATCH', `/api/products/${id}`, { price: '8,00' }), 400, 'PATCH decimal comma', 'price');
    expect((await cents(id))?.price_cents).toBe(80000);
  });

  it("reads the lists' price filters the same way", async () => {
    const id = expectStatus(await post({ price: '3,456.78', category: 'Camera' }), 201, 'POST').body.insertedId;
    const r = await t.client().get<{ _id: string }[]>('/api/allproducts?category=Camera&minPrice=3%2C456&maxPrice=3%20457');
    expectStatus(r, 200, 'GET /api/allproducts with grouped price filters');
    expect(r.body.map((p) => p._id)).toEqual([id]);
    expectError(await t.client().get('/api/allproducts?maxPrice=1.299%2C50'), 400, 'filter decimal comma', 'maxPrice');
  });
});
