/**
 * Data builders for the API tests: signed-in clients by role, products, ads, orders and payments made
 * through the API the way the original client makes them (docs/product.md#the-original-client), plus
 * a fingerprint of every shop table to check that a refused call changed nothing.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { PaymentIntent, Role } from '@shop/contract';
import { singleRow } from '../../src/db/rows';
import { upload, user } from '../../src/db/schema';
import type { TestApp } from './app';
import type { Client, Json, Res } from './client';

export const ADMIN_EMAIL = 'admin@test.shop';

/** Every error answer of the API (docs/product.md#errors). */
export type ErrorBody = { error: string; message: string; field?: string; in?: string };
export type InsertResult = { acknowledged: boolean; insertedId: string };

let seq = 0;
/** An email no other test of this process uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${process.pid}-${(seq++).toString(36)}@test.shop`;
}

/** Asserts the status, with the call and the answer in the failure message. */
export function expectStatus<T>(res: Res<T>, status: number, what: string): Res<T> {
  expect(res.status, `${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`).toBe(status);
  return res;
}

/** Asserts a `{error, message}` answer with this status; `field` (when given) must be named in field or message. */
export function expectError(res: Res<unknown>, status: number, what: string, field?: string): ErrorBody {
  expectStatus(res, status, what);
  const body = res.body as ErrorBody;
  expect(typeof body?.error, `${what}: error code in ${JSON.stringify(body)}`).toBe('string');
  expect(body.error, `${what}: snake_case error code`).toMatch(/^[a-z][a-z0-9_]*$/);
  expect(typeof body.message, `${what}: message in ${JSON.stringify(body)}`).toBe('string');
  expect(body.message.length, `${what}: empty message`).toBeGreaterThan(0);
  expect(JSON.stringify(body), `${what}: leaks a stack trace`).not.toMatch(/\bat .+\.(ts|js):\d+/);
  if (field) expect(`${body.field ?? ''} ${body.message}`, `${what}: names the field ${field}`).toContain(field);
  return body;
}

/* ---------- people ---------- */

export function buyer(t: TestApp, label = 'buyer'): Promise<Client> {
  return t.client().signUp(uniqueEmail(label));
}

export function seller(t: TestApp, label = 'seller'): Promise<Client> {
  return t.client().signUp(uniqueEmail(label), { isSeller: true });
}

const admins = new WeakMap<TestApp, Promise<Client>>();
/** The admin of ADMIN_EMAILS, signed up once per app. */
export function admin(t: TestApp): Promise<Client> {
  let c = admins.get(t);
  if (!c) {
    c = t.client().signUp(ADMIN_EMAIL);
    admins.set(t, c);
  }
  return c;
}

/**
 * A user row as Better Auth and POST /users leave it, written straight to the database. Much faster
 * than a sign-up (no password hashing); for targets of admin calls that never sign in themselves.
 */
export async function insertUser(
  t: TestApp,
  role: Exclude<Role, 'admin'>,
  opts: { verified?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = uniqueEmail(`row-${role}`);
  await t.database.db
    .insert(user)
    .values({ id, email, name: `Row ${role}`, role, roleConfirmed: true, verified: !!opts.verified });
  return { id, email };
}

/* ---------- catalog ---------- */

let productSeq = 0;
/**
 * The add-product form's payload as the original client sends it (it adds seller, email, date,
 * sellerStatus); no email when signed out.
 */
export function productBody(seller: Client, overrides: Record<string, Json> = {}): Record<string, Json | undefined> {
  return {
    name: `ThinkPad X1 #${++productSeq}`,
    category: 'Laptop',
    price: 450,
    original_price: 900,
    location: 'Dhaka',
    number: '+880 1700 000000',
    condition: 'Good',
    used_year: 2,
    description: 'Barely used.',
    seller: 'Whoever',
    email: seller.email,
    date: '1/1/2025',
    sellerStatus: '',
    ...(seller.email ? {} : { email: undefined }),
    ...overrides,
  };
}

/** A small JPEG, made once per test process. */
let smallJpeg: Promise<Buffer> | undefined;
export function testJpeg(): Promise<Buffer> {
  smallJpeg ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .toBuffer();
  return smallJpeg;
}

/** Uploads a photo as `seller` (POST /api/uploads, a small JPEG unless given): its upload id, for `photos` of a listing. */
export async function uploadPhoto(seller: Client, file?: { bytes: Buffer; name?: string; type?: string }): Promise<string> {
  const bytes = file?.bytes ?? (await testJpeg());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file?.type ?? 'image/jpeg' }), file?.name ?? 'photo.jpg');
  const r = await seller.postForm<{ _id: string }>('/api/uploads', form);
  expectStatus(r, 201, 'POST /api/uploads');
  return r.body._id;
}

/** An upload of `seller` as POST /uploads leaves it, straight in the database (no files, no decode): its id, for `photos`. */
export async function fakeUpload(t: TestApp, seller: Client): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db
    .insert(upload)
    .values({ id, ownerId: seller.id, photo: { id, w: 800, h: 600, ws: [400, 800], av: [], ph: '' }, bytes: 1 });
  return id;
}

/** Lists a product through the API; its photo is uploaded first unless `overrides.photos` names some. */
export async function addProduct(seller: Client, overrides: Record<string, Json> = {}): Promise<string> {
  const photos = overrides.photos ?? [await uploadPhoto(seller)];
  const r = await seller.post<InsertResult>('/api/products', productBody(seller, { photos, ...overrides }));
  expectStatus(r, 201, 'POST /api/products');
  return r.body.insertedId;
}

export async function advertise(seller: Client, productId: string): Promise<string> {
  const r = await seller.post<InsertResult>('/api/advertise', { _id: productId, email: seller.email, name: 'ad' });
  expectStatus(r, 201, 'POST /api/advertise');
  return r.body.insertedId;
}

/* ---------- orders and payments ---------- */

/** The booking modal's payload as the original client sends it, plus the productId the server needs to name the item. */
export function orderBody(
  buyer: Client,
  productId: string,
  overrides: Record<string, Json> = {},
): Record<string, Json | undefined> {
  return {
    productId,
    buyerName: 'Bea Buyer',
    email: buyer.email,
    price: 1,
    phone: '+880 1800 000000',
    meettingLocation: 'Gulshan 1',
    productName: 'forged name',
    seller: 'forged seller',
    img: 'https://forged.example/x.png',
    ...(buyer.email ? {} : { email: undefined }),
    ...overrides,
  };
}

export async function placeOrder(buyer: Client, productId: string, overrides: Record<string, Json> = {}): Promise<string> {
  const r = await buyer.post<InsertResult>('/api/orders', orderBody(buyer, productId, overrides));
  expectStatus(r, 201, 'POST /api/orders');
  return r.body.insertedId;
}

/** Stripe test-mode cards, as the simulated provider knows them. */
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export async function startPayment(buyer: Client, orderId: string, price: Json = 1): Promise<PaymentIntent> {
  const r = await buyer.post<PaymentIntent>('/api/create-payment-intent', { orderId, price });
  expectStatus(r, 200, 'POST /api/create-payment-intent');
  return r.body;
}

export type ConfirmAnswer = { paymentIntent?: { id: string; status: string; amount: number; last4: string; brand: string } };

/** What the payment form does in test mode instead of Stripe.js: confirm the card with the simulated provider. */
export function confirmCard(c: Client, clientSecret: string, cardNumber: string = CARDS.ok): Promise<Res<ConfirmAnswer>> {
  return c.post<ConfirmAnswer>('/api/payments/simulated/confirm', {
    clientSecret,
    cardNumber,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
}

/** An intent for the order, confirmed with a good card at the provider; POST /payments not sent yet. */
export async function paidAtProvider(buyer: Client, orderId: string): Promise<string> {
  const intent = await startPayment(buyer, orderId);
  expectStatus(await confirmCard(buyer, intent.clientSecret), 200, 'POST /api/payments/simulated/confirm');
  return intent.paymentIntentId;
}

/** POST /payments as the original client sends it (price, transactionId, email, OrderId). */
export function postPayment(buyer: Client, orderId: string, transactionId: string, price: Json = 1): Promise<Res<InsertResult>> {
  return buyer.post<InsertResult>('/api/payments', { price, transactionId, email: buyer.email || undefined, OrderId: orderId });
}

/** The whole payment as the web app makes it: intent, card, POST /payments (docs/product.md#orders-and-payments). */
export async function payOrder(buyer: Client, orderId: string): Promise<{ transactionId: string; paymentId: string }> {
  const transactionId = await paidAtProvider(buyer, orderId);
  const r = expectStatus(await postPayment(buyer, orderId, transactionId), 201, 'POST /api/payments');
  return { transactionId, paymentId: r.body.insertedId };
}

/* ---------- lists ---------- */

/** The `rel="next"` target of a Link header, if any. */
export function nextLink(res: Res<unknown>): string | undefined {
  const link = res.headers.get('link');
  return link?.match(/<([^>]+)>\s*;\s*rel="next"/)?.[1];
}

/** Follows `Link: rel="next"` from `path` to the end; every page must be a 200 array. */
export async function walkPages<T extends { _id: string }>(
  c: Client,
  path: string,
  maxPages = 200,
): Promise<{ rows: T[]; pages: number; totals: (string | null)[] }> {
  const rows: T[] = [];
  const totals: (string | null)[] = [];
  let next: string | undefined = path;
  let pages = 0;
  while (next) {
    if (++pages > maxPages) throw new Error(`more than ${maxPages} pages from ${path}`);
    const r: Res<T[]> = await c.get<T[]>(next);
    expectStatus(r, 200, `GET ${next}`);
    expect(Array.isArray(r.body), `GET ${next} answers an array`).toBe(true);
    rows.push(...r.body);
    totals.push(r.headers.get('x-total-count'));
    next = nextLink(r);
  }
  return { rows, pages, totals };
}

/* ---------- the database ---------- */

/** The shop's tables, by their SQL names. */
export const TABLES = [
  'user',
  'session',
  'account',
  'category',
  'product',
  'advertisement',
  'upload',
  'orders',
  'payment',
  'simulated_intent',
] as const;
export type TableName = (typeof TABLES)[number];

/** Row count and a hash of the contents of every shop table (one query): equal before and after means nothing changed. */
export async function fingerprint(t: TestApp): Promise<Record<TableName, string>> {
  const cols = TABLES.map(
    (table) =>
      sql`(select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${sql.identifier(table)} x) as ${sql.identifier(table)}`,
  );
  const r = await t.database.db.execute<Record<TableName, string>>(sql`select ${sql.join(cols, sql`, `)}`);
  return { ...singleRow(r.rows) };
}
