/**
 * Bad input (docs/product.md#validation and #errors): wrong types, missing fields, huge strings, bad
 * prices, malformed ids, script and data image URLs, invalid JSON, bad page parameters and cursors.
 * Each is a clear 4xx `{error, message}` naming the field, never a 500, and changes nothing in the
 * database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import {
  addProduct,
  admin,
  buyer,
  expectError,
  expectStatus,
  fingerprint,
  orderBody,
  placeOrder,
  productBody,
  seller,
  startPayment,
  uploadPhoto,
} from './helpers/builders';

let t: TestApp;
let who: { anon: Client; buyer: Client; seller: Client; admin: Client };
let ids: { product: string; order: string; sellerId: string };

beforeAll(async () => {
  t = await startTestApp();
  const [b, s, a] = await Promise.all([buyer(t), seller(t), admin(t)]);
  who = { anon: t.client(), buyer: b, seller: s, admin: a };
  const product = await addProduct(s);
  const order = await placeOrder(b, await addProduct(s));
  await startPayment(b, order);
  ids = { product, order, sellerId: s.id };
});
afterAll(() => t?.close());

type Case = {
  what: string;
  as: keyof typeof who;
  send: (c: Client) => Promise<Res<unknown>>;
  status: number | number[];
  /** The field the answer must name (in `field` or the message). */
  field?: string;
};

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const UUID = '00000000-0000-4000-8000-000000000000';
const big = 'x'.repeat(100 * 1024);

/** POST /products with one field changed (or removed, with undefined). */
const product = (field: string, value: unknown): Omit<Case, 'what' | 'status'> & { field: string } => ({
  as: 'seller',
  field,
  // A well-formed photo id, so that only `field` is wrong in the body (it names no upload: never reached).
  send: (c) => c.post('/api/products', { ...productBody(c, { photos: [UUID] }), [field]: value }),
});
const order = (field: string, value: unknown): Omit<Case, 'what' | 'status'> & { field: string } => ({
  as: 'buyer',
  field,
  send: (c) => c.post('/api/orders', { ...orderBody(c, ids.product), [field]: value }),
});
const payment = (field: string, value: unknown): Omit<Case, 'what' | 'status'> & { field: string } => ({
  as: 'buyer',
  field,
  send: (c) =>
    c.post('/api/payments', { price: 1, transactionId: 'pi_sim_x', email: c.email, OrderId: ids.order, [field]: value }),
});

const bodyCases: Case[] = [
  // wrong types and missing fields
  { what: 'product name as a number', status: 400, ...product('name', 123) },
  { what: 'product name missing', status: 400, ...product('name', undefined) },
  { what: 'product name blank', status: 400, ...product('name', '   ') },
  { what: 'product name as an object', status: 400, ...product('name', { $gt: '' }) },
  { what: 'product category unknown', status: 400, ...product('category', 'Toaster') },
  { what: 'product condition unknown', status: 400, ...product('condition', 'Mint') },
  { what: 'product number not a phone', status: 400, ...product('number', 'call me maybe') },
  { what: 'product used_year negative', status: 400, ...product('used_year', -1) },
  { what: 'product used_year fractional', status: 400, ...product('used_year', 2.5) },
  { what: 'product used_year words', status: 400, ...product('used_year', 'two') },
  { what: 'product email not an email', status: 400, ...product('email', 'not-an-email') },
  { what: 'product description too long', status: 400, ...product('description', 'd'.repeat(2001)) },
  { what: 'product name too long', status: 400, ...product('name', 'n'.repeat(121)) },
  { what: 'product name with a NUL character', status: 400, ...product('name', 'Mac\u0000Book') },
  { what: 'product location with a NUL character', status: 400, ...product('location', 'Dha\u0000ka') },
  { what: 'product name of 100 KB', status: [400, 413], ...product('name', big) },
  // prices
  { what: 'price negative', status: 400, ...product('price', -5) },
  { what: 'price zero', status: 400, ...product('price', 0) },
  { what: 'price with 3 decimals', status: 400, ...product('price', 10.999) },
  { what: 'price as a string with 3 decimals', status: 400, ...product('price', '10.999') },
  { what: 'price as words', status: 400, ...product('price', 'cheap') },
  { what: 'price in exponent notation', status: 400, ...product('price', '1e3') },
  { what: 'price as a boolean', status: 400, ...product('price', true) },
  { what: 'price absurdly high', status: 400, ...product('price', 1e12) },
  { what: 'original_price negative', status: 400, ...product('original_price', -1) },
  { what: 'original_price missing', status: 400, ...product('original_price', undefined) },
  // photos (upload ids; image URLs are not taken)
  { what: 'photos a javascript: URL', status: 400, ...product('photos', ['javascript:alert(1)']) },
  { what: 'photos a data: URL', status: 400, ...product('photos', ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=']) },
  { what: 'photos an image URL string', status: 400, ...product('photos', 'https://img.example/x.png') },
  { what: 'photos missing', status: 400, ...product('photos', undefined) },
  { what: 'photos empty', status: 400, ...product('photos', []) },
  {
    what: 'photos nine',
    status: 400,
    ...product(
      'photos',
      Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`),
    ),
  },
  { what: 'photos an id that names no upload', status: 400, ...product('photos', [UUID]) },
  // whole bodies
  { what: 'product body empty object', as: 'seller', status: 400, send: (c) => c.post('/api/products', {}) },
  { what: 'product body a JSON array', as: 'seller', status: 400, send: (c) => c.post('/api/products', [productBody(c)]) },
  { what: 'product body JSON null', as: 'seller', status: 400, send: (c) => c.request('POST', '/api/products', 'null') },
  {
    what: 'product body invalid JSON',
    as: 'seller',
    status: 400,
    send: (c) => c.request('POST', '/api/products', '{"name": "Mac'),
  },
  {
    what: 'product body empty with a JSON content type',
    as: 'seller',
    status: 400,
    send: (c) => c.request('POST', '/api/products', ''),
  },
  {
    what: 'product body as text/plain',
    as: 'seller',
    status: [400, 415],
    send: (c) => c.request('POST', '/api/products', JSON.stringify(productBody(c)), { 'content-type': 'text/plain' }),
  },
  {
    what: 'product body as application/xml',
    as: 'seller',
    status: [400, 415],
    send: (c) => c.request('POST', '/api/products', '<product/>', { 'content-type': 'application/xml' }),
  },
  {
    what: 'product body nested 10,000 arrays deep',
    as: 'seller',
    status: 400,
    send: (c) => c.request('POST', '/api/products', `${'['.repeat(10_000)}"\u0000"${']'.repeat(10_000)}`),
  },
  // advertise
  {
    what: 'advertise _id malformed',
    as: 'seller',
    status: 400,
    field: '_id',
    send: (c) => c.post('/api/advertise', { _id: 'abc' }),
  },
  {
    what: 'advertise without a product',
    as: 'seller',
    status: 400,
    field: 'productId',
    send: (c) => c.post('/api/advertise', { name: 'x' }),
  },
  {
    what: 'advertise productId as a number',
    as: 'seller',
    status: 400,
    field: 'productId',
    send: (c) => c.post('/api/advertise', { productId: 42 }),
  },
  // orders
  { what: 'order productId malformed', status: 400, ...order('productId', 'not-a-uuid') },
  { what: 'order productId missing', status: 400, ...order('productId', undefined) },
  { what: 'order buyerName blank', status: 400, ...order('buyerName', '  ') },
  { what: 'order phone as a number', status: 400, ...order('phone', 5551234) },
  { what: 'order phone letters', status: 400, ...order('phone', 'no phone') },
  { what: 'order meettingLocation too long', status: 400, ...order('meettingLocation', 'm'.repeat(201)) },
  { what: 'order meettingLocation with a NUL character', status: 400, ...order('meettingLocation', 'Gul\u0000shan') },
  // users
  {
    what: 'POST /users isSeller as a string',
    as: 'buyer',
    status: 400,
    field: 'isSeller',
    send: (c) => c.post('/api/users', { name: 'x', email: c.email, isSeller: 'yes' }),
  },
  {
    what: 'POST /users email missing',
    as: 'buyer',
    status: 400,
    field: 'email',
    send: (c) => c.post('/api/users', { name: 'x', isSeller: false }),
  },
  {
    what: 'POST /users name blank',
    as: 'buyer',
    status: 400,
    field: 'name',
    send: (c) => c.post('/api/users', { name: '', email: c.email }),
  },
  // payments
  {
    what: 'intent orderId malformed',
    as: 'buyer',
    status: 400,
    field: 'orderId',
    send: (c) => c.post('/api/create-payment-intent', { orderId: 'abc', price: 10 }),
  },
  {
    what: 'intent without orderId (the original client sends only price)',
    as: 'buyer',
    status: 400,
    field: 'orderId',
    send: (c) => c.post('/api/create-payment-intent', { price: 10 }),
  },
  { what: 'payment OrderId malformed', status: 400, ...payment('OrderId', 'order-1') },
  { what: 'payment OrderId missing', status: 400, ...payment('OrderId', undefined) },
  { what: 'payment transactionId empty', status: 400, ...payment('transactionId', '') },
  { what: 'payment transactionId as a number', status: 400, ...payment('transactionId', 12345) },
  { what: 'payment transactionId too long', status: 400, ...payment('transactionId', 'p'.repeat(201)) },
  { what: 'payment transactionId with a NUL character', status: 400, ...payment('transactionId', 'pi_\u0000') },
  {
    what: 'card confirm with a bad month and cvc',
    as: 'buyer',
    status: 400,
    field: 'expMonth',
    send: (c) =>
      c.post('/api/payments/simulated/confirm', {
        clientSecret: 'pi_x_secret_y',
        cardNumber: '4242424242424242',
        expMonth: 13,
        expYear: 2030,
        cvc: '123',
      }),
  },
  {
    what: 'card confirm with letters for a cvc',
    as: 'buyer',
    status: 400,
    field: 'cvc',
    send: (c) =>
      c.post('/api/payments/simulated/confirm', {
        clientSecret: 'pi_x_secret_y',
        cardNumber: '4242424242424242',
        expMonth: 1,
        expYear: 2030,
        cvc: 'abc',
      }),
  },
  // ids in paths
  { what: 'GET /order/{id} malformed', as: 'buyer', status: 400, field: 'id', send: (c) => c.get('/api/order/abc') },
  {
    what: 'GET /order/{id} SQL in the id',
    as: 'buyer',
    status: 400,
    field: 'id',
    send: (c) => c.get(`/api/order/${encodeURIComponent("1' or '1'='1")}`),
  },
  { what: 'DELETE /orders/{id} malformed', as: 'buyer', status: 400, field: 'id', send: (c) => c.del('/api/orders/123') },
  {
    what: 'PUT /users/verify/{id} malformed',
    as: 'admin',
    status: 400,
    field: 'id',
    send: (c) => c.put('/api/users/verify/not-an-id'),
  },
  { what: 'DELETE /users/{id} malformed', as: 'admin', status: 400, field: 'id', send: (c) => c.del('/api/users/0') },
  { what: 'GET /product/{id} malformed', as: 'anon', status: 400, field: 'id', send: (c) => c.get('/api/product/zzz') },
  {
    what: 'a role check for a malformed email',
    as: 'buyer',
    status: 400,
    field: 'email',
    send: (c) => c.get('/api/users/buyer/not-an-email'),
  },
  {
    what: 'GET /order/{id} with a 400-character id',
    as: 'buyer',
    status: [400, 404],
    send: (c) => c.get(`/api/order/${'a'.repeat(400)}`),
  },
  { what: 'GET /order/{id} with broken percent-encoding', as: 'buyer', status: 400, send: (c) => c.get('/api/order/%E0%A4%A') },
  {
    what: 'a role check with a NUL character in the email',
    as: 'buyer',
    status: 400,
    field: 'email',
    send: (c) => c.get('/api/users/buyer/a%00b@test.shop'),
  },
  {
    what: 'PUT /users/verify/{id} with invalid JSON',
    as: 'admin',
    status: 400,
    send: (c) => c.request('PUT', `/api/users/verify/${ids.sellerId}`, '{oops'),
  },
];

const pageCases: Case[] = [];
for (const [path, as] of [
  ['/api/allproducts', 'anon'],
  ['/api/products/Laptop', 'anon'],
  ['/api/advertise', 'anon'],
  ['/api/products?email={seller}', 'seller'],
  ['/api/orders?email={buyer}', 'buyer'],
  ['/api/users/allbuyer', 'admin'],
  ['/api/payments', 'admin'],
] as const) {
  const url = (c: Client, q: string) => {
    const p = path.replace('{seller}', encodeURIComponent(c.email)).replace('{buyer}', encodeURIComponent(c.email));
    return `${p}${p.includes('?') ? '&' : '?'}${q}`;
  };
  const queries: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${b64(['yesterday', UUID])}`, 'cursor'],
    [`cursor=${b64(['2024-02-30 10:00:00+00', UUID])}`, 'cursor'],
    // There is no year 0 (PostgreSQL refuses it); Date.UTC would take it for 1900.
    [`cursor=${b64(['0000-01-01T00:00:00Z', UUID])}`, 'cursor'],
    [`cursor=${b64(['2024-01-01T00:00:00Z', 'not-a-uuid-but-36-characters-long!!!'])}`, 'cursor'],
    [`cursor=${b64([12345, UUID])}`, 'cursor'],
    [`cursor=${b64({ k: 1 })}`, 'cursor'],
    [`cursor=${'c'.repeat(300)}`, 'cursor'],
  ];
  for (const [q, field] of queries)
    pageCases.push({ what: `GET ${path} ?${q.slice(0, 40)}`, as, status: 400, field, send: (c) => c.get(url(c, q)) });
}
pageCases.push(
  {
    what: 'GET /allproducts ?sort=bogus',
    as: 'anon',
    status: 400,
    field: 'sort',
    send: (c) => c.get('/api/allproducts?sort=bogus'),
  },
  {
    what: 'GET /allproducts ?minPrice=abc',
    as: 'anon',
    status: 400,
    field: 'minPrice',
    send: (c) => c.get('/api/allproducts?minPrice=abc'),
  },
  {
    what: 'GET /allproducts ?maxPrice=-1',
    as: 'anon',
    status: 400,
    field: 'maxPrice',
    send: (c) => c.get('/api/allproducts?maxPrice=-1'),
  },
  {
    what: 'GET /allproducts ?location with a NUL character',
    as: 'anon',
    status: 400,
    field: 'location',
    send: (c) => c.get('/api/allproducts?location=Dha%00ka'),
  },
  {
    what: 'GET /allproducts ?q with a NUL character',
    as: 'anon',
    status: 400,
    field: 'q',
    send: (c) => c.get('/api/allproducts?q=mac%00book'),
  },
  {
    what: 'sign-up with a NUL character in the name',
    as: 'anon',
    status: 400,
    field: 'name',
    send: (c) => c.post('/api/auth/sign-up/email', { name: 'Ma\u0000ry', email: 'nul@test.shop', password: 'pass-word-123' }),
  },
  {
    what: 'GET /products?email= not an email',
    as: 'seller',
    status: 400,
    field: 'email',
    send: (c) => c.get('/api/products?email=nobody'),
  },
  { what: 'GET /orders?email= empty', as: 'buyer', status: 400, field: 'email', send: (c) => c.get('/api/orders?email=') },
);

async function check(c: Case) {
  const before = await fingerprint(t);
  const res = await c.send(who[c.as]);
  const allowed = Array.isArray(c.status) ? c.status : [c.status];
  expect(allowed, `${c.what}: expected ${allowed.join(' or ')}, got ${res.status} ${JSON.stringify(res.body)}`).toContain(
    res.status,
  );
  if (res.status >= 400) expectError(res, res.status, c.what, res.status === 400 ? c.field : undefined);
  expect(await fingerprint(t), `${c.what}: the database changed`).toEqual(before);
}

describe('bodies and paths', () => {
  it.each(bodyCases.map((c) => [c.what, c] as const))('%s', async (_what, c) => check(c));
});

describe('page parameters', () => {
  it.each(pageCases.map((c) => [c.what, c] as const))('%s', async (_what, c) => check(c));
});

describe('bodies that are fine', () => {
  it('PUT /users/verify/{id} with an empty JSON body is not an error (the original client sends no payload)', async () => {
    const s = await seller(t);
    const r = await who.admin.request('PUT', `/api/users/verify/${s.id}`, '');
    expectStatus(r, 200, 'PUT with an empty JSON body');
    expect(r.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const r2 = await who.admin.request('PUT', `/api/users/verify/${s.id}`, undefined);
    expectStatus(r2, 200, 'PUT with no body at all');
  });

  it('a price with 2 decimals, or as a numeric string, is accepted', async () => {
    for (const price of [19.99, '19.99', 0.01, '7']) {
      const r = await who.seller.post(
        '/api/products',
        productBody(who.seller, { price, photos: [await uploadPhoto(who.seller)] }),
      );
      expectStatus(r, 201, `price ${JSON.stringify(price)}`);
    }
  });
});
