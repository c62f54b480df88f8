import { eq } from 'drizzle-orm';
import { CATEGORY_CHECKS, readReport, type CategoryName, type CheckKey, type Condition } from '@shop/contract';
import type { Db } from '../db/client';
import { product, productPriceChange } from '../db/schema';

/** The answer of each question for an item in top shape. */
const BEST: Record<CheckKey, string> = {
  batteryHealth: '94',
  batteryCycles: '180',
  shutterCount: '12000',
  screen: 'flawless',
  body: 'A',
  biometrics: 'works',
  cameras: 'works',
  speakers: 'works',
  sound: 'works',
  sensors: 'works',
  ports: 'works',
  keyboard: 'works',
  carrierLock: 'unlocked',
  chargerIncluded: 'yes',
  accessories: 'Charging cable',
  originalBox: 'yes',
};

/** What lowers a demo item to its grade: light wear for Good, heavier wear for Fair. */
const WEAR: Record<Exclude<Condition, 'Excellent'>, Partial<Record<CheckKey, { value: string; note?: string }>>> = {
  Good: { body: { value: 'B', note: 'Light marks on the back and edges' }, batteryHealth: { value: '87' } },
  Fair: {
    body: { value: 'C', note: 'A dent on one corner' },
    screen: { value: 'light_scratches', note: 'Fine scratches, invisible when the screen is on' },
    batteryHealth: { value: '79' },
    batteryCycles: { value: '1100' },
  },
};

/** A filled condition report that allows exactly the demo item's grade (checked with the contract's rule). */
export function demoConditionReport(category: CategoryName, condition: Condition, i: number) {
  const answers = Object.fromEntries(
    CATEGORY_CHECKS[category].map((key) => {
      const worn = condition === 'Excellent' ? undefined : WEAR[condition][key];
      // Every other item came without its box.
      const value = key === 'originalBox' && i % 2 ? 'no' : (worn?.value ?? BEST[key]);
      return [key, { value, ...(worn?.note && { note: worn.note }) }];
    }),
  ) as Partial<Record<CheckKey, { value: string; note?: string }>>;
  return readReport(category, answers).report;
}

/** Two demo items were cut in price two days ago: their cards show "Price dropped" with the old price. */
export async function addDemoPriceDrops(db: Db, items: { id: string; category: string }[], now: number) {
  const picked = ['Mobile', 'Laptop'].map((c) => items.find((p) => p.category === c)).filter((p) => p !== undefined);
  const at = new Date(now - 2 * 24 * 3_600_000);
  for (const p of picked) {
    const [row] = await db.select({ price: product.priceCents }).from(product).where(eq(product.id, p.id));
    if (!row) continue;
    const before = Math.round((row.price * 1.15) / 100) * 100;
    await db
      .insert(productPriceChange)
      .values({ productId: p.id, oldPriceCents: before, newPriceCents: row.price, changedAt: at });
    await db.update(product).set({ priceBeforeDropCents: before, priceDroppedAt: at }).where(eq(product.id, p.id));
  }
}
