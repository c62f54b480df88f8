/**
 * A "Price dropped" badge cannot be faked by raising the price and then cutting it (issue 31, item
 * 11): the price shown as "was" is the lowest price the item had over the last 14 days, worked out
 * when the price changes (product_price_change) and kept on the product row so lists stay cheap. A
 * price held for longer than that is the item's real price. Followers' price alerts compare with the
 * price they last knew, not with a raised one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Json } from './helpers/client';
import { addProduct, buyer, expectStatus, fakeUpload, seller } from './helpers/builders';

type Product = { _id: string; price: number; priceBeforeDrop: number | null; priceDroppedAt: string | null };
type Note = { kind: string; title: string; body: string };

let t: TestApp;
let s: Client;

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_ENABLED: 'true' } });
  s = await seller(t, 'drop-seller');
}, 60_000);
afterAll(() => t?.close());

const item = async (price: number) => addProduct(s, { price, photos: [await fakeUpload(t, s)] });
const setPrice = async (id: string, price: number) =>
  expectStatus(await s.request<Product>('PATCH', `/api/products/${id}`, { price } as Record<string, Json>), 200, `price ${price}`)
    .body;
/** The card of the item in the list every visitor sees first, and its page. */
async function shown(id: string) {
  const page = expectStatus(await t.client().get<Product>(`/api/product/${id}`), 200, 'product page').body;
  const card = (await t.client().get<Product[]>('/api/allproducts?limit=100')).body.find((p) => p._id === id);
  expect(card?.priceBeforeDrop, 'the card and the page agree').toBe(page.priceBeforeDrop);
  return { price: page.price, was: page.priceBeforeDrop };
}
/** As if the item's price changes so far had happened `days` ago. */
const backdate = (id: string, days: number) =>
  t.database.query(
    undefined,
    `update product_price_change set changed_at = changed_at - make_interval(days => $2) where product_id = $1`,
    [id, days],
  );

describe('the "Price dropped" badge', () => {
  it('raising the price then cutting it shows a drop only from the lowest price of the last 14 days', async () => {
    const id = await item(500);
    await setPrice(id, 900);
    expect((await setPrice(id, 450)).priceBeforeDrop).toBe(500);
    expect(await shown(id)).toEqual({ price: 450, was: 500 });

    const other = await item(500);
    await setPrice(other, 900);
    // Back to 600: dearer than it was a moment ago, so no drop to show.
    expect((await setPrice(other, 600)).priceBeforeDrop).toBeNull();
    expect(await shown(other)).toEqual({ price: 600, was: null });
  });

  it('a price held for more than 14 days is the real price: a cut from it shows as a drop', async () => {
    const id = await item(500);
    await setPrice(id, 900);
    await backdate(id, 15);
    expect((await setPrice(id, 850)).priceBeforeDrop).toBe(900);
    expect(await shown(id)).toEqual({ price: 850, was: 900 });
  });

  it('further cuts keep the first price of the drop; a rise back to it ends the drop', async () => {
    const id = await item(1000);
    expect((await setPrice(id, 900)).priceBeforeDrop).toBe(1000);
    expect((await setPrice(id, 800)).priceBeforeDrop).toBe(1000);
    expect((await setPrice(id, 950)).priceBeforeDrop).toBe(1000);
    expect((await setPrice(id, 1000)).priceBeforeDrop).toBeNull();
    // Raised to 1000 again a moment ago; before that 950, 800...: a cut to 990 is no drop.
    expect((await setPrice(id, 990)).priceBeforeDrop).toBeNull();
  });
});

describe('price alerts of followers', () => {
  it('a raise then a cut tells followers nothing until the price is below what they knew, and says that price', async () => {
    const b = await buyer(t, 'drop-follower');
    const id = await item(500);
    expectStatus(await b.put(`/api/favorites/${id}`), 200, 'follow');
    const drops = async () => {
      await t.database.query(
        undefined,
        `update job set next_run_at = now() - interval '1 second', locked_until = null where name = $1`,
        ['alerts.price-drops'],
      );
      await t.app.jobs.runDue();
      return (await b.get<Note[]>('/api/notifications')).body.filter((n) => n.kind === 'price-drop');
    };
    await setPrice(id, 900);
    await setPrice(id, 600);
    expect(await drops()).toEqual([]);
    await setPrice(id, 450);
    const told = await drops();
    expect(told.map((n) => n.body)).toEqual(['Now $450.00 (was $500.00).']);
  });
});
