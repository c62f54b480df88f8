/**
 * The condition report: each category's questions, the grade the answers suggest, and the rule that
 * a seller may only lower it (the contract's listingIssues, enforced here on add and on edit); flaw
 * photos are the seller's own uploads and show beside their answer on the product page.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  CATEGORY_CHECKS,
  type ConditionReport,
  allowedGrades,
  listingIssues,
  productFormSchema,
  readReport,
  suggestGrade,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, upload, user } from '../src/db/schema';
import { seedDemo } from '../src/seed/demo';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Json } from './helpers/client';
import { addProduct as addWithoutPhoto, expectError, expectStatus, fakeUpload, seller } from './helpers/builders';

type Answer = { value: string | number; note?: string; photo?: string; image?: { url: string } };
type Detail = { condition: string; conditionReport: Record<string, Answer> | null };

const PHONE_OK = {
  batteryHealth: { value: '93' },
  screen: { value: 'flawless' },
  body: { value: 'A' },
  biometrics: { value: 'works' },
  cameras: { value: 'works' },
  speakers: { value: 'works' },
  ports: { value: 'works' },
  carrierLock: { value: 'unlocked' },
  accessories: { value: 'Case and cable' },
  originalBox: { value: 'yes' },
};

describe('the grade rule (contract)', () => {
  it('every category asks accessories and the original box', () => {
    for (const checks of Object.values(CATEGORY_CHECKS))
      expect(checks).toEqual(expect.arrayContaining(['accessories', 'originalBox']));
    expect(CATEGORY_CHECKS.Mobile).toEqual(
      expect.arrayContaining(['batteryHealth', 'screen', 'body', 'biometrics', 'carrierLock']),
    );
    expect(CATEGORY_CHECKS.Laptop).toEqual(expect.arrayContaining(['batteryCycles', 'keyboard', 'chargerIncluded']));
    expect(CATEGORY_CHECKS.Camera).toContain('shutterCount');
  });

  it('suggests the worst grade any answer allows', () => {
    const read = (over: Record<string, { value: string }>) => readReport('Mobile', { ...PHONE_OK, ...over }).report;
    expect(suggestGrade(read({}))).toBe('Excellent');
    expect(suggestGrade(read({ batteryHealth: { value: '85' } }))).toBe('Good');
    expect(suggestGrade(read({ screen: { value: 'light_scratches' } }))).toBe('Good');
    expect(suggestGrade(read({ screen: { value: 'cracked' }, body: { value: 'B' } }))).toBe('Fair');
    expect(suggestGrade(read({ cameras: { value: 'faulty' } }))).toBe('Fair');
    expect(allowedGrades(read({ body: { value: 'B' } }))).toEqual(['Good', 'Fair']);
  });

  it('refuses a grade above the suggestion and names missing or wrong answers', () => {
    expect(listingIssues('Mobile', 'Excellent', { ...PHONE_OK, screen: { value: 'cracked' } }).issues).toEqual([
      { path: ['condition'], message: 'can be at most Fair for this condition report' },
    ]);
    expect(listingIssues('Mobile', 'Fair', { ...PHONE_OK, screen: { value: 'cracked' } }).issues).toEqual([]);
    const { issues } = listingIssues('Mobile', 'Fair', { ...PHONE_OK, batteryHealth: { value: '140' }, screen: { value: '' } });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['conditionReport.batteryHealth.value', 'conditionReport.screen.value']);
  });

  it('the form schema requires the report and applies the same rule', () => {
    const form = {
      name: 'iPhone 13',
      category: 'Mobile',
      price: '400',
      original_price: '800',
      location: 'Dhaka',
      number: '+880 1700 000000',
      condition: 'Excellent',
      used_year: '1',
      photos: ['11111111-1111-4111-8111-111111111111'],
      description: '',
    };
    expect(productFormSchema.safeParse(form).success).toBe(false);
    expect(productFormSchema.safeParse({ ...form, conditionReport: PHONE_OK }).success).toBe(true);
    const r = productFormSchema.safeParse({ ...form, conditionReport: { ...PHONE_OK, body: { value: 'C' } } });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['condition']);
  });
});

let t: TestApp;
let s: Client;
let other: Client;
beforeAll(async () => {
  t = await startTestApp();
  [s, other] = await Promise.all([seller(t), seller(t, 'other-seller')]);
});
afterAll(() => t?.close());

const addProduct = async (c: Client, overrides: Record<string, Json> = {}) =>
  addWithoutPhoto(c, { photos: [await fakeUpload(t, c)], category: 'Mobile', ...overrides });
const detail = async (id: string) =>
  expectStatus(await t.client().get<Detail>(`/api/product/${id}`), 200, 'GET /product/:id').body;

describe('on the server', () => {
  it('stores a report with the listing and shows it on the product page, numbers as numbers', async () => {
    const id = await addProduct(s, { condition: 'Excellent', conditionReport: PHONE_OK });
    const d = await detail(id);
    expect(d.conditionReport?.batteryHealth).toEqual({ value: 93 });
    expect(d.conditionReport?.accessories).toEqual({ value: 'Case and cable' });
  });

  it('a grade above what the report allows is a 400 naming condition, on add and on edit', async () => {
    const report = { ...PHONE_OK, screen: { value: 'deep_scratches' } };
    expectError(
      await s.post('/api/products', { ...(await body(s)), condition: 'Good', conditionReport: report }),
      400,
      'add too high',
      'condition',
    );
    const id = await addProduct(s, { condition: 'Fair', conditionReport: report });
    expectError(await s.request('PATCH', `/api/products/${id}`, { condition: 'Excellent' }), 400, 'raise', 'condition');
    // A better report allows a better grade again, sent together.
    const ok = await s.request<Detail>('PATCH', `/api/products/${id}`, { condition: 'Excellent', conditionReport: PHONE_OK });
    expect(expectStatus(ok, 200, 'better report').body.condition).toBe('Excellent');
    // And a report that lowers the suggestion below the stored grade is refused too.
    expectError(
      await s.request('PATCH', `/api/products/${id}`, { conditionReport: { ...PHONE_OK, body: { value: 'C' } } }),
      400,
      'report below grade',
      'condition',
    );
    expect((await detail(id)).condition).toBe('Excellent');
  });

  it('a missing answer is a 400 naming it', async () => {
    const { screen: _, ...noScreen } = PHONE_OK;
    expectError(
      await s.post('/api/products', { ...(await body(s)), condition: 'Fair', conditionReport: noScreen }),
      400,
      'missing',
      'conditionReport.screen.value',
    );
  });

  it('a flaw carries its own photo (the seller’s upload), shown beside it; another’s upload is refused; a removed flaw frees it', async () => {
    const id = await addProduct(s, { condition: 'Good', conditionReport: PHONE_OK });
    const photo = await fakeUpload(t, s);
    const report = { ...PHONE_OK, screen: { value: 'light_scratches', note: 'Top left corner', photo } };
    expectStatus(
      await s.request('PATCH', `/api/products/${id}`, { condition: 'Good', conditionReport: report }),
      200,
      'flaw photo',
    );
    const d = await detail(id);
    expect(d.conditionReport?.screen).toMatchObject({ value: 'light_scratches', note: 'Top left corner', photo });
    expect(d.conditionReport?.screen?.image?.url).toMatch(new RegExp(`^/media/p/${photo}/`));

    const theirs = await fakeUpload(t, other);
    expectError(
      await s.request('PATCH', `/api/products/${id}`, {
        conditionReport: { ...report, screen: { ...report.screen, photo: theirs } },
      }),
      400,
      'another seller’s photo',
      'photo',
    );
    expectStatus(await s.request('PATCH', `/api/products/${id}`, { conditionReport: PHONE_OK }), 200, 'flaw gone');
    const [row] = await t.database.db.select({ productId: upload.productId }).from(upload).where(eq(upload.id, photo));
    expect(row?.productId).toBeNull();
  });
});

describe('the demo shop', () => {
  it('fills a report for every demo listing that allows exactly its grade, and shows two price drops', async () => {
    await seedDemo(t.database.db, 'demo-password-1');
    const rows = await t.database.db
      .select({ category: product.category, condition: product.condition, report: product.conditionReport })
      .from(product)
      .innerJoin(user, eq(user.id, product.sellerId))
      .where(inArray(user.email, ['seller@shop.test', 'newseller@shop.test']));
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) expect(suggestGrade(r.report as ConditionReport), `${r.category} ${r.condition}`).toBe(r.condition);
    const dropped = (
      await t.client().get<{ priceBeforeDrop: number | null; price: number }[]>('/api/allproducts?limit=100')
    ).body.filter((p) => p.priceBeforeDrop !== null);
    expect(dropped.length).toBeGreaterThanOrEqual(2);
    for (const p of dropped) expect(p.priceBeforeDrop).toBeGreaterThan(p.price);
  });
});

async function body(c: Client): Promise<Record<string, Json>> {
  return {
    name: 'iPhone 13',
    category: 'Mobile',
    price: 400,
    original_price: 800,
    location: 'Dhaka',
    number: '+880 1700 000000',
    used_year: 1,
    photos: [await fakeUpload(t, c)],
    email: c.email,
  };
}
