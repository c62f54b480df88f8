/**
 * Orders (docs/product.md#orders-and-payments): booking takes price, product, seller and buyer from
 * the product and the session; the buyer's list is newest first in keyset pages; an email not the
 * caller's is 403; only unpaid orders can be deleted (paid is 409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import {
  addProduct,
  admin,
  buyer,
  expectError,
  expectStatus,
  fingerprint,
  orderBody,
  payOrder,
  placeOrder,
  seller,
  uniqueEmail,
  walkPages,
} from './helpers/builders';

type OrderRow = {
  _id: string;
  buyerName: string;
  email: string;
  price: number;
  phone: string;
  meettingLocation: string;
  productName: string;
  seller: string;
  img: string;
  paid: boolean;
  productId: string;
  status: string;
  createdAt: string;
};

let t: TestApp;
let s: Client;
/** Buyers shared by the tests that do not count a whole list. */
let b0: Client;
let b1: Client;
beforeAll(async () => {
  t = await startTestApp();
  [s, b0, b1] = await Promise.all([
    t.client().signUp(uniqueEmail('seller'), { name: 'Sadia Seller', isSeller: true }),
    buyer(t),
    buyer(t),
  ]);
});
afterAll(() => t?.close());

describe('POST /orders', () => {
  it("books with the original client's fields, taking price, product, seller and email from the product and session", async () => {
    const b = await buyer(t);
    const productId = await addProduct(s, {
      name: 'Pixel 7',
      category: 'Mobile',
      price: 320.5,
    });
    // The order keeps the product's picture: its cover photo's URL.
    const productImg = (await b.get<{ img: string }>(`/api/product/${productId}`)).body.img;
    expect(productImg).toMatch(/^\/media\/p\/[0-9a-f-]{36}\/64\.webp$/);
    const r = expectStatus(
      await b.post(
        '/api/orders',
        orderBody(b, productId, { buyerName: 'Bea', phone: '+880 1711 111111', meettingLocation: 'Banani' }),
      ),
      201,
      'POST /api/orders',
    );
    expect(Object.keys(r.body as object).sort()).toEqual(['acknowledged', 'insertedId']);
    const { insertedId } = r.body as { insertedId: string };

    const one = expectStatus(await b.get<OrderRow>(`/api/order/${insertedId}`), 200, 'GET /api/order/{id}');
    expect(one.body).toMatchObject({
      _id: insertedId,
      buyerName: 'Bea',
      email: b.email,
      price: 320.5,
      phone: '+880 1711 111111',
      meettingLocation: 'Banani',
      productName: 'Pixel 7',
      seller: 'Sadia Seller',
      img: productImg,
      paid: false,
      productId,
      status: 'unpaid',
    });
    const list = expectStatus(
      await b.get<OrderRow[]>(`/api/orders?email=${encodeURIComponent(b.email)}`),
      200,
      'GET /api/orders',
    );
    expect(list.body).toEqual([one.body]);
  });

  it('refuses an email that is not the caller’s (403), recording nothing', async () => {
    const b = b0;
    const productId = await addProduct(s);
    const before = await fingerprint(t);
    expectError(
      await b.post('/api/orders', orderBody(b, productId, { email: uniqueEmail('someone') })),
      403,
      'POST /orders for another email',
    );
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers 404 for an unknown product and 409 for booking the same item twice', async () => {
    const b = b0;
    expectError(
      await b.post('/api/orders', orderBody(b, '00000000-0000-4000-8000-000000000000')),
      404,
      'order an unknown product',
    );
    const productId = await addProduct(s);
    await placeOrder(b, productId);
    const before = await fingerprint(t);
    expectError(await b.post('/api/orders', orderBody(b, productId)), 409, 'order the same item twice');
    expect(await fingerprint(t)).toEqual(before);
  });

  it('booking the same item twice at once: one 201, one 409', async () => {
    const productId = await addProduct(s);
    const rs = await Promise.all([0, 1].map(() => b1.post('/api/orders', orderBody(b1, productId))));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a sold item (409)', async () => {
    const productId = await addProduct(s);
    await payOrder(b0, await placeOrder(b0, productId));
    expectError(await b1.post('/api/orders', orderBody(b1, productId)), 409, 'order a sold item');
  });
});

describe('GET /orders?email=', () => {
  it('lists the buyer’s own orders newest first, in keyset pages walked exactly once, with X-Total-Count', async () => {
    const b = await buyer(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await placeOrder(b, await addProduct(s)));
    await placeOrder(b1, await addProduct(s));
    const newestFirst = [...ids].reverse();

    const all = expectStatus(await b.get<OrderRow[]>(`/api/orders?email=${encodeURIComponent(b.email)}`), 200, 'GET /api/orders');
    expect(all.body.map((o) => o._id)).toEqual(newestFirst);
    expect(all.headers.get('x-total-count')).toBe('7');
    expect(all.headers.get('link')).toBeNull();

    const walk = await walkPages<OrderRow>(b, `/api/orders?email=${encodeURIComponent(b.email)}&limit=3`);
    expect(walk.rows.map((o) => o._id)).toEqual(newestFirst);
    expect(walk.pages).toBe(3);
    expect(walk.totals).toEqual(['7', '7', '7']);

    // The admin may read anyone's list; the email is matched whatever its case.
    const boss = await admin(t);
    expect(
      (await boss.get<OrderRow[]>(`/api/orders?email=${encodeURIComponent(b.email.toUpperCase())}`)).body.map((o) => o._id),
    ).toEqual(newestFirst);
  });

  it('is 403 for an email that is not the caller’s', async () => {
    await placeOrder(b1, await addProduct(s));
    expectError(await b0.get(`/api/orders?email=${encodeURIComponent(b1.email)}`), 403, "another buyer's orders");
    expectError(await b0.get('/api/orders'), 400, 'no email', 'email');
  });
});

describe('DELETE /orders/{id}', () => {
  it('deletes an unpaid order (acknowledged, deletedCount 1); it is gone afterwards', async () => {
    const b = await buyer(t);
    const keep = await placeOrder(b, await addProduct(s));
    const orderId = await placeOrder(b, await addProduct(s));
    const r = expectStatus(await b.del(`/api/orders/${orderId}`), 200, 'DELETE /api/orders/{id}');
    expect(r.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await b.get<OrderRow[]>(`/api/orders?email=${encodeURIComponent(b.email)}`)).body.map((o) => o._id)).toEqual([keep]);
    expectError(await b.get(`/api/order/${orderId}`), 404, 'the deleted order');
    expectError(await b.del(`/api/orders/${orderId}`), 404, 'deleting it again');
  });

  it('refuses a paid order (409) and keeps it', async () => {
    const b = b0;
    const orderId = await placeOrder(b, await addProduct(s));
    await payOrder(b, orderId);
    const before = await fingerprint(t);
    expectError(await b.del(`/api/orders/${orderId}`), 409, 'DELETE a paid order');
    expect(await fingerprint(t)).toEqual(before);
    expect((await b.get<OrderRow>(`/api/order/${orderId}`)).body).toMatchObject({ paid: true, status: 'paid' });
  });

  it('lets the buyer book the item again after deleting the order', async () => {
    const b = b0;
    const productId = await addProduct(s);
    const first = await placeOrder(b, productId);
    expectStatus(await b.del(`/api/orders/${first}`), 200, 'DELETE');
    expect(await placeOrder(b, productId)).not.toBe(first);
  });
});

// Issue 26: every account buys, so a seller lists their own orders (was 403, "a seller has no orders").
it('a seller lists their own orders (sellers buy too)', async () => {
  const other = await seller(t);
  expect(
    expectStatus(await other.get(`/api/orders?email=${encodeURIComponent(other.email)}`), 200, 'a seller listing orders').body,
  ).toEqual([]);
});

it("reads a '+' sent unencoded in ?email= (as the original client sends it) as the '+' it was", async () => {
  const email = uniqueEmail('plus').replace('@', '+tag@');
  const b = await t.client().signUp(email);
  const s = await seller(t);
  const orderId = await placeOrder(b, await addProduct(s));
  const r = expectStatus(await b.get<OrderRow[]>(`/api/orders?email=${email}`), 200, 'GET /api/orders?email=a+b@x unencoded');
  expect(r.body.map((o) => o._id)).toEqual([orderId]);
  expect((await b.get(`/api/users/buyer/${email}`)).body).toEqual({ isBuyer: true });
});
