import crypto from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { inArray, sql } from 'drizzle-orm';
import { CATEGORIES, type CategoryName, type Condition } from '@shop/contract';
import type { Db } from '../db/client';
import { seedDevices } from '../modules/devices/service';
import { singleRow } from '../db/rows';
import { account, advertisement, category, meetupSpot, product, user } from '../db/schema';
import { gazetteer, listingPlace } from '../modules/places/gazetteer';
import { addDemoPriceDrops, demoConditionReport } from './listing';
import type { Storage } from '../storage';
import { addDemoPhotos } from './photos';

export const DEMO_ACCOUNTS = [
  { email: 'admin@shop.test', name: 'Ada Admin', role: 'admin', verified: false },
  { email: 'seller@shop.test', name: 'Sam Verified Seller', role: 'seller', verified: true },
  { email: 'newseller@shop.test', name: 'Nora New Seller', role: 'seller', verified: false },
  { email: 'buyer@shop.test', name: 'Ben Buyer', role: 'buyer', verified: false },
  { email: 'buyer2@shop.test', name: 'Bea Buyer', role: 'buyer', verified: false },
] as const;

const slug = (c: CategoryName) => c.toLowerCase();

/** Eight demo listings per category, each with a shipped picture. */
const MODELS: Record<CategoryName, string[]> = {
  Laptop: [
    'MacBook Air M2 13"',
    'Dell XPS 13 9310',
    'ThinkPad X1 Carbon Gen 9',
    'HP Spectre x360',
    'ASUS ZenBook 14',
    'MacBook Pro 14" M1 Pro',
    'Acer Swift 3',
    'Surface Laptop 4',
  ],
  Mobile: [
    'iPhone 13 128 GB',
    'Pixel 7',
    'Galaxy S22',
    'iPhone 12 mini',
    'OnePlus 10 Pro',
    'Xperia 5 III',
    'Galaxy A54',
    'iPhone SE (2022)',
  ],
  iPad: [
    'iPad Air (5th gen)',
    'iPad Pro 11" M1',
    'iPad mini 6',
    'iPad (9th gen)',
    'iPad Pro 12.9" (2020)',
    'iPad Air (4th gen)',
    'iPad (10th gen)',
    'iPad mini 5',
  ],
  Camera: [
    'Sony a6400 with kit lens',
    'Fujifilm X-T30',
    'Canon EOS RP',
    'Nikon Z50',
    'Olympus OM-D E-M10 IV',
    'Canon EOS 90D',
    'Panasonic Lumix G9',
    'Sony RX100 VI',
  ],
  Headphone: [
    'Sony WH-1000XM4',
    'Bose QuietComfort 45',
    'AirPods Max',
    'Sennheiser Momentum 4',
    'Beats Studio3',
    'Jabra Elite 85h',
    'AKG K371',
    'Audio-Technica ATH-M50x',
  ],
  Watch: [
    'Apple Watch Series 7 45 mm',
    'Galaxy Watch5',
    'Garmin Forerunner 255',
    'Fitbit Sense 2',
    'Apple Watch SE 40 mm',
    'Garmin Venu 2',
    'Pixel Watch',
    'Withings ScanWatch',
  ],
};
const BASE_PRICE: Record<CategoryName, number> = { Laptop: 650, Mobile: 320, iPad: 280, Camera: 520, Headphone: 160, Watch: 180 };
const LOCATIONS = ['Dhaka', 'Chattogram', 'Sylhet', 'Khulna', 'Rajshahi', 'Barishal', 'Rangpur', 'Mymensingh'];
const CONDITIONS: Condition[] = ['Excellent', 'Good', 'Fair'];

/** The item at `i`, going round the list again past its end. */
function cycle<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('cycle: the list is empty');
  return item;
}

/** True when the database already holds the demo catalog (so restarts never seed twice). */
export async function isSeeded(db: Db) {
  const { n } = singleRow(await db.select({ n: sql<number>`count(*)::int` }).from(category));
  return n > 0;
}

export async function seedCategories(db: Db) {
  await db
    .insert(category)
    .values(CATEGORIES.map((c, i) => ({ name: c, img: `/images/categories/${slug(c)}.svg`, position: i })))
    .onConflictDoNothing();
  // The device catalogue (modules/devices/catalogue.ts), once: admins edit it from then on.
  await seedDevices(db);
}

/** Creates a user who can sign in with email + password (the same rows Better Auth writes). */
export async function createUserWithPassword(
  db: Db,
  u: { email: string; name: string; role: 'buyer' | 'seller' | 'admin'; verified: boolean },
  passwordHash: string,
) {
  const id = crypto.randomUUID();
  await db
    .insert(user)
    .values({ id, email: u.email, name: u.name, role: u.role, verified: u.verified, roleConfirmed: true, emailVerified: true });
  await db
    .insert(account)
    .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
  return id;
}

/** The demo shop: categories, five accounts, 48 listings over all categories (with drawn photos when given a storage), four ads. */
export async function seedDemo(db: Db, password: string, storage?: Storage) {
  await seedCategories(db);
  const hash = await hashPassword(password);
  const existing = await db
    .select({ email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const ids: Record<string, string> = {};
  for (const a of DEMO_ACCOUNTS) {
    if (existing.some((e) => e.email === a.email)) continue;
    ids[a.email] = await createUserWithPassword(db, a, hash);
  }
  const sellers = [ids['seller@shop.test'], ids['newseller@shop.test']].filter((id) => id !== undefined);
  if (!sellers.length) return;
  await seedMeetupSpots(db);
  const now = Date.now();
  const rows: (typeof product.$inferInsert)[] = [];
  let n = 0;
  for (const c of CATEGORIES) {
    MODELS[c].forEach((name, i) => {
      const base = BASE_PRICE[c] * (1 + ((i * 37) % 60) / 100);
      const price = Math.round(base) * 100;
      rows.push({
        sellerId: cycle(sellers, n + i),
        name,
        category: c,
        description: `${cycle(CONDITIONS, i)} condition, used with care. Comes with the original charger or accessories where applicable. Meet in a public place to check it before paying.`,
        img: `/images/products/${slug(c)}-${i + 1}.svg`,
        location: cycle(LOCATIONS, n + i * 3),
        ...listingPlace(undefined, cycle(LOCATIONS, n + i * 3), (f, m) => new Error(`${f} ${m}`)),
        phone: `+880 17${String(10000000 + ((n * 7919 + i * 104729) % 89999999)).slice(0, 8)}`,
        condition: cycle(CONDITIONS, i),
        priceCents: price,
        originalPriceCents: Math.round((price * (1.6 + (i % 4) * 0.15)) / 100) * 100,
        usedYears: 1 + (i % 4),
        conditionReport: demoConditionReport(c, cycle(CONDITIONS, i), i),
        // Spread over the last weeks so "newest first" has a visible order.
        createdAt: new Date(now - (n * 8 + i) * 3_600_000 * 7),
      });
    });
    n++;
  }
  const inserted = await db.insert(product).values(rows).returning({
    id: product.id,
    category: product.category,
    sellerId: product.sellerId,
    name: product.name,
    createdAt: product.createdAt,
  });
  if (storage) await addDemoPhotos(db, storage, inserted);
  await addDemoPriceDrops(db, inserted, now);
  // One ad each for four categories.
  const adProducts = ['Laptop', 'Mobile', 'Camera', 'Headphone'].map((c) => inserted.find((p) => p.category === c)!);
  await db.insert(advertisement).values(adProducts.map((p, i) => ({ productId: p.id, createdAt: new Date(now - i * 60_000) })));
}

/**
 * Safe meetup spots, two per demo city: public, staffed, lit places near the city's centre (the
 * coordinates are the gazetteer's centre, moved a few hundred metres). Admins edit or add more.
 */
const SPOT_KINDS = [
  {
    name: (city: string) => `${city} Police Station lobby`,
    address: 'Front desk, open to the public',
    hours: 'Open 24 hours',
    dLat: 0.004,
    dLng: 0.003,
  },
  {
    name: (city: string) => `${city} City Centre mall, help desk`,
    address: 'Ground floor, by the main entrance',
    hours: 'Daily 10:00-21:00',
    dLat: -0.005,
    dLng: 0.004,
  },
];

export async function seedMeetupSpots(db: Db) {
  const rows = LOCATIONS.flatMap((city) => {
    const p = gazetteer.resolve(city);
    if (!p) return [];
    return SPOT_KINDS.map((k) => ({
      name: k.name(city),
      address: `${k.address}, ${city}`,
      hours: k.hours,
      placeId: p.id,
      lat: Math.round((p.lat + k.dLat) * 1e5) / 1e5,
      lng: Math.round((p.lng + k.dLng) * 1e5) / 1e5,
    }));
  });
  await db.insert(meetupSpot).values(rows);
}
