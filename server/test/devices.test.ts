/**
 * Issue 28: the device catalogue, the forgiving search (typos, spacing, shorthand) over the
 * catalogue and over listings, facet counts, IMEI/serial checks with the stolen-device register,
 * the price guide from completed sales, and seller insights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid, serialProblem, type Device, type Facets, type PriceGuide, type Suggestions } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { admin, buyer, expectError, expectStatus, fakeUpload, productBody, seller } from './helpers/builders';
import { order, product } from '../src/db/schema';
import { percentile } from '../src/modules/devices/service';

let t: TestApp;
let anon: Client;
let s: Client;
let s2: Client;
let b: Client;
const dev: Record<string, Device> = {};

/** The first catalogue model whose name is `name`. */
async function device(name: string): Promise<Device> {
  const r = expectStatus(await anon.get<Device[]>(`/api/devices?q=${encodeURIComponent(name)}&limit=20`), 200, name);
  const d = r.body.find((x) => x.name === name);
  if (!d) throw new Error(`${name} is not in the catalogue: ${r.body.map((x) => x.name).join(', ')}`);
  return d;
}

/** A phone model an admin adds to the catalogue: one storage size, in red. */
const acmePhone = (model: string, storage: string) => ({
  category: 'Mobile',
  brand: 'Acme',
  model,
  releaseYear: 2025,
  storage: [storage],
  colours: ['Red'],
});

async function list(by: Client, overrides: Record<string, unknown>) {
  const photos = [await fakeUpload(t, by)];
  return by.post<{ insertedId: string }>('/api/products', productBody(by, { photos, ...(overrides as Record<string, string>) }));
}

async function listOk(by: Client, overrides: Record<string, unknown>) {
  return expectStatus(await list(by, overrides), 201, `list ${JSON.stringify(overrides)}`).body.insertedId;
}

beforeAll(async () => {
  t = await startTestApp();
  anon = t.client();
  [s, s2, b] = await Promise.all([seller(t, 'dev-seller'), seller(t, 'dev-seller2'), buyer(t, 'dev-buyer')]);
  for (const name of [
    'Apple iPhone 13 Pro',
    'Apple MacBook Air 13" M2',
    'Samsung Galaxy S23',
    'Apple MacBook Pro 14" M3',
    'Sony WH-1000XM4',
  ])
    dev[name] = await device(name);
}, 60_000);
afterAll(() => t?.close());

describe('the device catalogue', () => {
  it('ships a few hundred models across the six categories, each with variants and a release year', async () => {
    const rows = await t.database.query<{ category: string; n: number }>(
      undefined,
      'select category, count(*)::int as n from device group by category order by category',
    );
    expect(rows.map((r) => r.category)).toEqual(['Camera', 'Headphone', 'Laptop', 'Mobile', 'Watch', 'iPad']);
    expect(rows.reduce((a, r) => a + r.n, 0)).toBeGreaterThanOrEqual(300);
    const phone = dev['Apple iPhone 13 Pro']!;
    expect(phone).toMatchObject({ brand: 'Apple', model: 'iPhone 13 Pro', category: 'Mobile', releaseYear: 2021 });
    expect(phone.variants.map((v) => v.storage)).toEqual(['128 GB', '256 GB', '512 GB', '1 TB']);
    expect(phone.colours).toContain('Sierra Blue');
    expect(dev['Apple MacBook Air 13" M2']!.variants).toContainEqual(
      expect.objectContaining({ key: 's512gb-r16gb', storage: '512 GB', ram: '16 GB' }),
    );
  });

  // Typed queries and a model each must find among the first answers (GET /devices, the listing form's autocomplete).
  const TYPED: [string, string][] = [
    ['macbok air', 'MacBook Air 13" M2'],
    ['iphnoe 13', 'iPhone 13'],
    ['iphone13', 'iPhone 13'],
    ['iphone 13 pro', 'iPhone 13 Pro'],
    ['mbp', 'MacBook Pro 14" M3'],
    ['mba m2', 'MacBook Air 13" M2'],
    ['air pods pro', 'AirPods Pro'],
    ['samsng galaxy s23', 'Galaxy S23'],
    ['thinkapd x1', 'ThinkPad X1 Carbon Gen 9'],
    ['pixle 7', 'Pixel 7'],
    ['a7iii', 'Alpha a7 III'],
    ['xm4', 'WH-1000XM4'],
    ['galxy tab s9', 'Galaxy Tab S9'],
    ['aple watch ultra', 'Watch Ultra'],
  ];
  it.each(TYPED)('"%s" finds %s', async (q, model) => {
    const r = expectStatus(await anon.get<Device[]>(`/api/devices?q=${encodeURIComponent(q)}&limit=20`), 200, q);
    expect(r.body.map((d) => d.model)).toContain(model);
  });

  it('narrows to a category, and answers 400 naming the field for a bad one', async () => {
    const r = expectStatus(await anon.get<Device[]>('/api/devices?q=galaxy&category=Watch'), 200, 'watches');
    expect(r.body.length).toBeGreaterThan(0);
    expect(r.body.every((d) => d.category === 'Watch')).toBe(true);
    expectError(await anon.get('/api/devices?category=Toaster'), 400, 'bad category', 'category');
  });

  it('suggests as one types, and says how it read the query', async () => {
    const r = expectStatus(await anon.get<Suggestions>('/api/search/suggest?q=iphnoe%2013'), 200, 'suggest');
    expect(r.body.corrected).toBe('iphone 13');
    expect(r.body.suggestions.map((x) => x.text)).toContain('Apple iPhone 13');
  });

  it('admins add, change and retire models; others may not', async () => {
    const a = await admin(t);
    const body = acmePhone('Zphone 9', '128 GB');
    expectError(await s.post('/api/devices', body), 403, 'seller adds');
    const made = expectStatus(await a.post<Device>('/api/devices', body), 201, 'admin adds');
    expect(made.body.variants).toEqual([{ key: 's128gb', label: '128 GB', storage: '128 GB' }]);
    expectError(await a.post('/api/devices', body), 409, 'twice');
    // Its words join the vocabulary: a typo of the new name finds it.
    const found = expectStatus(await anon.get<Device[]>('/api/devices?q=zphnoe'), 200, 'typo of new model');
    expect(found.body.map((d) => d.id)).toContain(made.body.id);
    expectStatus(await a.put(`/api/devices/${made.body.id}`, { ...body, retired: true }), 200, 'retire');
    const after = expectStatus(await anon.get<Device[]>('/api/devices?q=zphone'), 200, 'retired hidden');
    expect(after.body.map((d) => d.id)).not.toContain(made.body.id);
    expectError(await a.post('/api/devices', { ...body, releaseYear: 1900 }), 400, 'bad year', 'releaseYear');
  });
});

describe('listings from the catalogue, search and facets', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const iphone = dev['Apple iPhone 13 Pro']!;
    const air = dev['Apple MacBook Air 13" M2']!;
    const s23 = dev['Samsung Galaxy S23']!;
    const mbp = dev['Apple MacBook Pro 14" M3']!;
    ids.iphone = await listOk(s, {
      name: 'Apple iPhone 13 Pro',
      category: 'Mobile',
      deviceId: iphone.id,
      variant: 's256gb',
      colour: 'Sierra Blue',
      serial: '356938035643809',
    });
    ids.air = await listOk(s, {
      name: 'Apple MacBook Air 13" M2',
      category: 'Laptop',
      deviceId: air.id,
      variant: 's512gb-r16gb',
    });
    ids.s23 = await listOk(s2, { name: 'Samsung Galaxy S23', category: 'Mobile', deviceId: s23.id, variant: 's128gb-r8gb' });
    ids.mbp = await listOk(s2, {
      name: 'Apple MacBook Pro 14" M3',
      category: 'Laptop',
      deviceId: mbp.id,
      variant: 's512gb-r8gb',
    });
    ids.free = await listOk(s2, { name: 'Handmade walnut headphone stand', category: 'Headphone' });
    // Not from the catalogue: found by its words beside the catalogue's listings of the same model.
    ids.freePhone = await listOk(s2, { name: 'Used iPhone 13 Pro Max, no box', category: 'Mobile' });
    // Words the catalogue does not know, one with digits: found by its own name as typed.
    ids.oddName = await listOk(s2, { name: 'Next step camera mwym7o4j', category: 'Camera' });
  });

  it('the product page shows the model, its variant and "serial checked"; never the number', async () => {
    const p = expectStatus(await anon.get<Record<string, unknown>>(`/api/product/${ids.iphone}`), 200, 'page');
    expect(p.body.device).toMatchObject({
      brand: 'Apple',
      model: 'iPhone 13 Pro',
      storage: '256 GB',
      colour: 'Sierra Blue',
      variantLabel: '256 GB',
    });
    expect(p.body.serialChecked).toBe(true);
    // Neither the number nor its last 4 (ids and photo URLs are random hex, so a bare substring check
    // of '3809' would fail by chance: look at the values and the field names instead).
    const values: [string, unknown][] = [];
    const walk = (v: unknown, key: string) => {
      if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
      else values.push([key, v]);
    };
    walk(p.body, '');
    expect(JSON.stringify(p.body)).not.toContain('356938035643809');
    expect(
      values.filter(
        ([k, v]) =>
          (String(v).endsWith('3809') && !/^[0-9a-f-]{36}$/.test(String(v))) || (/serial|imei/i.test(k) && k !== 'serialChecked'),
      ),
    ).toEqual([]);
    const free = expectStatus(await anon.get<Record<string, unknown>>(`/api/product/${ids.free}`), 200, 'free text');
    expect(free.body).toMatchObject({ device: null, serialChecked: false });
  });

  it('refuses a variant or colour of another model, naming the field', async () => {
    const iphone = dev['Apple iPhone 13 Pro']!;
    expectError(await list(s, { category: 'Mobile', deviceId: iphone.id, variant: 's64gb' }), 400, 'variant', 'variant');
    expectError(await list(s, { category: 'Mobile', deviceId: iphone.id, colour: 'Plaid' }), 400, 'colour', 'colour');
    expectError(await list(s, { category: 'Laptop', deviceId: iphone.id }), 400, 'category', 'category');
  });

  const SEARCHES: [string, string[]][] = [
    ['macbok air', ['Apple MacBook Air 13" M2']],
    ['iphnoe 13', ['Apple iPhone 13 Pro', 'Used iPhone 13 Pro Max, no box']],
    ['iphone13', ['Apple iPhone 13 Pro', 'Used iPhone 13 Pro Max, no box']],
    ['iphone 13 pro max', ['Used iPhone 13 Pro Max, no box']],
    ['air', ['Apple MacBook Air 13" M2']],
    ['mbp', ['Apple MacBook Pro 14" M3']],
    ['samsng s23', ['Samsung Galaxy S23']],
    ['walnut stand', ['Handmade walnut headphone stand']],
    ['headphones', ['Handmade walnut headphone stand']],
    ['Next step camera mwym7o4j', ['Next step camera mwym7o4j']],
    ['mwym7o4j', ['Next step camera mwym7o4j']],
  ];
  it.each(SEARCHES)('listing search "%s" finds %j', async (q, names) => {
    const r = expectStatus(await anon.get<{ name: string }[]>(`/api/allproducts?q=${encodeURIComponent(q)}`), 200, q);
    expect(r.body.map((p) => p.name).sort()).toEqual(names);
  });

  it('counts listings per brand, model, storage, RAM and colour, each facet under the other filters', async () => {
    const all = expectStatus(await anon.get<Facets>('/api/facets'), 200, 'facets').body;
    expect(all.exact).toBe(true);
    expect(all.facets.brand).toEqual(
      expect.arrayContaining([
        { value: 'Apple', label: 'Apple', count: 3 },
        { value: 'Samsung', label: 'Samsung', count: 1 },
      ]),
    );
    const laptops = expectStatus(await anon.get<Facets>('/api/facets?category=Laptop&brand=Apple'), 200, 'laptops').body;
    expect(laptops.facets.ram).toEqual([
      { value: '8 GB', label: '8 GB', count: 1 },
      { value: '16 GB', label: '16 GB', count: 1 },
    ]);
    // The brand facet ignores the brand filter itself: other brands still show their counts.
    const phones = expectStatus(await anon.get<Facets>('/api/facets?category=Mobile&brand=Apple'), 200, 'phones').body;
    expect(phones.facets.brand.map((x) => x.value).sort()).toEqual(['Apple', 'Samsung']);
    expect(phones.facets.model).toEqual([{ value: dev['Apple iPhone 13 Pro']!.id, label: 'Apple iPhone 13 Pro', count: 1 }]);
    // The same filters narrow the list.
    const listed = expectStatus(await anon.get<{ _id: string }[]>('/api/allproducts?storage=256%20GB'), 200, 'storage filter');
    expect(listed.body.map((p) => p._id)).toEqual([ids.iphone]);
    // Sold: the counts follow (triggers).
    await t.database.db.execute(sql`update product set status = 'sold' where id = ${ids.s23}`);
    const after = expectStatus(await anon.get<Facets>('/api/facets?category=Mobile'), 200, 'after sale').body;
    expect(after.facets.brand).toEqual([{ value: 'Apple', label: 'Apple', count: 1 }]);
  });
});

describe('IMEI and serial numbers', () => {
  it.each([
    ['490154203237518', true],
    ['356938035643809', true],
    ['352099001761481', true],
    ['490154203237519', false],
    ['356938035643808', false],
    ['000000000000001', false],
  ])('Luhn of %s is %s', (imei, ok) => {
    expect(luhnValid(imei)).toBe(ok);
    expect(serialProblem('imei', imei) === null).toBe(ok);
  });

  it.each([
    ['C02XK1JHJGH5', null],
    ['sn 4cb-09x-7712', null],
    ['AAAAAAAA', 'does not look like a real serial number'],
    ['12345678', 'does not look like a real serial number'],
    ['AB1', 'must be 6 to 20 letters and digits, as printed on the device'],
    ['12345', 'must be the 15-digit IMEI (dial *#06# to see it)'],
  ])('serial %s: %s', (serial, problem) => {
    expect(serialProblem(/^\d+$/.test(serial) && serial.length < 8 ? 'imei' : 'serial', serial)).toBe(problem);
  });

  it('a phone listing with a wrong IMEI is refused naming serial', async () => {
    expectError(await list(s, { category: 'Mobile', serial: '490154203237519' }), 400, 'bad luhn', 'serial');
    expectError(await list(s, { category: 'Mobile', serial: 'C02XK1JHJGH5' }), 400, 'serial for a phone', 'serial');
  });

  it('the same number in two live listings is flagged to moderators', async () => {
    await listOk(s, { category: 'Laptop', serial: 'C02XK1JHJGH5', name: 'MacBook one' });
    await listOk(s2, { category: 'Laptop', serial: 'c02xk1-jhjgh5', name: 'MacBook two' });
    const a = await admin(t);
    const flags = expectStatus(
      await a.get<{ kind: string; last4: string; productName: string }[]>('/api/stolen-devices/flags'),
      200,
      'flags',
    );
    expect(flags.body).toContainEqual(expect.objectContaining({ kind: 'duplicate', last4: 'JGH5', productName: 'MacBook two' }));
    expectError(await s.get('/api/stolen-devices/flags'), 403, 'seller reads flags');
  });

  it('a registered number is refused, the attempt goes to moderation, and a rejected report frees it', async () => {
    const imei = '490154203237518';
    expectError(await anon.post('/api/stolen-devices', { kind: 'imei', serial: imei, policeRef: 'DMP-2291' }), 401, 'anonymous');
    expectError(
      await b.post('/api/stolen-devices', { kind: 'imei', serial: '49015420323751', policeRef: 'DMP-2291' }),
      400,
      'short',
      'serial',
    );
    const rep = expectStatus(
      await b.post<{ id: string }>('/api/stolen-devices', { kind: 'imei', serial: imei, policeRef: 'DMP-2291' }),
      201,
      'report',
    );
    expectError(await b.post('/api/stolen-devices', { kind: 'imei', serial: imei, policeRef: 'X-1' }), 409, 'twice');
    const refused = expectError(
      await list(s, { category: 'Mobile', serial: '4901 5420 3237 518', name: 'Hot phone' }),
      409,
      'registered',
      'serial',
    );
    expect(refused.error).toBe('serial_registered');
    const a = await admin(t);
    const flags = expectStatus(
      await a.get<{ kind: string; detail: string; productId: string | null }[]>('/api/stolen-devices/flags'),
      200,
      'flags',
    );
    expect(flags.body).toContainEqual(
      expect.objectContaining({ kind: 'stolen', productId: null, detail: expect.stringContaining('Hot phone') }),
    );
    const reports = expectStatus(
      await a.get<{ id: string; serial: string; status: string }[]>('/api/stolen-devices?status=pending'),
      200,
      'register',
    );
    expect(reports.body).toContainEqual(expect.objectContaining({ id: rep.body.id, serial: imei }));
    expectError(await s.get('/api/stolen-devices'), 403, 'seller reads the register');
    expectStatus(await a.post(`/api/stolen-devices/${rep.body.id}/review`, { status: 'rejected' }), 200, 'reject');
    await listOk(s, { category: 'Mobile', serial: imei, name: 'Not stolen after all' });
  });
});

describe('price guide and insights', () => {
  let saleDay = 0;
  /** Completed sales of a model's variant and grade, straight into the database (hand-made prices, in dollars). */
  async function sales(deviceId: string, variant: string, grade: 'Excellent' | 'Good' | 'Fair', dollars: number[]) {
    for (const price of dollars) {
      const [p] = await t.database.db
        .insert(product)
        .values({
          sellerId: s.id,
          name: 'sold',
          category: 'Mobile',
          img: '',
          location: 'Dhaka',
          phone: '+8801700000000',
          condition: grade,
          priceCents: price * 100,
          originalPriceCents: 100_000,
          usedYears: 1,
          status: 'sold',
          deviceId,
          variant,
        })
        .returning({ id: product.id });
      await t.database.db.insert(order).values({
        buyerId: b.id,
        productId: p!.id,
        buyerName: 'B',
        phone: '+8801700000001',
        meetingLocation: 'Here',
        priceCents: price * 100,
        status: 'completed',
        paidAt: new Date(Date.UTC(2026, 0, 1 + saleDay++)),
      });
    }
  }

  it('gives median and quartiles of completed sales of the model, variant and grade; none below the minimum', async () => {
    const id = dev['Samsung Galaxy S23']!.id;
    await sales(id, 's256gb-r8gb', 'Good', [500, 300, 100, 400]);
    const url = `/api/price-guide?deviceId=${id}&variant=s256gb-r8gb&grade=Good`;
    expect(expectStatus(await anon.get<PriceGuide>(url), 200, 'four sales').body).toEqual({ sales: 0, soldSoFar: 4 });
    // A sale of another grade does not count.
    await sales(id, 's256gb-r8gb', 'Fair', [50]);
    expect(expectStatus(await anon.get<PriceGuide>(url), 200, 'other grade').body).toEqual({ sales: 0, soldSoFar: 4 });
    await sales(id, 's256gb-r8gb', 'Good', [200]);
    const g = expectStatus(await anon.get<PriceGuide>(url), 200, 'five sales').body;
    expect(g).toMatchObject({ medianCents: 30_000, lowCents: 20_000, highCents: 40_000, sales: 5 });
    if (!('history' in g)) throw new Error('no band');
    expect(g.history.map((h) => h.priceCents)).toEqual([50_000, 30_000, 10_000, 40_000, 20_000]);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(3); // rounds 2.5 up
    expectError(await anon.get('/api/price-guide?deviceId=nope'), 400, 'bad id', 'deviceId');

    // A listing well below the band says "Good price" on its card.
    const cheap = await listOk(s2, {
      name: 'Galaxy S23 bargain',
      category: 'Mobile',
      deviceId: id,
      variant: 's256gb-r8gb',
      condition: 'Good',
      price: 150,
    });
    const fair = await listOk(s2, {
      name: 'Galaxy S23 fair',
      category: 'Mobile',
      deviceId: id,
      variant: 's256gb-r8gb',
      condition: 'Good',
      price: 320,
    });
    const cards = expectStatus(
      await anon.get<{ _id: string; goodPrice: boolean }[]>('/api/allproducts?q=galaxy%20s23'),
      200,
      'cards',
    ).body;
    expect(cards.find((c) => c._id === cheap)?.goodPrice).toBe(true);
    expect(cards.find((c) => c._id === fair)?.goodPrice).toBe(false);

    // Its seller's insights: views by others, and where the price sits in the band.
    await anon.get(`/api/product/${fair}`);
    await b.get(`/api/product/${fair}`);
    await s2.get(`/api/product/${fair}`);
    const ins = expectStatus(await s2.get<Record<string, unknown>>(`/api/products/${fair}/insights`), 200, 'insights').body;
    expect(ins).toMatchObject({ views: 2, saves: 0, offers: 0, messages: 0, price: { priceCents: 32_000, position: 'within' } });
    expectError(await s.get(`/api/products/${fair}/insights`), 403, "another seller's insights");
  });
});

// Last: its listing would change the counts the tests above expect.
describe('search after a catalogue edit', () => {
  it('a model an admin adds finds its listings at once, though a search for it was answered before', async () => {
    const q = '/api/allproducts?q=quuxphone';
    expect(expectStatus(await anon.get<{ _id: string }[]>(q), 200, 'before the model').body).toEqual([]);
    const a = await admin(t);
    const body = acmePhone('Quuxphone 2', '64 GB');
    const made = expectStatus(await a.post<Device>('/api/devices', body), 201, 'admin adds');
    // Named without the model's words: found only as a listing of the model the search names.
    const id = await listOk(s2, { name: 'Blue handset, like new', category: 'Mobile', deviceId: made.body.id, variant: 's64gb' });
    expect(expectStatus(await anon.get<{ _id: string }[]>(q), 200, 'after').body.map((p) => p._id)).toEqual([id]);
  });
});
