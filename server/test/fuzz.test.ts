/**
 * The API fuzzed from its own OpenAPI document (test/fuzz/openapi-fuzz.ts), a few hundred requests
 * as every role, valid and broken: no 5xx, every answer matches the schema published for its status
 * (an unpublished status is a break), and the database's invariants hold after. `npm run fuzz` runs
 * the same at any size (10,000 before a release). FUZZ_SEED picks another sequence of requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { buyer, expectError } from './helpers/builders';
import { pgliteTemplateBlob, testDbKind } from './helpers/db';
import { brokenInvariants } from './fuzz/invariants';
import { fuzzApi } from './fuzz/openapi-fuzz';
import { startFuzzShop, type FuzzShop } from './fuzz/shop';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

describe.runIf(testDbKind === 'pglite')('fuzzing the API from its OpenAPI document', () => {
  let shop: FuzzShop;
  beforeAll(async () => {
    shop = await startFuzzShop({ template: pgliteTemplateBlob() });
  });
  afterAll(() => shop?.close());

  it(`${RUNS} generated requests: no 5xx, no answer off its published schema, invariants kept`, {
    timeout: 120_000,
  }, async () => {
    const report = await fuzzApi({ baseUrl: shop.baseUrl, clients: shop.clients, ids: shop.ids, runs: RUNS, seed: SEED });
    expect(report.runs).toBe(RUNS);
    // Most operations are reached in a run this size (59 of them when this was written).
    expect(Object.keys(report.perRoute).length).toBeGreaterThan(report.operations * 0.8);
    expect(
      report.findings.map((f) => `[${f.kind}] ${f.route} -> ${f.status}: ${f.request} => ${f.answer} ${f.detail ?? ''}`),
    ).toEqual([]);
    expect(await brokenInvariants(shop.database)).toEqual([]);
  });

  it('the document lists the answers every route of its kind can give: 429, and 413/415 where a body is read', async () => {
    type Ops = Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    const doc = (await shop.clients.anonymous.get<{ paths: Ops }>('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/orders']!.post!.responses)).toEqual(expect.arrayContaining(['413', '415', '429']));
    expect(Object.keys(doc.paths['/allproducts']!.get!.responses)).toContain('429');
    expect(Object.keys(doc.paths['/allproducts']!.get!.responses)).not.toContain('413');
    expect(Object.keys(doc.paths['/health']!.get!.responses)).not.toContain('429');
    // A body past the limit (64 KB): the answer the fuzzer found undocumented.
    const r = await shop.clients.buyer.post('/api/orders', { buyerName: 'x'.repeat(100_000) });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('what the fuzzer found', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  // Half a surrogate pair ("\ud800" in JSON) was a 500 on PostgreSQL where it reached a jsonb column
  // (a saved search's query); a text column would have stored U+FFFD instead. Now a 400 naming the field.
  it('a lone surrogate anywhere in the input is a 400 naming the field, not a 500', async () => {
    const b = await buyer(t);
    const saved = await b.post('/api/saved-searches', { query: { q: '\ud800', category: 'Mobile' } });
    expectError(saved, 400, 'POST /saved-searches with a lone surrogate', 'query.q');
    const booked = await b.post('/api/orders', {
      productId: '00000000-0000-0000-0000-000000000000',
      buyerName: 'Bea \udc00',
      phone: '+880 1800 000000',
      meettingLocation: 'Gulshan 1',
    });
    expectError(booked, 400, 'POST /orders with a lone surrogate', 'buyerName');
    // A whole pair (an emoji) is text like any other.
    const emoji = await b.post('/api/saved-searches', { query: { q: 'mac 😀' } });
    expect(emoji.status, JSON.stringify(emoji.body)).toBeLessThan(300);
  });
});
