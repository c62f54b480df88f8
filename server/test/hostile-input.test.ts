import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/lib/paging';
import { appPerTest } from './helpers/app';

/**
 * Input built to hurt, answered 4xx naming the problem and never 500 or stored: JSON nested 30,000 deep,
 * keyset cursors outside the integer range, and script URLs or 60 KB strings as profile pictures.
 */

const app = appPerTest();

const PASSWORD = 'pass-word-123';

describe('deep JSON and out-of-range cursors are 4xx naming the problem, never 500', () => {
  const deepArray = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
  const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

  it('30,000-deep JSON to /api/auth and to our own routes', async () => {
    const a = await app();
    const buyer = await a.client().signUp('deep1@test.shop');
    const targets: [string, string][] = [
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/orders'],
      ['POST', '/api/users'],
      ['PUT', '/api/users/verify/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, p] of targets)
      for (const body of [deepArray, deepObject]) {
        const r = await buyer.request<{ error: string; message: string }>(method, p, body);
        expect(r.status, `${method} ${p}`).toBe(400);
        expect(r.body).toEqual({
          error: 'body_too_deep',
          message: 'The request body nests arrays or objects more than 32 levels deep.',
          requestId: expect.any(String),
        });
      }
    // Ordinary bodies still work.
    expect((await buyer.post('/api/auth/update-user', { name: 'Still Fine' })).status).toBe(200);
  });

  it('a price cursor outside the integer range', async () => {
    const a = await app();
    const c = a.client();
    for (const k of [2147483648, -2147483649, 2 ** 53 - 1]) {
      const cursor = encodeCursor({ k, id: '00000000-0000-4000-8000-000000000000' });
      for (const p of [
        `/api/allproducts?sort=price_asc&cursor=${cursor}`,
        `/api/products/Laptop?sort=price_desc&cursor=${cursor}`,
      ]) {
        const r = await c.get<{ error: string; field: string }>(p);
        expect(r.status, `${p} (${k})`).toBe(400);
        expect(r.body).toMatchObject({ error: 'validation_error', field: 'cursor' });
      }
    }
    const fine = encodeCursor({ k: 2147483647, id: '00000000-0000-4000-8000-000000000000' });
    expect((await c.get(`/api/allproducts?sort=price_desc&cursor=${fine}`)).status).toBe(200);
  });
});

describe('user.image is a picture URL like a product image, or refused', () => {
  it('javascript: URLs and 60 KB strings are refused at sign-up and update-user; https and site paths pass', async () => {
    const a = await app();
    const signUp = (email: string, image: string) =>
      a
        .client()
        .post<{ code?: string; message?: string }>('/api/auth/sign-up/email', { name: 'Pic', email, password: PASSWORD, image });
    for (const [i, bad] of [
      'javascript:alert(document.cookie)',
      `https://img.example/${'a'.repeat(60_000)}`,
      'data:text/html,x',
    ].entries()) {
      const r = await signUp(`pic-bad${i}@test.shop`, bad);
      expect(r.status, bad.slice(0, 40)).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_IMAGE' });
      expect(r.body.message).toMatch(/^image must be/);
    }
    expect((await signUp('pic-ok@test.shop', 'https://img.example/me.png')).status).toBe(200);

    const c = await a.client().signUp('pic-upd@test.shop');
    for (const bad of [' javascript:alert(1)', `https://img.example/${'b'.repeat(60_000)}`]) {
      const r = await c.post<{ code?: string }>('/api/auth/update-user', { image: bad });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_IMAGE' });
    }
    expect((await c.post('/api/auth/update-user', { image: '/images/avatars/me.png' })).status).toBe(200);
    const me = await c.get<{ user: { image: string | null } }>('/api/auth/get-session');
    expect(me.body.user.image).toBe('/images/avatars/me.png');
    expect((await c.post('/api/auth/update-user', { image: null })).status).toBe(200);
  });
});
