/**
 * A seller's side of a listing: edit (PATCH), unlist, relist, mark sold outside the shop, the
 * bookings of an item; who may do each; the catalog counts through all of it; price cuts recorded
 * and shown as "Price dropped" for 14 days.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Json, Res } from './helpers/client';
import {
  addProduct as addWithoutPhoto,
  admin,
  advertise,
  buyer,
  expectError,
  expectStatus,
  fakeUpload,
  nextLink,
  payOrder,
  placeOrder,
  seller,
} from './helpers/builders';

type Product = {
  _id: string;
  name: string;
  price: number;
  status: string;
  condition: string;
  description: string;
  priceBeforeDrop: number | null;
  priceDroppedAt: string | null;
  conditionReport: Record<string, { value: string | number }> | null;
};
type Booking = {
  _id: string;
  buyerName: string;
  phone: string;
  meetingLocation: string;
  paid: boolean;
  status: string;
  createdAt: string;
};

let t: TestApp;
let s: Client;
let other: Client;
let b: Client;
beforeAll(async () => {
  t = await startTestApp();
  [s, other, b] = await Promise.all([seller(t), seller(t, 'other-seller'), buyer(t)]);
});
afterAll(() => t?.close());

const addProduct = async (c: Client, overrides: Record<string, Json> = {}) =>
  addWithoutPhoto(c, { photos: [await fakeUpload(t, c)], ...overrides });

const patch = (c: Client, id: string, body: Record<string, Json>) => c.request<Product>('PATCH', `/api/products/${id}`, body);
const page = async (id: string) =>
  expectStatus(await t.client().get<Product>(`/api/product/${id}`), 200, 'GET /product/:id').body;
const listed = async (c: Client, path: string) => {
  const r = expectStatus(await c.get<Product[]>(path), 200, `GET ${path}`);
  return { ids: r.body.map((p) => p._id), total: Number(r.headers.get('x-total-count')), body: r.body };
};
/** The unfiltered and the category list's exact totals (catalog_count, kept by triggers). */
const counts = async (category = 'Laptop') => ({
  all: (await listed(t.client(), '/api/allproducts?limit=100')).total,
  category: (await listed(t.client(), `/api/products/${category}?limit=100`)).total,
});
/** The counters as a full count would give them: the triggers must agree. */
async function countersMatchTable() {
  const rows = await t.database.query<{ category: string; counted: number; kept: number }>(
    undefined,
    `select c.category, c.listed as kept, (select count(*)::int from product p where p.category = c.category and p.listed) as counted
     from catalog_count c`,
    [],
  );
  for (const r of rows) expect(r.kept, `catalog_count of ${r.category}`).toBe(r.counted);
}

describe('PATCH /products/:id', () => {
  it('edits text and price of the seller’s own item; a cut is recorded and shown with the old price, a rise above it clears that', async () => {
    const id = await addProduct(s, { price: 500 });
    const r = expectStatus(
      await patch(s, id, { name: 'ThinkPad X1 Carbon', description: 'New battery', price: 420 }),
      200,
      'PATCH',
    );
    expect(r.body).toMatchObject({
      _id: id,
      name: 'ThinkPad X1 Carbon',
      description: 'New battery',
      price: 420,
      priceBeforeDrop: 500,
    });
    expect(r.body.priceDroppedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const changes = await t.database.query<{ old_price_cents: number; new_price_cents: number }>(
      undefined,
      'select old_price_cents, new_price_cents from product_price_change where product_id = $1 order by changed_at',
      [id],
    );
    expect(changes).toEqual([{ old_price_cents: 50000, new_price_cents: 42000 }]);
    // The card of every list carries it.
    const card = (await listed(t.client(), '/api/allproducts?limit=100')).body.find((p) => p._id === id);
    expect(card).toMatchObject({ price: 420, priceBeforeDrop: 500 });
    // A second cut keeps the price before the first one; fields left out stay.
    expect(expectStatus(await patch(s, id, { price: 400 }), 200, 'second cut').body).toMatchObject({
      price: 400,
      priceBeforeDrop: 500,
      description: 'New battery',
    });
    // Back above the first price: no drop to show.
    expect(expectStatus(await patch(s, id, { price: 510 }), 200, 'rise').body).toMatchObject({
      price: 510,
      priceBeforeDrop: null,
    });
    const n = await t.database.query<{ n: number }>(
      undefined,
      'select count(*)::int as n from product_price_change where product_id = $1',
      [id],
    );
    expect(n[0]?.n).toBe(3);
  });

  it('shows "Price dropped" for 14 days only', async () => {
    const id = await addProduct(s, { price: 300 });
    expectStatus(await patch(s, id, { price: 250 }), 200, 'cut');
    await t.database.db.execute(sql`update product set price_dropped_at = now() - interval '15 days' where id = ${id}`);
    expect(await page(id)).toMatchObject({ price: 250, priceBeforeDrop: null, priceDroppedAt: null });
  });

  it('the same price again records nothing', async () => {
    const id = await addProduct(s, { price: 300 });
    expectStatus(await patch(s, id, { price: '300.00', name: 'Same price' }), 200, 'same price');
    const n = await t.database.query<{ n: number }>(
      undefined,
      'select count(*)::int as n from product_price_change where product_id = $1',
      [id],
    );
    expect(n[0]?.n).toBe(0);
  });

  it('only the item’s seller: another seller and a buyer 403, signed out 401, unknown 404, bad input 400 naming the field', async () => {
    const id = await addProduct(s);
    expectError(await patch(other, id, { price: 1 }), 403, 'other seller');
    expectError(await patch(b, id, { price: 1 }), 403, 'buyer');
    expectError(await patch(t.client(), id, { price: 1 }), 401, 'signed out');
    expectError(await patch(s, crypto.randomUUID(), { price: 1 }), 404, 'unknown');
    expectError(await s.request('PATCH', '/api/products/nope', { price: 1 }), 400, 'bad id', 'id');
    expectError(await patch(s, id, { price: -3 }), 400, 'negative price', 'price');
    expectError(await patch(s, id, {}), 400, 'nothing to change');
    expect((await page(id)).price).toBe(450);
  });

  it('a sold item cannot be edited (409)', async () => {
    const id = await addProduct(s);
    expectStatus(await s.post(`/api/products/${id}/mark-sold`), 200, 'mark sold');
    expectError(await patch(s, id, { price: 10 }), 409, 'edit sold');
  });
});

describe('GET /products/:id/own', () => {
  it('gives the seller the phone the item was listed with (public answers do not), and nobody else', async () => {
    const id = await addProduct(s, { number: '+880 1711 222333' });
    expect(((await page(id)) as unknown as { number: string }).number).toBe('');
    const own = expectStatus(await s.get<{ number: string; email: string }>(`/api/products/${id}/own`), 200, 'own');
    expect(own.body).toMatchObject({ number: '+880 1711 222333', email: s.email });
    expectError(await other.get(`/api/products/${id}/own`), 403, 'other seller');
    expectError(await b.get(`/api/products/${id}/own`), 403, 'buyer');
    expectError(await t.client().get(`/api/products/${id}/own`), 401, 'signed out');
    expectError(await s.get(`/api/products/${crypto.randomUUID()}/own`), 404, 'unknown');
  });
});

describe('unlist and relist', () => {
  it('an unlisted item leaves every public list and the counts, its page says unlisted, and it comes back on relist', async () => {
    const id = await addProduct(s, { category: 'Camera' });
    await advertise(s, id);
    const before = await counts('Camera');
    const r = expectStatus(await s.post(`/api/products/${id}/unlist`), 200, 'unlist');
    expect(r.body).toMatchObject({ acknowledged: true, status: 'unlisted' });
    expect(await counts('Camera')).toEqual({ all: before.all - 1, category: before.category - 1 });
    await countersMatchTable();
    expect((await listed(t.client(), '/api/allproducts?limit=100')).ids).not.toContain(id);
    expect((await listed(t.client(), '/api/products/camera?limit=100')).ids).not.toContain(id);
    const ads = expectStatus(await t.client().get<{ productId: string }[]>('/api/advertise'), 200, 'ads').body;
    expect(ads.map((a) => a.productId)).not.toContain(id);
    expect((await page(id)).status).toBe('unlisted');
    // The seller still has it; nobody can book it.
    const mine = expectStatus(await s.get<Product[]>(`/api/products?email=${encodeURIComponent(s.email)}`), 200, 'mine').body;
    expect(mine.find((p) => p._id === id)?.status).toBe('unlisted');
    expectError(
      await b.post('/api/orders', { productId: id, buyerName: 'B', phone: '+880 1800 000000', meettingLocation: 'X' }),
      409,
      'book',
    );
    expectError(await s.post(`/api/products/${id}/unlist`), 409, 'unlist twice');
    // It can still be edited while unlisted.
    expectStatus(await patch(s, id, { description: 'Back soon' }), 200, 'edit unlisted');

    expectStatus(await s.post(`/api/products/${id}/relist`), 200, 'relist');
    expect(await counts('Camera')).toEqual(before);
    await countersMatchTable();
    expect((await listed(t.client(), '/api/allproducts?limit=100')).ids).toContain(id);
    expectError(await s.post(`/api/products/${id}/relist`), 409, 'relist twice');
  });

  it('only the item’s seller may unlist, relist or mark sold', async () => {
    const id = await addProduct(s);
    for (const action of ['unlist', 'relist', 'mark-sold']) {
      expectError(await other.post(`/api/products/${id}/${action}`), 403, `${action} by another seller`);
      expectError(await b.post(`/api/products/${id}/${action}`), 403, `${action} by a buyer`);
      expectError(await t.client().post(`/api/products/${id}/${action}`), 401, `${action} signed out`);
      expectError(await s.post(`/api/products/${crypto.randomUUID()}/${action}`), 404, `${action} unknown`);
    }
    expect((await page(id)).status).toBe('available');
  });
});

describe('mark sold', () => {
  it('sells the item, cancels the unpaid bookings and mails those buyers; counts stay right', async () => {
    const id = await addProduct(s, { name: 'Sony A7 III', category: 'Camera' });
    const [b1, b2] = await Promise.all([buyer(t, 'b1'), buyer(t, 'b2')]);
    const [o1, o2] = [await placeOrder(b1, id), await placeOrder(b2, id)];
    const before = await counts('Camera');
    const r = expectStatus(await s.post(`/api/products/${id}/mark-sold`), 200, 'mark sold');
    expect(r.body).toEqual({ acknowledged: true, status: 'sold', cancelledBookings: 2 });
    expect(await counts('Camera')).toEqual({ all: before.all - 1, category: before.category - 1 });
    await countersMatchTable();
    expect((await page(id)).status).toBe('sold');
    for (const [c, o] of [
      [b1, o1],
      [b2, o2],
    ] as const) {
      const order = expectStatus(await c.get<{ status: string }>(`/api/order/${o}`), 200, 'order').body;
      expect(order.status).toBe('cancelled');
    }
    const mails = await t.database.query<{ to_address: string; subject: string; text: string }>(
      undefined,
      `select to_address, subject, text from mail_outbox where kind = 'booking-cancelled' and to_address in ($1, $2)`,
      [b1.email, b2.email],
    );
    expect(mails.map((m) => m.to_address).sort()).toEqual([b1.email, b2.email].sort());
    expect(mails[0]?.subject).toContain('Sony A7 III');
    // Cancelled bookings cannot be paid; the buyer may clear them from My Orders.
    expectError(await b1.post('/api/create-payment-intent', { orderId: o1, price: 1 }), 409, 'pay a cancelled booking');
    expectStatus(await b1.del(`/api/orders/${o1}`), 200, 'delete a cancelled booking');
    expectError(await s.post(`/api/products/${id}/mark-sold`), 409, 'twice');
    expectError(await s.post(`/api/products/${id}/relist`), 409, 'relist sold');
  });

  it('an item sold through the shop is already sold (409); a paid booking is never dropped', async () => {
    const id = await addProduct(s);
    const o = await placeOrder(b, id);
    await payOrder(b, o);
    expectError(await s.post(`/api/products/${id}/mark-sold`), 409, 'paid and sold');
    // Even were the item put back on sale by hand, its paid booking stops a sale elsewhere.
    await t.database.db.execute(sql`update product set status = 'available' where id = ${id}`);
    const e = expectError(await s.post(`/api/products/${id}/mark-sold`), 409, 'paid booking');
    expect(e.error).toBe('paid_booking');
    const paid = expectStatus(await b.get<{ status: string }>(`/api/order/${o}`), 200, 'order').body;
    expect(paid.status).toBe('paid');
    await countersMatchTable();
  });
});

describe('GET /products/:id/bookings', () => {
  it('the seller sees each booking newest first in keyset pages; an admin too; nobody else', async () => {
    const id = await addProduct(s);
    const buyers = await Promise.all([buyer(t, 'k1'), buyer(t, 'k2'), buyer(t, 'k3')]);
    for (const [i, c] of buyers.entries()) await placeOrder(c, id, { buyerName: `Buyer ${i}`, meettingLocation: `Place ${i}` });
    const first = expectStatus(await s.get<Booking[]>(`/api/products/${id}/bookings?limit=2`), 200, 'page 1');
    expect(first.body.map((x) => x.buyerName)).toEqual(['Buyer 2', 'Buyer 1']);
    expect(first.body[0]).toMatchObject({
      buyerId: buyers[2]?.id,
      phone: '+880 1800 000000',
      meetingLocation: 'Place 2',
      paid: false,
      status: 'unpaid',
    });
    const next = nextLink(first as Res<unknown>);
    expect(next).toBeDefined();
    const second = expectStatus(await s.get<Booking[]>(next ?? ''), 200, 'page 2');
    expect(second.body.map((x) => x.buyerName)).toEqual(['Buyer 0']);
    expect(nextLink(second as Res<unknown>)).toBeUndefined();

    expectStatus(await (await admin(t)).get(`/api/products/${id}/bookings`), 200, 'admin');
    expectError(await other.get(`/api/products/${id}/bookings`), 403, 'other seller');
    expectError(await b.get(`/api/products/${id}/bookings`), 403, 'buyer');
    expectError(await t.client().get(`/api/products/${id}/bookings`), 401, 'signed out');
    expectError(await s.get(`/api/products/${crypto.randomUUID()}/bookings`), 404, 'unknown');
    expectError(await s.get(`/api/products/${id}/bookings?cursor=xyz`), 400, 'bad cursor', 'cursor');
  });
});

describe('the OpenAPI document', () => {
  it('documents every listing route with each status it answers, behind the session', async () => {
    type Op = { responses: Record<string, unknown>; security?: unknown };
    const doc = expectStatus(
      await t.client().get<{ paths: Record<string, Record<string, Op>> }>('/api/openapi.json'),
      200,
      'doc',
    ).body;
    const change = ['200', '400', '401', '403', '404', '409'];
    const routes: [string, string, string[]][] = [
      ['/products/{id}', 'patch', change],
      ['/products/{id}/unlist', 'post', change],
      ['/products/{id}/relist', 'post', change],
      ['/products/{id}/mark-sold', 'post', change],
      ['/products/{id}/bookings', 'get', ['200', '400', '401', '403', '404']],
      ['/products/{id}/own', 'get', ['200', '400', '401', '403', '404']],
    ];
    for (const [path, method, statuses] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op?.responses ?? {}).sort(), `${method} ${path}`).toEqual(expect.arrayContaining(statuses));
      expect(op?.security, `${method} ${path}`).toEqual([{ session: [] }]);
    }
  });
});
