/**
 * Who is calling is checked before what they sent: every operation the OpenAPI document marks as
 * needing a session answers 401 to a caller without one, whatever is wrong with the body, the query or
 * the path (malformed JSON, the wrong shape, a NUL character, a bad id), so a stranger learns nothing
 * of what a route takes. Public operations still read their input (400 for a bad one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';

type Op = { security?: unknown[]; requestBody?: unknown; parameters?: { in: string; name: string }[] };
type Doc = { paths: Record<string, Record<string, Op>> };

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.client().get<Doc>('/api/openapi.json')).body;
});
afterAll(() => t?.close());

/** Each path parameter a value no schema takes, each query parameter the wrong type and a NUL. */
function badUrl(path: string, op: Op): string {
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => `${encodeURIComponent(p.name)}=%00x`)
    .join('&');
  return `/api${path.replace(/\{[^}]+\}/g, 'not%20an%20id')}${query ? `?${query}` : ''}`;
}

/** Bodies no route takes. */
const BAD_BODIES: { what: string; body: string; type: string }[] = [
  { what: 'malformed JSON', body: '{"name": ', type: 'application/json' },
  { what: 'the wrong shape', body: JSON.stringify({ unexpected: [1, 2, 3], email: 42 }), type: 'application/json' },
  { what: 'a NUL character', body: JSON.stringify({ name: 'a\u0000b', text: 'a\u0000b' }), type: 'application/json' },
  { what: 'not JSON', body: 'name=x', type: 'application/x-www-form-urlencoded' },
];

function operations(pick: (op: Op) => boolean): [method: string, path: string, op: Op][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => pick(op))
      .map(([method, op]) => [method.toUpperCase(), path, op] as [string, string, Op]),
  );
}

describe('identity before input', () => {
  it('every operation that needs a session answers 401 to a bad request without one, never 400', async () => {
    const ops = operations((op) => !!op.security?.length);
    expect(ops.length).toBeGreaterThan(40);
    const anonymous = t.client();
    const wrong: string[] = [];
    for (const [method, path, op] of ops) {
      const url = badUrl(path, op);
      const tries =
        method === 'GET' || method === 'DELETE'
          ? [{ what: 'no body', body: undefined, type: undefined }, ...(method === 'GET' ? [] : BAD_BODIES)]
          : BAD_BODIES;
      for (const { what, body, type } of tries) {
        // The event stream would stay open on a 200: abort after the status line.
        const res = await anonymous.raw(method, url, { body, headers: type ? { 'content-type': type } : {} });
        await res.body?.cancel();
        if (res.status !== 401) wrong.push(`${method} ${path} with ${what}: ${res.status}`);
      }
      if (method === 'GET') {
        const head = await anonymous.raw('HEAD', url);
        if (head.status !== 401) wrong.push(`HEAD ${path}: ${head.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('public operations still check their input: a bad id is 400, not 401', async () => {
    const ops = operations((op) => Array.isArray(op.security) && op.security.length === 0);
    expect(ops.map(([m, p]) => `${m} ${p}`)).toEqual(
      expect.arrayContaining(['GET /allproducts', 'GET /product/{id}', 'POST /payments/simulated/confirm']),
    );
    const anonymous = t.client();
    expect((await anonymous.get('/api/product/not-an-id')).status).toBe(400);
    expect((await anonymous.get('/api/sellers/not-an-id')).status).toBe(400);
    expect((await anonymous.post('/api/payments/simulated/confirm', { clientSecret: 5 })).status).toBe(400);
  });
});
