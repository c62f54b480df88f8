import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client';
import { product, user } from '../../src/db/schema';
import { seedCategories } from '../../src/seed/demo';
import { Client } from '../helpers/client';
import { freePort } from '../helpers/port';

export type Role = 'anonymous' | 'buyer' | 'seller' | 'admin';

export type FuzzShop = {
  app: FastifyInstance;
  baseUrl: string;
  database: Database;
  clients: Record<Role, Client>;
  /** Real ids of rows the callers own or can see, for path parameters and bodies that name one. */
  ids: string[];
  close(): Promise<void>;
};

const ADMIN = 'fuzz-admin@fuzz.shop';

/**
 * The real shop on a real port for the fuzzer: a new database (an in-memory PGlite unless `pgUrl`
 * names an empty PostgreSQL database), categories, one signed-in client per role, a few listings,
 * bookings and a payment. Nothing leaves the machine: the simulated payment provider, mail kept in
 * the development outbox (no SMTP_URL), no Google sign-in, no S3.
 * `template`, when given, is a migrated PGlite data dir dump (the test suite's), which saves the migration.
 */
export async function startFuzzShop(opts: { template?: Blob; pgUrl?: string } = {}): Promise<FuzzShop> {
  let database: Database;
  if (opts.pgUrl) database = await createDatabase({ kind: 'postgres', url: opts.pgUrl, poolSize: 10 });
  else {
    const client = new PGlite({ ...(opts.template && { loadDataDir: opts.template }), extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    database = await createDatabase({ kind: 'pglite', client });
  }
  await database.migrate();
  await seedCategories(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fuzz-'));
  // BASE_URL, the one origin the shop trusts, must be known before it listens.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    BETTER_AUTH_SECRET: 'fuzz-secret-fuzz-secret-fuzz-secret-0123',
    ADMIN_EMAILS: ADMIN,
    PAYMENT_PROVIDER: 'simulated',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    AUTH_EMAIL_HOURLY_MAX: '100000000',
    BOOKINGS_OPEN_UNPAID_MAX: '100000000',
    BOOKINGS_PER_DAY_MAX: '100000000',
    JOBS_ENABLED: 'false',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const verify = async (id: string) => {
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
  };
  const client = () => new Client(baseUrl, baseUrl, verify);
  const [buyer, seller, admin] = await Promise.all([
    client().signUp('fuzz-buyer@fuzz.shop'),
    client().signUp('fuzz-seller@fuzz.shop', { isSeller: true }),
    client().signUp(ADMIN),
  ]);

  // Listings written straight to the table (a listing over HTTP needs uploaded photos), then booked
  // and one paid over HTTP as a buyer would.
  const listed = await database.db
    .insert(product)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        sellerId: seller.id,
        name: `Fuzz item ${i}`,
        category: i % 2 ? 'Laptop' : 'Mobile',
        img: '/media/p/none/400.webp',
        location: 'Dhaka',
        phone: '+880 1700 000000',
        condition: 'Good' as const,
        priceCents: 10_000 + i * 100,
        originalPriceCents: 50_000,
        usedYears: 1,
      })),
    )
    .returning({ id: product.id });
  // Accounts for the admin's calls to act on (delete, verify), so the signed-in callers' own ids stay
  // out of the pool: deleting one of them would leave the rest of the run signed out.
  const others = await database.db
    .insert(user)
    .values(
      (['buyer', 'seller', 'seller'] as const).map((role, i) => ({
        id: crypto.randomUUID(),
        email: `fuzz-other-${i}@fuzz.shop`,
        name: `Other ${i}`,
        role,
        roleConfirmed: true,
        emailVerified: true,
      })),
    )
    .returning({ id: user.id });
  const ids: string[] = [...others.map((u) => u.id), ...listed.map((p) => p.id)];
  for (const p of listed.slice(0, 4)) {
    const r = await buyer.post<{ insertedId: string }>('/api/orders', {
      productId: p.id,
      buyerName: 'Fuzz Buyer',
      email: buyer.email,
      price: 1,
      phone: '+880 1800 000000',
      meettingLocation: 'Gulshan 1',
    });
    if (r.status !== 201) throw new Error(`fuzz setup: booking answered ${r.status} ${JSON.stringify(r.body)}`);
    ids.push(r.body.insertedId);
  }
  const paidOrder = ids.at(-1)!;
  const intent = await buyer.post<{ clientSecret: string; paymentIntentId: string }>('/api/create-payment-intent', {
    orderId: paidOrder,
    price: 1,
  });
  if (intent.status === 200) {
    await buyer.post('/api/payments/simulated/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    const paid = await buyer.post<{ insertedId: string }>('/api/payments', {
      price: 1,
      transactionId: intent.body.paymentIntentId,
      email: buyer.email,
      OrderId: paidOrder,
    });
    if (paid.status === 201) ids.push(paid.body.insertedId);
    ids.push(intent.body.paymentIntentId);
  }
  const ad = await seller.post<{ insertedId: string }>('/api/advertise', { _id: listed[5]!.id, email: seller.email, name: 'ad' });
  if (ad.status === 201) ids.push(ad.body.insertedId);

  return {
    app,
    baseUrl,
    database,
    clients: { anonymous: client(), buyer, seller, admin },
    ids,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
