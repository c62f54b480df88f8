/**
 * Catalog (docs/product.md#entities, #pagination): categories, products and ads in the API's shapes,
 * newest first, keyset pages (limit default 24, max 100, Link rel=next, X-Total-Count), sold products
 * leaving every public list, advertising rules, and sellerStatus derived from the seller's
 * verification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '@shop/contract';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  admin,
  advertise,
  buyer,
  expectError,
  expectStatus,
  fingerprint,
  nextLink,
  payOrder,
  placeOrder,
  productBody,
  uniqueEmail,
  uploadPhoto,
  walkPages,
  type InsertResult,
} from './helpers/builders';

type ProductRow = {
  _id: string;
  name: string;
  category: string;
  img: string;
  location: string;
  seller: string;
  email: string;
  number: string;
  condition: string;
  price: number;
  original_price: number;
  used_year: number;
  date: string;
  sellerStatus: string;
  status: string;
  createdAt: string;
};
type AdRow = { _id: string; name: string; img: string; category: string; productId: string };

let t: TestApp;
let s: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp();
  s = await t.client().signUp(uniqueEmail('seller'), { name: 'Sadia Seller', isSeller: true });
  anon = t.client();
});
afterAll(() => t?.close());

const ids = (rows: { _id: string }[]) => rows.map((r) => r._id);
const isNewestFirst = (rows: { createdAt: string }[]) =>
  rows.every((r, i, all) => {
    const before = all[i - 1];
    return before === undefined || Date.parse(before.createdAt) >= Date.parse(r.createdAt);
  });

it('GET /category: the six categories, each exactly {_id, category, img}', async () => {
  const r = expectStatus(
    await anon.get<{ _id: string; category: string; img: string }[]>('/api/category'),
    200,
    'GET /api/category',
  );
  expect(r.body.map((c) => c.category)).toEqual([...CATEGORIES]);
  for (const c of r.body) expect(Object.keys(c).sort()).toEqual(['_id', 'category', 'img']);
});

describe('products', () => {
  it('POST /products answers acknowledged + insertedId; the product reads back in the API’s product shape', async () => {
    const photo = await uploadPhoto(s);
    const r = await s.post<InsertResult>(
      '/api/products',
      productBody(s, {
        photos: [photo],
        // A free-text image URL is not taken: img is the cover photo's URL.
        img: 'https://img.example/thinkpad.jpg',
        name: 'Sony a6400',
        category: 'Camera',
        price: '520.50',
        original_price: 900,
        used_year: '3',
        seller: 'Forged',
        sellerStatus: 'verified',
        date: '1/1/1999',
      }),
    );
    expectStatus(r, 201, 'POST /api/products');
    expect(Object.keys(r.body).sort()).toEqual(['acknowledged', 'insertedId']);
    expect(r.body.acknowledged).toBe(true);

    const now = new Date();
    const p = (await anon.get<ProductRow[]>('/api/products/Camera')).body.find((x) => x._id === r.body.insertedId);
    expect(p).toMatchObject({
      name: 'Sony a6400',
      category: 'Camera',
      img: `/media/p/${photo}/64.webp`,
      photos: [
        {
          url: `/media/p/${photo}/64.webp`,
          width: 64,
          height: 48,
          srcset: `/media/p/${photo}/64.webp 64w`,
          avifSrcset: `/media/p/${photo}/64.avif 64w`,
        },
      ],
      location: 'Dhaka',
      seller: 'Sadia Seller',
      email: '',
      number: '',
      condition: 'Good',
      price: 520.5,
      original_price: 900,
      used_year: 3,
      date: `${now.getUTCDate()}/${now.getUTCMonth() + 1}/${now.getUTCFullYear()}`,
      sellerStatus: '',
      status: 'available',
    });
    // The product page's answer adds the condition report (none was sent).
    // The product's own answer: the same, its photos with their blurred placeholders (lists leave them out).
    const one = (await anon.get<ProductRow & { photos: { placeholder?: string }[] }>(`/api/product/${r.body.insertedId}`)).body;
    expect(one.photos[0]?.placeholder).toMatch(/^data:image\/webp;base64,/);
    // ... and, listed without a catalogue model or serial, device null and serialChecked false (issue 28).
    expect({ ...one, photos: one.photos.map(({ placeholder: _, ...rest }) => rest) }).toEqual({
      ...p,
      conditionReport: null,
      device: null,
      serialChecked: false,
    });
  });

  it("refuses a product or an ad in another seller's name (403), recording nothing", async () => {
    const mine = await addProduct(s);
    const photo = await uploadPhoto(s);
    const before = await fingerprint(t);
    expectError(
      await s.post('/api/products', productBody(s, { email: uniqueEmail('someone'), photos: [photo] })),
      403,
      'POST /products for another email',
    );
    expectError(
      await s.post('/api/advertise', { _id: mine, email: uniqueEmail('someone') }),
      403,
      'POST /advertise for another email',
    );
    expect(await fingerprint(t)).toEqual(before);
  });

  it('lists newest first in keyset pages: default 24, max 100, Link rel=next walks every row once, X-Total-Count', async () => {
    for (let i = 0; i < 26; i++) await addProduct(s, { name: `Pager ${i}`, category: i % 2 ? 'Laptop' : 'Mobile' });
    const newest = await addProduct(s, { name: 'Newest', category: 'Laptop' });

    const all = expectStatus(await anon.get<ProductRow[]>('/api/allproducts?limit=100'), 200, 'limit=100');
    const total = all.body.length;
    expect(total).toBeGreaterThan(26);
    expect(total).toBeLessThan(100);
    expect(all.body[0]?._id).toBe(newest);
    expect(isNewestFirst(all.body)).toBe(true);
    expect(all.headers.get('x-total-count')).toBe(String(total));
    expect(nextLink(all)).toBeUndefined();

    const page1 = await anon.get<ProductRow[]>('/api/allproducts');
    expect(page1.body).toHaveLength(24);
    expect(ids(page1.body)).toEqual(ids(all.body).slice(0, 24));
    expect(nextLink(page1)).toMatch(/^\/api\/allproducts\?.*cursor=/);
    expect(page1.headers.get('x-total-count')).toBe(String(total));

    const walk = await walkPages<ProductRow>(anon, '/api/allproducts?limit=5');
    expect(ids(walk.rows)).toEqual(ids(all.body));
    expect(new Set(ids(walk.rows)).size).toBe(total);
    expect(walk.pages).toBe(Math.ceil(total / 5));
    expect(walk.totals.every((n) => n === String(total))).toBe(true);

    // The category list: the same rules over the category's rows only (the parameter is case-insensitive).
    const laptops = all.body.filter((p) => p.category === 'Laptop');
    const cat = await walkPages<ProductRow>(anon, '/api/products/laptop?limit=4');
    expect(ids(cat.rows)).toEqual(ids(laptops));
    expect(cat.totals.every((n) => n === String(laptops.length))).toBe(true);
    expectError(await anon.get('/api/products/Toaster'), 404, 'an unknown category');

    // The seller's own list.
    const mine = await walkPages<ProductRow>(s, `/api/products?email=${encodeURIComponent(s.email)}&limit=7`);
    expect(ids(mine.rows)).toEqual(ids(all.body));
  });

  it('ads: POST /advertise answers acknowledged + insertedId; /advertise lists {_id, name, img, category} newest first', async () => {
    const p1 = await addProduct(s, { name: 'Ad one', category: 'Watch' });
    const p1Img = (await anon.get<ProductRow>(`/api/product/${p1}`)).body.img;
    const p2 = await addProduct(s, { name: 'Ad two', category: 'iPad' });
    const r = await s.post<InsertResult>('/api/advertise', { ...productBody(s), _id: p1 });
    expectStatus(r, 201, 'POST /api/advertise');
    expect(r.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    await advertise(s, p2);

    const ads = expectStatus(await anon.get<AdRow[]>('/api/advertise'), 200, 'GET /api/advertise').body;
    expect(ads.slice(0, 2).map((a) => a.productId)).toEqual([p2, p1]);
    expect(ads[1]).toMatchObject({
      _id: r.body.insertedId,
      name: 'Ad one',
      img: p1Img,
      category: 'Watch',
    });
    const walk = await walkPages<AdRow>(anon, '/api/advertise?limit=1');
    expect(ids(walk.rows)).toEqual(ids(ads));
  });

  it("advertising twice is 409, another seller's product 403, an unknown product 404: nothing changes", async () => {
    const other = await t.client().signUp(uniqueEmail('other-seller'), { isSeller: true });
    const mine = await addProduct(s);
    await advertise(s, mine);
    const theirs = await addProduct(other);
    const before = await fingerprint(t);
    expectError(await s.post('/api/advertise', { _id: mine, email: s.email }), 409, 'advertise twice');
    expectError(await s.post('/api/advertise', { _id: theirs, email: s.email }), 403, "advertise another seller's product");
    expectError(await s.post('/api/advertise', { productId: '00000000-0000-4000-8000-000000000000' }), 404, 'advertise nothing');
    expect(await fingerprint(t)).toEqual(before);
    expect((await anon.get<AdRow[]>('/api/advertise?limit=100')).body.map((a) => a.productId)).not.toContain(theirs);
  });

  it('advertising the same product twice at once: one 201, one 409, one ad', async () => {
    const productId = await addProduct(s);
    const rs = await Promise.all([0, 1].map(() => s.post('/api/advertise', { _id: productId })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await anon.get<AdRow[]>('/api/advertise?limit=100')).body.filter((a) => a.productId === productId)).toHaveLength(1);
  });

  it('a sold product leaves /allproducts, /products/{category} and /advertise, and cannot be advertised', async () => {
    const productId = await addProduct(s, { name: 'Going fast', category: 'Headphone' });
    await advertise(s, productId);
    const before = Number((await anon.get('/api/allproducts')).headers.get('x-total-count'));
    expect(ids((await anon.get<ProductRow[]>('/api/products/Headphone?limit=100')).body)).toContain(productId);

    const b = await buyer(t);
    await payOrder(b, await placeOrder(b, productId));

    const all = await anon.get<ProductRow[]>('/api/allproducts?limit=100');
    expect(ids(all.body)).not.toContain(productId);
    expect(all.headers.get('x-total-count')).toBe(String(before - 1));
    expect(ids((await anon.get<ProductRow[]>('/api/products/Headphone?limit=100')).body)).not.toContain(productId);
    expect((await anon.get<AdRow[]>('/api/advertise?limit=100')).body.map((a) => a.productId)).not.toContain(productId);
    // The seller still sees it, marked sold; a sold product cannot be advertised again.
    const own = (await s.get<ProductRow[]>(`/api/products?email=${encodeURIComponent(s.email)}&limit=100`)).body.find(
      (p) => p._id === productId,
    );
    expect(own?.status).toBe('sold');
    const unsoldAd = await addProduct(s);
    await payOrder(b, await placeOrder(b, unsoldAd));
    expectError(await s.post('/api/advertise', { _id: unsoldAd }), 409, 'advertise a sold product');
  });

  it("a seller's products all show sellerStatus 'verified' once the seller is verified, new ones too", async () => {
    const v = await t.client().signUp(uniqueEmail('to-verify'), { isSeller: true });
    const before = [
      await addProduct(v, { category: 'Watch' }),
      await addProduct(v, { category: 'Mobile' }),
      await addProduct(v, { category: 'Watch' }),
    ];
    const status = async (id: string) => (await anon.get<ProductRow>(`/api/product/${id}`)).body.sellerStatus;
    for (const id of before) expect(await status(id)).toBe('');

    expectStatus(await (await admin(t)).put(`/api/users/verify/${v.id}`), 200, 'verify the seller');
    const after = await addProduct(v, { category: 'Camera' });
    for (const id of [...before, after]) expect(await status(id), id).toBe('verified');
    const lists = [
      (await anon.get<ProductRow[]>('/api/allproducts?limit=100')).body,
      (await anon.get<ProductRow[]>('/api/products/Watch?limit=100')).body,
      (await v.get<ProductRow[]>(`/api/products?email=${encodeURIComponent(v.email)}`)).body,
    ];
    // Public answers carry no seller email: the verified seller's products are found by id.
    const theirs = new Set([...before, after]);
    for (const list of lists) for (const p of list.filter((x) => theirs.has(x._id))) expect(p.sellerStatus).toBe('verified');
    expect(lists[2]?.every((p) => p.email === v.email)).toBe(true);
    // Other sellers are untouched.
    expect(
      (await s.get<ProductRow[]>(`/api/products?email=${encodeURIComponent(s.email)}&limit=100`)).body.every(
        (p) => p.sellerStatus === '',
      ),
    ).toBe(true);
  });
});
