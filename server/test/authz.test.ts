/**
 * Who gets in (docs/product.md#who-may-call-what): every call of the original client, as anonymous,
 * buyer, other buyer, seller, other seller and admin. "buyer" and "seller" own the targets; the
 * "other" ones do not. A call that changes something gets fresh targets for every actor, and its
 * effect must show exactly when the call was let in (a refused call changes nothing).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { advertisement, offer, order, priceWatch, product, simulatedIntent, user } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import {
  addProduct,
  admin,
  buyer,
  orderBody,
  paidAtProvider,
  placeOrder,
  postPayment,
  productBody,
  testJpeg,
  seller,
  insertUser,
  type ErrorBody,
} from './helpers/builders';

const ACTORS = ['anonymous', 'buyer', 'other buyer', 'seller', 'other seller', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
/** Expected status per actor, in the order of ACTORS. */
type Expect = readonly [anonymous: number, buyer: number, otherBuyer: number, seller: number, otherSeller: number, admin: number];
type Attempt = { res: Res<unknown>; happened?: () => Promise<boolean> };
type Row = { call: string; expect: Expect; run: (me: Client) => Promise<Attempt> };

const EVERYONE: Expect = [200, 200, 200, 200, 200, 200];
const ADMIN_ONLY: Expect = [401, 403, 403, 403, 403, 200];

/** The original client's calls (docs/product.md#the-original-client), under /api: the table below must cover each. */
const ORIGINAL_CALLS = [
  'GET /api/category',
  'GET /api/advertise',
  'GET /api/allproducts',
  'GET /api/products/{category}',
  'GET /api/products?email=',
  'POST /api/products',
  'POST /api/advertise',
  'POST /api/orders',
  'GET /api/orders?email=',
  'DELETE /api/orders/{id}',
  'GET /api/order/{id}',
  'POST /api/users',
  'GET /api/users/admin/{email}',
  'GET /api/users/buyer/{email}',
  'GET /api/users/seller/{email}',
  'GET /api/users/allbuyer',
  'GET /api/users/allseller',
  'PUT /api/users/verify/{id}',
  'DELETE /api/users/{id}',
  'POST /api/create-payment-intent',
  'POST /api/payments',
];

let t: TestApp;
let as: Record<Actor, Client>;
/** Read-only targets shared by the calls that change nothing. */
let shared: { productId: string; orderId: string };

beforeAll(async () => {
  // Each offer row makes six offers of "buyer" at once, past the default OFFERS_OPEN_MAX.
  t = await startTestApp({ env: { OFFERS_OPEN_MAX: '100' } });
  const [b, ob, s, os, a] = await Promise.all([
    buyer(t),
    buyer(t, 'other-buyer'),
    seller(t),
    seller(t, 'other-seller'),
    admin(t),
  ]);
  as = { anonymous: t.client(), buyer: b, 'other buyer': ob, seller: s, 'other seller': os, admin: a };
  const productId = await addProduct(s);
  shared = { productId, orderId: await placeOrder(b, productId) };
});
afterAll(() => t?.close());

const db = () => t.database.db;
const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;

/** A fresh product of "seller", and a fresh unpaid order of "buyer" for it. */
async function freshOrder() {
  const productId = await addProduct(as.seller);
  return { productId, orderId: await placeOrder(as.buyer, productId) };
}

const rows: Row[] = [
  // ---- catalog
  { call: 'GET /api/category', expect: EVERYONE, run: async (me) => ({ res: await me.get('/api/category') }) },
  { call: 'GET /api/advertise', expect: EVERYONE, run: async (me) => ({ res: await me.get('/api/advertise') }) },
  { call: 'GET /api/allproducts', expect: EVERYONE, run: async (me) => ({ res: await me.get('/api/allproducts') }) },
  { call: 'GET /api/products/{category}', expect: EVERYONE, run: async (me) => ({ res: await me.get('/api/products/Laptop') }) },
  {
    call: 'GET /api/products?email=',
    expect: [401, 403, 403, 200, 403, 200],
    run: async (me) => ({ res: await me.get(`/api/products?email=${encodeURIComponent(as.seller.email)}`) }),
  },
  {
    call: 'POST /api/products',
    expect: [401, 403, 403, 201, 201, 403],
    run: async (me) => {
      // The caller's own upload; callers who may not upload send a well-formed id that names none (refused before it is read).
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await testJpeg())], { type: 'image/jpeg' }), 'photo.jpg');
      const uploaded = await me.postForm<{ _id: string }>('/api/uploads', form);
      const photos = [uploaded.status === 201 ? uploaded.body._id : crypto.randomUUID()];
      const body = productBody(me, { photos });
      const name = String(body.name);
      return {
        res: await me.post('/api/products', body),
        happened: () => exists(db().select().from(product).where(eq(product.name, name))),
      };
    },
  },
  {
    call: 'POST /api/advertise',
    expect: [401, 403, 403, 201, 403, 403],
    run: async (me) => {
      const productId = await addProduct(as.seller);
      return {
        res: await me.post('/api/advertise', { ...productBody(as.seller), _id: productId, email: me.email || undefined }),
        happened: () => exists(db().select().from(advertisement).where(eq(advertisement.productId, productId))),
      };
    },
  },
  // ---- orders
  {
    call: 'POST /api/orders',
    // Every account but an admin's buys (issue 26): a seller books another's item, never their own (409).
    expect: [401, 201, 201, 409, 201, 403],
    run: async (me) => {
      const productId = await addProduct(as.seller);
      return {
        res: await me.post('/api/orders', orderBody(me, productId)),
        happened: () => exists(db().select().from(order).where(eq(order.productId, productId))),
      };
    },
  },
  {
    call: 'GET /api/orders?email=',
    expect: [401, 200, 403, 403, 403, 200],
    run: async (me) => ({ res: await me.get(`/api/orders?email=${encodeURIComponent(as.buyer.email)}`) }),
  },
  {
    call: 'GET /api/order/{id}',
    expect: [401, 200, 404, 404, 404, 200],
    run: async (me) => ({ res: await me.get(`/api/order/${shared.orderId}`) }),
  },
  {
    call: 'DELETE /api/orders/{id}',
    expect: [401, 200, 404, 404, 404, 403],
    run: async (me) => {
      const { orderId } = await freshOrder();
      return {
        res: await me.del(`/api/orders/${orderId}`),
        happened: async () => !(await exists(db().select().from(order).where(eq(order.id, orderId)))),
      };
    },
  },
  // ---- users
  {
    call: 'POST /api/users',
    expect: [401, 200, 200, 200, 200, 200],
    run: async (me) => ({
      res: await me.post('/api/users', { name: 'Me', email: me.email || 'nobody@test.shop', isSeller: false }),
    }),
  },
  {
    call: "POST /api/users (buyer's email)",
    expect: [401, 200, 403, 403, 403, 403],
    run: async (me) => ({ res: await me.post('/api/users', { name: 'Buyer', email: as.buyer.email, isSeller: true }) }),
  },
  {
    call: 'GET /api/users/admin/{email}',
    expect: [401, 200, 403, 403, 403, 200],
    run: async (me) => ({ res: await me.get(`/api/users/admin/${as.buyer.email}`) }),
  },
  {
    call: 'GET /api/users/buyer/{email}',
    expect: [401, 200, 403, 403, 403, 200],
    run: async (me) => ({ res: await me.get(`/api/users/buyer/${as.buyer.email}`) }),
  },
  {
    call: 'GET /api/users/seller/{email}',
    expect: [401, 403, 403, 200, 403, 200],
    run: async (me) => ({ res: await me.get(`/api/users/seller/${as.seller.email}`) }),
  },
  { call: 'GET /api/users/allbuyer', expect: ADMIN_ONLY, run: async (me) => ({ res: await me.get('/api/users/allbuyer') }) },
  { call: 'GET /api/users/allseller', expect: ADMIN_ONLY, run: async (me) => ({ res: await me.get('/api/users/allseller') }) },
  {
    call: 'PUT /api/users/verify/{id}',
    expect: ADMIN_ONLY,
    run: async (me) => {
      const target = await insertUser(t, 'seller');
      return {
        res: await me.put(`/api/users/verify/${target.id}`),
        happened: () =>
          exists(
            db()
              .select()
              .from(user)
              .where(and(eq(user.id, target.id), eq(user.verified, true))),
          ),
      };
    },
  },
  ...(['buyer', 'seller'] as const).map(
    (role): Row => ({
      call: `DELETE /api/users/{id} (a ${role})`,
      expect: ADMIN_ONLY,
      run: async (me) => {
        const target = await insertUser(t, role);
        return {
          res: await me.del(`/api/users/${target.id}`),
          happened: () =>
            exists(
              db()
                .select()
                .from(user)
                .where(and(eq(user.id, target.id), isNotNull(user.deletedAt))),
            ),
        };
      },
    }),
  ),
  // ---- payments
  {
    call: 'POST /api/create-payment-intent',
    expect: [401, 200, 404, 404, 404, 403],
    run: async (me) => {
      const { orderId } = await freshOrder();
      return {
        res: await me.post('/api/create-payment-intent', { orderId, price: 450 }),
        happened: () => exists(db().select().from(simulatedIntent).where(eq(simulatedIntent.orderId, orderId))),
      };
    },
  },
  {
    call: 'POST /api/payments',
    expect: [401, 201, 404, 404, 404, 403],
    run: async (me) => {
      const { orderId } = await freshOrder();
      const transactionId = await paidAtProvider(as.buyer, orderId);
      return {
        res: await postPayment(me, orderId, transactionId, 450),
        happened: () =>
          exists(
            db()
              .select()
              .from(order)
              .where(and(eq(order.id, orderId), eq(order.status, 'paid'))),
          ),
      };
    },
  },
  // ---- the calls the shop added to the original client's
  {
    call: 'GET /api/product/{id}',
    expect: EVERYONE,
    run: async (me) => ({ res: await me.get(`/api/product/${shared.productId}`) }),
  },
  { call: 'GET /api/payments', expect: ADMIN_ONLY, run: async (me) => ({ res: await me.get('/api/payments') }) },
  { call: 'GET /api/audit', expect: ADMIN_ONLY, run: async (me) => ({ res: await me.get('/api/audit') }) },
  // ---- offers (issue 26): "buyer" made the offer on "seller"'s item; admins neither buy nor sell
  {
    call: 'POST /api/products/{id}/offers',
    expect: [401, 201, 201, 409, 201, 403],
    run: async (me) => {
      const productId = await addProduct(as.seller);
      return {
        res: await me.post(`/api/products/${productId}/offers`, { amount: 300 }),
        happened: () => exists(db().select().from(offer).where(eq(offer.productId, productId))),
      };
    },
  },
  {
    call: 'GET /api/offers?role=buyer',
    expect: [401, 200, 200, 200, 200, 403],
    run: async (me) => ({ res: await me.get('/api/offers?role=buyer') }),
  },
  {
    call: 'GET /api/offers?role=seller',
    expect: [401, 200, 200, 200, 200, 403],
    run: async (me) => ({ res: await me.get('/api/offers?role=seller') }),
  },
  ...(
    [
      // The buyer accepts only a counter, the seller only an open offer.
      ['accept', [401, 409, 404, 200, 404, 403], ['accepted']],
      // The buyer withdraws their open offer; the seller declines it.
      ['decline', [401, 200, 404, 200, 404, 403], ['declined', 'withdrawn']],
      ['counter', [401, 409, 404, 200, 404, 403], ['countered']],
    ] as const
  ).map(
    ([action, expect, after]): Row => ({
      call: `POST /api/offers/{id}/${action}`,
      expect,
      run: async (me) => {
        const id = await freshOffer();
        return {
          res: await me.post(`/api/offers/${id}/${action}`, action === 'counter' ? { amount: 400 } : undefined),
          happened: () =>
            exists(
              db()
                .select()
                .from(offer)
                .where(and(eq(offer.id, id), inArray(offer.status, [...after]))),
            ),
        };
      },
    }),
  ),
  // ---- favourites (issue 26): the item is "seller"'s, who cannot save their own
  {
    call: 'PUT /api/favorites/{productId}',
    expect: [401, 200, 200, 409, 200, 403],
    run: async (me) => {
      const productId = await addProduct(as.seller);
      return {
        res: await me.put(`/api/favorites/${productId}`),
        happened: () => exists(db().select().from(priceWatch).where(eq(priceWatch.productId, productId))),
      };
    },
  },
  {
    call: 'GET /api/favorites',
    expect: [401, 200, 200, 200, 200, 403],
    run: async (me) => ({ res: await me.get('/api/favorites') }),
  },
  {
    call: 'DELETE /api/favorites/{productId}',
    expect: [401, 200, 200, 200, 200, 403],
    run: async (me) => {
      const productId = await addProduct(as.seller);
      await as.buyer.put(`/api/favorites/${productId}`);
      return { res: await me.del(`/api/favorites/${productId}`) };
    },
  },
  {
    call: 'GET /api/me/listing-saves',
    expect: [401, 403, 403, 200, 200, 403],
    run: async (me) => ({ res: await me.get('/api/me/listing-saves') }),
  },
  {
    call: 'GET /api/me/recently-viewed',
    expect: [401, 200, 200, 200, 200, 200],
    run: async (me) => ({ res: await me.get('/api/me/recently-viewed') }),
  },
  // Last: it lets "buyer" sell from here on.
  {
    call: 'POST /api/me/start-selling',
    expect: [401, 200, 200, 200, 200, 403],
    run: async (me) => ({ res: await me.post('/api/me/start-selling') }),
  },
];

/** A fresh open offer of "buyer" on a fresh item of "seller". */
async function freshOffer() {
  const productId = await addProduct(as.seller);
  const r = await as.buyer.post<{ insertedId: string }>(`/api/products/${productId}/offers`, { amount: 300 });
  if (r.status !== 201) throw new Error(`offer: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.insertedId;
}

it('lets exactly the right actors make each call', async () => {
  const base = (call: string) => call.replace(/ \(.*\)$/, '');
  expect(
    ORIGINAL_CALLS.filter((c) => !rows.some((r) => base(r.call) === c)),
    "the original client's calls missing from the table",
  ).toEqual([]);

  const failures: string[] = [];
  // Rows one after another; the six actors of a row at once (each on its own fresh targets).
  for (const row of rows) {
    const perActor = await Promise.all(
      ACTORS.map(async (actor, i): Promise<string[]> => {
        const want = row.expect[i];
        const where = `${row.call} as ${actor}`;
        const { res, happened } = await row.run(as[actor]);
        if (res.status !== want) return [`${where}: expected ${want}, got ${res.status} ${JSON.stringify(res.body)}`];
        const out: string[] = [];
        const e = res.body as ErrorBody;
        if (res.status >= 400 && (typeof e?.error !== 'string' || typeof e.message !== 'string'))
          out.push(`${where}: ${res.status} without {error, message}: ${JSON.stringify(res.body)}`);
        if (happened) {
          const did = await happened();
          if (did !== res.status < 300)
            out.push(`${where}: answered ${res.status} but the change ${did ? 'happened' : 'did not happen'}`);
        }
        return out;
      }),
    );
    failures.push(...perActor.flat());
  }
  expect(failures).toEqual([]);
});
